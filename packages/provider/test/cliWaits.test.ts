import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';
import { cliPath, startServe, type ServeProcess } from './helpers/serve.js';

// The ovos-tools CLI against a running provider: its invoke waits as long as the tool may run (the tool's time
// limit from ovos.tools.get, plus a margin), so a tool slower than the old fixed 10 s wait is answered instead of
// reading as "is ovos-tools serve running?" (exit 3); list prints the load problems and shadowed tools.
let root: PluginRoot;
let work: string;
let serve: ServeProcess;

/** Runs the CLI against the provider; resolves with its exit code, output and how long it took. */
const cli = (...args: string[]) =>
  new Promise<{ status: number; stdout: string; stderr: string; ms: number }>((resolve) => {
    const started = Date.now();
    execFile(process.execPath, [cliPath, ...args, '--bus-url', serve.url], { encoding: 'utf8', timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ status: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr, ms: Date.now() - started }),
    );
  });

beforeAll(async () => {
  root = makePluginRoot();
  root.addPackage('slow-tools', toolboxEntry('slow_tools'), {
    'index.js': toolboxSource('slow_tools', { sleep: '({ ms }) => new Promise((r) => setTimeout(() => r({ result: ms }), ms))', shared: '() => ({ result: "slow_tools" })' }),
  });
  root.addPackage('z-other-tools', toolboxEntry('other_tools'), { 'index.js': toolboxSource('other_tools', { shared: '() => ({ result: "other_tools" })' }) });
  root.addPackage('broken-tools', toolboxEntry('broken_tools'), { 'index.js': 'throw new Error("broken on purpose");\n' });
  work = mkdtempSync(path.join(os.tmpdir(), 'ovos-cli-waits-'));
  const config = path.join(work, 'config.json');
  writeFileSync(config, JSON.stringify({ isolation: 'inline', tool_timeouts: { sleep: 12_000 } }));
  serve = await startServe(['--plugins', root.dir, '--config', config, '--embedded-bus', 'always']);
});
afterAll(async () => {
  await serve?.stop();
  root?.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('ovos-tools invoke waits for the tool, not a fixed 10 s', () => {
  test('a tool that takes 10.5 s (its limit is 12 s) is answered: exit 0 with its result', async () => {
    const r = await cli('invoke', 'sleep', '{"ms": 10500}');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ result: 10500 });
    expect(r.ms).toBeGreaterThan(10_500);
  }, 40_000);

  test('an explicit --timeout still bounds the wait, and says what it means', async () => {
    const r = await cli('invoke', 'sleep', '{"ms": 3000}', '--timeout', '500');
    expect(r.status).toBe(3);
    expect(r.stderr).toContain('no answer to ovos.tools.invoke within 500 ms (the wait of --timeout 500 ms ran out); the tool may still be running: leave out --timeout to wait for its time limit');
    expect(r.stderr).not.toContain('is `ovos-tools serve` running');
  });

  test('a --timeout of a few ms says which wait ran out, never that no messagebus answers (it is up)', async () => {
    for (const ms of ['1', '5', '15']) {
      const invoke = await cli('invoke', 'sleep', '{"ms": 100}', '--timeout', ms);
      expect(invoke.status).toBe(3);
      expect(invoke.stderr).toContain(`no answer to ovos.tools.invoke within ${ms} ms (the wait of --timeout ${ms} ms ran out)`);
      expect(invoke.stderr).not.toContain('no messagebus answers');
      // a list may be answered in time; when it is not, the text says which wait ran out
      const list = await cli('list', '--timeout', ms);
      if (list.status !== 0) expect(list.stderr).toContain(`no answer to ovos.tools.list within ${ms} ms (--timeout ${ms} ms ran out; the messagebus is up)`);
    }
  });

  test('get shows the time limit calls run under', async () => {
    const r = await cli('get', 'sleep');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^sleep {2}\(toolbox slow_tools, time limit 12000 ms\)/);
  });
});

describe('ovos-tools list and shadowed tools', () => {
  test('list prints the load problems (not only --json) and marks a shadowed tool', async () => {
    const r = await cli('list');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/shared\s+slow_tools \(shadowed\)\s+shared tool/);
    expect(r.stdout).toContain("warning: 'shared' is provided by slow_tools, other_tools; other_tools serves it (reach slow_tools with toolbox_id)");
    expect(r.stdout).toMatch(/^problem: broken_tools: .*broken on purpose/m);
  });

  test('--toolbox reaches the shadowed tool on get and invoke', async () => {
    expect(JSON.parse((await cli('invoke', 'shared')).stdout)).toEqual({ result: 'other_tools' });
    expect(JSON.parse((await cli('invoke', 'shared', '--toolbox', 'slow_tools')).stdout)).toEqual({ result: 'slow_tools' });
    expect((await cli('get', 'shared', '--toolbox', 'slow_tools')).stdout).toMatch(/^shared {2}\(toolbox slow_tools, shadowed by other_tools, time limit 30000 ms\)/);
  });
});
