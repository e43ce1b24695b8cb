import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource } from './helpers/pluginRoot.js';
import { cliPath, startServe } from './helpers/serve.js';

// The config mistakes the real CLI refuses (issues 43 and 45): `serve` exits 2 before it serves anything,
// `check --config` fails with every problem at once, and a reload keeps the running config.
const root = makePluginRoot();
afterAll(() => root.cleanup());
root.addPackage('ovos-shell-tools', toolboxEntry('ovos-shell-tools'), { 'index.js': toolboxSource('ovos-shell-tools', { run_command: '() => ({ result: "ran" })' }) });
const clock = root.addPackage('ovos-clock-tools', toolboxEntry('ovos-clock-tools'), { 'index.js': toolboxSource('ovos-clock-tools', { now: '() => ({ result: 1 })' }) });

const cli = (...args: string[]) =>
  spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, OVOS_TOOLS_LOG_LEVEL: 'warn' } });
const configFile = (name: string, text: string) => {
  const file = path.join(root.dir, name);
  writeFileSync(file, text);
  return file;
};
// a bus URL nobody listens on: serve must refuse the config before it looks for a bus
const serve = (config: string) => cli('serve', '--config', config, '--plugins', root.dir, '--embedded-bus', 'never', '--bus-url', 'ws://127.0.0.1:9/core');

describe('hostile config files are refused with exit 2 (issue 45)', () => {
  const proto = configFile('proto.json', '{"__proto__": {"ovos-shell-tools": {"allow_shell": true}}, "default_timeout_ms": 1000}');
  const nestedProto = configFile('nested-proto.json', '{"ovos-clock-tools": {"a": {"constructor": {"prototype": 1}}}}');
  const deep = configFile('deep.json', `{"ovos-clock-tools": ${'{"a": '.repeat(20_000)}1${'}'.repeat(20_000)}}`);

  test('a top-level __proto__: serve and check --config refuse it, naming the key', () => {
    for (const r of [serve(proto), cli('check', clock, '--config', proto)]) {
      expect(r.stderr).toContain(`ovos-tools: provider config '__proto__': the key "__proto__" is refused at any level`);
      expect(r.stderr).toContain(proto);
      expect(r.stderr).not.toContain('provider serving');
      expect(r.status).toBe(2);
    }
  });

  test('a nested constructor key is refused too, by its path', () => {
    const r = serve(nestedProto);
    expect(r.stderr).toContain(`provider config 'ovos-clock-tools.a.constructor': the key "constructor" is refused`);
    expect(r.status).toBe(2);
  });

  test('a config nested 20000 deep is refused naming the depth limit, not a stack overflow', () => {
    for (const r of [serve(deep), cli('check', clock, '--config', deep)]) {
      expect(r.stderr).toContain('nests deeper than 32 levels (the config depth limit)');
      expect(r.stderr).not.toContain('RangeError');
      expect(r.status).toBe(2);
    }
  });
});

describe('mistakes that say what to type (issue 43)', () => {
  test('a disabled_toolboxes entry that misspells an installed toolbox is refused, naming it', () => {
    const typo = configFile('typo.json', JSON.stringify({ disabled_toolboxes: ['ovos-shel-tools'] }));
    for (const r of [serve(typo), cli('check', clock, '--config', typo)]) {
      expect(r.stderr).toContain(`provider config 'disabled_toolboxes[0]': names "ovos-shel-tools", which nothing installed has; refused, as it is within two edits of the installed "ovos-shell-tools": write "ovos-shell-tools"`);
      expect(r.status).toBe(2);
    }
  });

  test('an agent rule naming a misspelt toolbox is refused; a name far from every toolbox is not', () => {
    const agent = (tools: string[]) => JSON.stringify({ agents: { ops: { credential: { sha256: 'a'.repeat(64) }, tools } } });
    const r = serve(configFile('agent-typo.json', agent(['toolbox:ovos-clok-tools', 'ovos-shell-tool', 'get_time'])));
    expect(r.stderr).toContain(`provider config 'agents.ops.tools[0]': names "ovos-clok-tools"`);
    expect(r.stderr).toContain('write "toolbox:ovos-clock-tools"');
    expect(r.stderr).toContain(`provider config 'agents.ops.tools[1]': names "ovos-shell-tool"`);
    expect(r.stderr).toContain('ovos-tools: the config has 2 problems; nothing was started');
    expect(r.status).toBe(2);
    expect(cli('check', clock, '--config', configFile('agent-ok.json', agent(['toolbox:ovos-clock-tools', 'get_time', 'toolbox:ovos-*']))).status).toBe(0);
  });

  test('log_level in the file is refused, naming --log-level and OVOS_TOOLS_LOG_LEVEL', () => {
    const r = serve(configFile('log-level.json', JSON.stringify({ log_level: 'debug' })));
    expect(r.stderr).toContain(`provider config 'log_level': is not a config key: set the log level with --log-level <debug|info|warn|error|silent> or set OVOS_TOOLS_LOG_LEVEL=<level>`);
    expect(r.status).toBe(2);
  });

  test('four misspelt agent keys are four problems, each once', () => {
    const agents = { ops: { credental: { sha256: 'a'.repeat(64) }, tool: ['*'], rate_per_minut: 3, hivemnd: { client: '7::kitchen' } } };
    const r = serve(configFile('agent-keys.json', JSON.stringify({ agents })));
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual([
      "ovos-tools: provider config 'agents.ops.credental': unknown key; did you mean 'agents.ops.credential'?",
      "ovos-tools: provider config 'agents.ops.tool': unknown key; did you mean 'agents.ops.tools'?",
      "ovos-tools: provider config 'agents.ops.rate_per_minut': unknown key; did you mean 'agents.ops.rate_per_minute'?",
      "ovos-tools: provider config 'agents.ops.hivemnd': unknown key; did you mean 'agents.ops.hivemind'?",
      'ovos-tools: the config has 4 problems; nothing was started',
    ]);
    expect(r.status).toBe(2);
  });

  test('check --config shows every problem of the provider keys at once', () => {
    const bad = configFile('bad.json', JSON.stringify({ default_timeout_ms: -1, isolation: 'vm', result_store: { maxBytes: 1 }, 'ovos-clock-tools': {} }));
    const r = cli('check', clock, '--config', bad);
    expect(r.stderr).toContain("provider config 'default_timeout_ms': must be > 0, received -1");
    expect(r.stderr).toContain(`provider config 'isolation': must be "inline", "worker" or "process", received "vm"`);
    expect(r.stderr).toContain("provider config 'result_store.maxBytes': unknown key; did you mean 'result_store.max_bytes'?");
    expect(r.stderr).toContain('the config has 3 problems');
    expect(r.status).toBe(2);
  });
});

test('a reload refuses a config that misspells a disabled toolbox and keeps the running one (the shell toolbox stays off)', async () => {
  const config = configFile('live.json', JSON.stringify({ disabled_toolboxes: ['ovos-shell-tools'] }));
  const running = await startServe(['--plugins', root.dir, '--config', config, '--embedded-bus', 'always']);
  try {
    writeFileSync(config, JSON.stringify({ disabled_toolboxes: ['ovos-shel-tools'] }));
    const r = cli('reload', '--bus-url', running.url);
    expect(r.stdout).toContain('config not reloaded, the running config is kept');
    expect(r.stdout).toContain('within two edits of the installed "ovos-shell-tools"');
    expect(r.stdout).not.toContain('ovos-shell-tools,');
    expect(r.stdout).not.toMatch(/loaded .*ovos-shell-tools/);
    expect(r.status).toBe(4);
    const tools = cli('list', '--bus-url', running.url, '--json');
    expect(tools.stdout).toContain('now');
    expect(tools.stdout).not.toContain('run_command');
  } finally {
    await running.stop();
  }
});
