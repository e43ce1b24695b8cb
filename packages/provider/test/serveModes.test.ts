import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { silentLogger } from '@ovos-tools/core';
import { MessageBusServer } from '@ovos-tools/messagebus';
import { afterEach, describe, expect, test } from 'vitest';
import { startFakeProvider } from './helpers/fakeProvider.js';
import { addGoldenToolboxes, makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';
import { cliPath, freePort, RawOvosClient, startServe } from './helpers/serve.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const root = (): PluginRoot => {
  const r = makePluginRoot();
  cleanups.push(() => r.cleanup());
  addGoldenToolboxes(r);
  return r;
};

describe('ovos-tools serve --embedded-bus', () => {
  test('auto joins a messagebus that already answers instead of starting its own', async () => {
    const port = await freePort();
    const bus = new MessageBusServer({ port, logger: silentLogger });
    await bus.start();
    cleanups.push(() => bus.close());
    const serve = await startServe(['--plugins', root().dir], {}, { url: bus.url });
    cleanups.push(() => serve.stop());
    expect(serve.output()).toContain(`on ${bus.url}\n`);
    expect(serve.output()).not.toContain('embedded messagebus');
    const client = await RawOvosClient.connect(bus.url);
    cleanups.push(() => client.close());
    expect((await client.request('ovos.tools.invoke', { name: 'add', args: { a: 1, b: 2 } })).data.result).toEqual({ result: 3 });
    expect(bus.connectionCount).toBe(2);
  });

  test('auto starts an embedded messagebus when none answers', async () => {
    const serve = await startServe(['--plugins', root().dir, '--embedded-bus', 'auto']);
    cleanups.push(() => serve.stop());
    expect(serve.output()).toContain('(embedded messagebus)');
  });

  test('bad usage and bad config exit 2 with a message', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ovos-serve-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const mode = spawnSync(process.execPath, [cliPath, 'serve', '--embedded-bus', 'sometimes'], { encoding: 'utf8', timeout: 20_000 });
    expect(mode.status).toBe(2);
    expect(mode.stderr).toContain('--embedded-bus must be auto, always or never, got "sometimes"');
    const cfg = path.join(dir, 'bad.json');
    writeFileSync(cfg, JSON.stringify({ max_concurrency: 0 }));
    const bad = spawnSync(process.execPath, [cliPath, 'serve', '--config', cfg], { encoding: 'utf8', timeout: 20_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("ovos-tools: provider config 'max_concurrency': must be >= 1, received 0");
    writeFileSync(cfg, JSON.stringify({ defualt_timeout_ms: 100, result_store: { maxBytes: 4096 } }));
    const misspelt = spawnSync(process.execPath, [cliPath, 'serve', '--config', cfg], { encoding: 'utf8', timeout: 20_000 });
    expect(misspelt.status).toBe(2);
    expect(misspelt.stderr).toBe(
      "ovos-tools: provider config 'defualt_timeout_ms': unknown key; did you mean 'default_timeout_ms'?\n" +
        "ovos-tools: provider config 'result_store.maxBytes': unknown key; did you mean 'result_store.max_bytes'?\n" +
        'ovos-tools: the config has 2 problems; nothing was started\n',
    );
  });

  test('log levels: one list, any case; --log-level DEBUG prints debug lines; verbose and warning are refused with the level meant', async () => {
    const verbose = spawnSync(process.execPath, [cliPath, 'serve', '--log-level', 'verbose'], { encoding: 'utf8', timeout: 20_000 });
    expect(verbose.status).toBe(2);
    expect(verbose.stderr).toContain('ovos-tools: --log-level: unknown log level "verbose" (expected debug, info, warn, error or silent; did you mean "debug"?)');
    const warning = spawnSync(process.execPath, [cliPath, 'mcp'], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, OVOS_TOOLS_LOG_LEVEL: 'warning' } });
    expect(warning.status).toBe(2);
    expect(warning.stderr).toContain('ovos-tools: OVOS_TOOLS_LOG_LEVEL: unknown log level "warning" (expected debug, info, warn, error or silent; did you mean "warn"?)');
    const serve = await startServe(['--plugins', root().dir, '--log-level', 'DEBUG']);
    cleanups.push(() => serve.stop());
    expect(serve.output()).toMatch(/ DEBUG \[/);
  });
});

describe('duplicate toolbox ids', () => {
  test('two entry points with one toolbox id: the second claim is refused and reported; the first answers the per-toolbox topic', async () => {
    const r = makePluginRoot();
    cleanups.push(() => r.cleanup());
    r.addPackage('a-twin', toolboxEntry('twin-a'), { 'index.js': toolboxSource('twin', { from_a: '() => ({ result: "a" })' }) });
    r.addPackage('b-twin', toolboxEntry('twin-b'), { 'index.js': toolboxSource('twin', { from_b: '() => ({ result: "b" })' }) });
    const { provider, ask, count, report } = await startFakeProvider([r.dir]);
    cleanups.push(() => provider.close());
    expect(report.loaded).toEqual(['twin-a']);
    expect(report.problems).toEqual([expect.objectContaining({ entryPoint: 'twin-b', error: expect.stringContaining("toolbox id 'twin' is already served by twin-a (a-twin)") })]);
    const replies = count('ovos.persona.tools.twin.call.response');
    expect(await ask('ovos.persona.tools.twin.call', { name: 'from_a', kwargs: {} })).toEqual({ result: { result: 'a' }, toolbox_id: 'twin' });
    expect(replies).toHaveLength(1);
    expect(await ask('ovos.tools.invoke', { name: 'from_b', args: {} })).toMatchObject({ code: 'unknown_tool' });
  });
});
