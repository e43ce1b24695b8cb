import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource } from './helpers/pluginRoot.js';
import { cliPath, startServe } from './helpers/serve.js';

// `ovos-tools check <dir>` and the exit code of `ovos-tools reload`: both exit 4 when a toolbox failed.
const root = makePluginRoot();
afterAll(() => root.cleanup());
const cli = (...args: string[]) => spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', timeout: 30_000 });

const good = root.addPackage('good-tools', toolboxEntry('good_tools'), { 'index.js': toolboxSource('good_tools', { hello: '() => ({ result: 1 })' }) });
const misnamed = root.addPackage('misnamed-tools', toolboxEntry('misnamed'), { 'index.js': toolboxSource('misnamed_tools', { hi: '() => ({ result: 1 })' }) });

test('check passes a good package with exit 0 and lists its tools', () => {
  const r = cli('check', good);
  expect(r.stderr).toBe('');
  expect(r.stdout).toContain('  ok   good_tools (./index.js#Toolbox) — 1 tool(s): hello\n');
  expect(r.stdout).toMatch(/check passed\n$/);
  expect(r.status).toBe(0);
});

test('check fails with exit 4 and says how to fix an entry point that differs from toolboxId', () => {
  const r = cli('check', misnamed);
  expect(r.stdout).toContain('  FAIL misnamed (./index.js#Toolbox)');
  expect(r.stdout).toContain('problem: entry point "misnamed" names a class whose toolboxId is "misnamed_tools"; make them equal');
  expect(r.stdout).toMatch(/check failed: 1 problem\(s\)\n$/);
  expect(r.status).toBe(4);
  const json = JSON.parse(cli('check', misnamed, '--json').stdout);
  expect(json).toMatchObject({ ok: false, toolboxes: [{ entryPointName: 'misnamed', toolboxId: 'misnamed_tools' }] });
  const missing = cli('check', path.join(root.dir, 'nowhere'));
  expect(missing.status).toBe(4);
  expect(missing.stdout).toContain('has no package.json');
});

test('check shows every problem at once: each bad field of each tool, and the entry-point name (issue 43)', () => {
  const bad = root.addPackage('many-bad-tools', toolboxEntry('many_bad'), {
    'index.js': `import { ToolBox, Type } from '@ovos-tools/core';
const ok = { description: 'd', argumentSchema: Type.Object({}), outputSchema: Type.Object({}), toolCall: () => ({}) };
export class Toolbox extends ToolBox {
  static toolboxId = 'many_bad_tools';
  discoverTools() { return [{ ...ok, name: 'Bad Name' }, { ...ok, name: 'fine' }, { ...ok, name: 'no_call', toolCall: 5, description: 7 }]; }
}
`,
  });
  const r = cli('check', bad);
  expect(r.stdout).toContain('problem: entry point "many_bad" names a class whose toolboxId is "many_bad_tools"');
  expect(r.stdout).toContain('problem: discoverTools()[0].name: "Bad Name" does not match');
  expect(r.stdout).toContain('problem: discoverTools()[2].description: expected string, received number');
  expect(r.stdout).toContain('problem: discoverTools()[2].toolCall: expected function, received number');
  expect(r.stdout).toMatch(/check failed: 4 problem\(s\)\n$/);
  expect(r.status).toBe(4);
  root.removePackage('many-bad-tools');
});

test('check validates locale/<lang>/<tool>.intent utterances: a tool of the package, a language code, not empty (issue 39)', () => {
  const spoken = root.addPackage('spoken-tools', toolboxEntry('spoken_tools'), {
    'index.js': toolboxSource('spoken_tools', { hello: '() => ({ result: 1 })' }),
    'locale/en/hello.intent': 'say (hello|hi) [to {name}]\n',
    'locale/pt-pt/hello.intent': 'diz olá\n',
  });
  const ok = cli('check', spoken);
  expect(ok.stdout).toMatch(/check passed\n$/);
  expect(ok.status).toBe(0);
  const bad = root.addPackage('bad-locale-tools', toolboxEntry('bad_locale_tools'), {
    'index.js': toolboxSource('bad_locale_tools', { hello: '() => ({ result: 1 })' }),
    'locale/en/helo.intent': 'say hello\n',
    'locale/en/hello.intent': '\n# nothing yet\n',
    'locale/english/hello.intent': 'say hello\n',
  });
  const r = cli('check', bad);
  expect(r.stdout).toContain('problem: locale/en/hello.intent: is empty; write one example request per line');
  expect(r.stdout).toContain('problem: locale/english: "english" is not a language code; name the folder with a BCP 47 language tag such as en, pt-pt or de-de');
  expect(r.stdout).toContain('problem: locale/en/helo.intent: no tool named "helo" in this package (its tools: hello); name the file <tool_name>.intent');
  expect(r.stdout).toMatch(/check failed: 3 problem\(s\)\n$/);
  expect(r.status).toBe(4);
  root.removePackage('bad-locale-tools');
  root.removePackage('spoken-tools');
});

test('check refuses what the provider refuses in locale/: links out, FIFOs (without hanging), pathological lines (issue 42)', () => {
  const dir = root.addPackage('hostile-locale-tools', toolboxEntry('hostile_locale_tools'), {
    'index.js': toolboxSource('hostile_locale_tools', { hello: '() => ({ result: 1 })' }),
    'locale/en/hello.intent': `say hello\n${'('.repeat(24_000)}\nsay (hi|hey\n`,
  });
  symlinkSync('/proc/self/environ', path.join(dir, 'locale/en/environ.intent'));
  mkdirSync(path.join(dir, 'locale/de'));
  execFileSync('mkfifo', [path.join(dir, 'locale/de/hello.intent')]);
  const r = cli('check', dir);
  expect(r.error).toBeUndefined(); // no timeout: the FIFO was never waited on
  expect(r.stdout).toContain('problem: locale/de/hello.intent: is a FIFO (named pipe), not a regular file; make it a text file of example requests');
  expect(r.stdout).toContain('problem: locale/en/environ.intent: is a symbolic link to a file outside the package; ship the file itself inside the package');
  expect(r.stdout).toContain('problem: locale/en/hello.intent:2: is 24000 characters long, more than 500; write one short example request per line');
  expect(r.stdout).toContain("problem: locale/en/hello.intent:3: the '(' at column 5 is never closed; close it with ')' or remove it");
  expect(r.stdout).not.toMatch(/PATH=|HOME=/);
  expect(r.stdout).toMatch(/check failed: 4 problem\(s\)\n$/);
  expect(r.status).toBe(4);
  root.removePackage('hostile-locale-tools');
});

test('reload exits 4 while a toolbox fails to load, 0 once it is fixed', async () => {
  root.removePackage('misnamed-tools');
  root.addPackage('broken-tools', toolboxEntry('broken_tools'), { 'index.js': "throw new Error('boom at import');\n" });
  const serve = await startServe(['--plugins', root.dir, '--embedded-bus', 'always']);
  try {
    const failed = cli('reload', '--bus-url', serve.url);
    expect(failed.stdout).toContain('loaded 1 toolbox(es), 1 tool(s): good_tools');
    expect(failed.stdout).toContain('boom at import');
    expect(failed.status).toBe(4);
    root.removePackage('broken-tools');
    const fixed = cli('reload', '--bus-url', serve.url);
    expect(fixed.stdout).not.toContain('problem:');
    expect(fixed.status).toBe(0);
  } finally {
    await serve.stop();
  }
});

describe('a toolbox that declares its configSchema', () => {
  const own = makePluginRoot();
  afterAll(() => own.cleanup());
  const source = toolboxSource('cfg_tools', { hello: '() => ({ result: 1 })' }).replace(
    '  static toolboxId = "cfg_tools";',
    '  static toolboxId = "cfg_tools";\n  static configSchema = Type.Object({ timeout_ms: Type.Number({ exclusiveMinimum: 0, default: 5 }), units: Type.Optional(Type.Object({ metric: Type.Boolean() })) });',
  );
  const cfgPackage = own.addPackage('cfg-tools', toolboxEntry('cfg_tools'), { 'index.js': source });
  const config = path.join(own.dir, 'config.json');
  writeFileSync(config, JSON.stringify({ cfg_tools: { timeout_msec: 5, timeout_ms: -1, units: { metrik: true } }, default_timeout_ms: 1000 }));

  test('check --config checks its section against it: each unknown key with the nearest known one, each bad value (exit 4)', () => {
    const r = cli('check', cfgPackage, '--config', config);
    expect(r.stdout).toContain("problem: config 'timeout_msec': unknown key; did you mean 'timeout_ms'?");
    expect(r.stdout).toContain("problem: config 'units.metrik': unknown key; did you mean 'units.metric'?");
    expect(r.stdout).toContain("problem: config 'timeout_ms': must be > 0, received -1");
    expect(r.status).toBe(4);
    expect(cli('check', cfgPackage).status).toBe(0);
  });

  test('serve warns of the unknown keys of its section at every load', async () => {
    const serve = await startServe(['--plugins', own.dir, '--config', config, '--embedded-bus', 'always']);
    try {
      expect(serve.output()).toContain("cfg_tools config 'timeout_msec': unknown key; did you mean 'timeout_ms'?");
      expect(serve.output()).toContain("cfg_tools config 'units.metrik': unknown key; did you mean 'units.metric'?");
    } finally {
      await serve.stop();
    }
  });
});
