import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MessageBusServer } from '@ovos-tools/messagebus';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';
import { cliPath, freePort, startServe, type ServeProcess } from './helpers/serve.js';

// `ovos-tools invoke` notices a provider that stopped while it waits for a long call, and says so within 5 s instead
// of waiting for the tool's whole time limit (35 s here): its embedded bus closing, its ovos.tools.stopped
// announcement, or (killed on a bus it joined) its probes going unanswered.
let root: PluginRoot;
let started: string;
beforeAll(() => {
  root = makePluginRoot();
  // the tool leaves a file when it starts, so a test stops the provider while the call runs, however slow the machine
  started = path.join(mkdtempSync(path.join(os.tmpdir(), 'ovos-stops-')), 'started');
  root.addPackage('slow-tools', toolboxEntry('slow_tools'), {
    'index.js': toolboxSource(
      'slow_tools',
      { sleep: `() => { writeFileSync(${JSON.stringify(started)}, '1'); return new Promise((r) => setTimeout(() => r({ result: 1 }), 60_000)); }` },
      "import { writeFileSync } from 'node:fs';",
    ),
  });
});
afterAll(() => {
  root?.cleanup();
  if (started) rmSync(path.dirname(started), { recursive: true, force: true });
});

/** Starts `ovos-tools invoke sleep`; resolves with its exit code, stderr and how long it ran. */
function invokeSleep(url: string): Promise<{ status: number; stderr: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    execFile(process.execPath, [cliPath, 'invoke', 'sleep', '--bus-url', url], { encoding: 'utf8', timeout: 60_000 }, (err, _stdout, stderr) =>
      resolve({ status: err ? ((err as { code?: number }).code ?? 1) : 0, stderr, ms: Date.now() - started }),
    );
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once the tool call has started in the provider (its file exists), then removes the file. */
async function callRunning(): Promise<void> {
  for (let waited = 0; !existsSync(started); waited += 50) {
    if (waited > 30_000) throw new Error('the sleep call did not start within 30 s');
    await sleep(50);
  }
  rmSync(started);
}

describe('the CLI notices a provider that stopped, within 5 s', () => {
  test('killed with its embedded bus: the connection closed', async () => {
    const serve: ServeProcess = await startServe(['--plugins', root.dir, '--embedded-bus', 'always']);
    const call = invokeSleep(serve.url);
    await callRunning();
    const killedAt = Date.now();
    serve.proc.kill('SIGKILL');
    const r = await call;
    expect(r.status).toBe(3);
    expect(r.stderr).toContain(`the messagebus connection to ${serve.url} closed (the bus stopped, or the provider serving it on its embedded bus)`);
    expect(Date.now() - killedAt).toBeLessThan(5000);
  }, 30_000);

  test('stopped with SIGTERM on a bus it joined: its ovos.tools.stopped announcement', async () => {
    const port = await freePort();
    const bus = new MessageBusServer({ host: '127.0.0.1', port });
    await bus.start();
    try {
      const url = `ws://127.0.0.1:${port}/core`;
      const serve = await startServe(['--plugins', root.dir, '--embedded-bus', 'never', '--drain-timeout', '20000'], {}, { url });
      const call = invokeSleep(url);
      await callRunning();
      const stoppedAt = Date.now();
      void serve.stop();
      const r = await call;
      expect(r.status).toBe(3);
      expect(r.stderr).toContain('the provider announced it stopped (ovos.tools.stopped) and did not answer while it drained; ovos.tools.invoke was not answered');
      expect(Date.now() - stoppedAt).toBeLessThan(5000);
      serve.proc.kill('SIGKILL');
    } finally {
      await bus.close();
    }
  }, 40_000);

  test('killed on a bus it joined: the probes go unanswered', async () => {
    const port = await freePort();
    const bus = new MessageBusServer({ host: '127.0.0.1', port });
    await bus.start();
    try {
      const url = `ws://127.0.0.1:${port}/core`;
      const serve = await startServe(['--plugins', root.dir, '--embedded-bus', 'never'], {}, { url });
      const call = invokeSleep(url);
      await callRunning();
      const killedAt = Date.now();
      serve.proc.kill('SIGKILL');
      const r = await call;
      expect(r.status).toBe(3);
      expect(r.stderr).toContain('the provider stopped answering: a probe (ovos.tools.get) got no answer within 2000 ms; ovos.tools.invoke was not answered');
      expect(Date.now() - killedAt).toBeLessThan(5000);
    } finally {
      await bus.close();
    }
  }, 30_000);
});
