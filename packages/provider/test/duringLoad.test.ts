import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';
import { cliPath, freePort, RawOvosClient } from './helpers/serve.js';

// Requests that reach `ovos-tools serve` while its toolboxes still load are answered once the load is done (the bus
// transport is registered before the first load and waits, bounded), never dropped: list, get, invoke and the
// per-toolbox discover, all sent before the banner.
const LOAD_MS = 3000;

describe('requests sent while the toolboxes load', () => {
  let root: PluginRoot;
  let proc: ChildProcess;
  let out = '';
  let bannerAt = 0;
  let client: RawOvosClient;

  beforeAll(async () => {
    root = makePluginRoot();
    // its module takes LOAD_MS to import (a toolbox that starts a slow server, say)
    root.addPackage('slow-load', toolboxEntry('slow-load'), { 'index.js': toolboxSource('slow-load', { ping: '() => ({ result: "pong" })' }, `await new Promise((r) => setTimeout(r, ${LOAD_MS}));`) });
    const url = `ws://127.0.0.1:${await freePort()}/core`;
    proc = spawn(process.execPath, [cliPath, 'serve', '--bus-url', url, '--plugins', root.dir, '--embedded-bus', 'always'], {
      env: { ...process.env, OVOS_TOOLS_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (d) => {
      out += d;
      if (!bannerAt && out.includes('ovos-tools provider serving')) bannerAt = Date.now();
    });
    proc.stderr!.on('data', (d) => (out += d));
    // connect as soon as the embedded bus listens, long before the toolbox has loaded
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        client = await RawOvosClient.connect(url);
        break;
      } catch (err) {
        if (Date.now() > deadline) throw new Error(`the bus did not come up: ${String(err)}\n${out}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    }
  }, 30_000);

  afterAll(async () => {
    client?.close();
    if (proc && proc.exitCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    }
    root?.cleanup();
  });

  test('list, get, search, invoke and discover sent during a slow load each get their answer, with the tool that was loading', async () => {
    const sent = Date.now();
    client.send('ovos.tools.list', {}, { request_id: 'l' });
    client.send('ovos.tools.get', { name: 'ping' }, { request_id: 'g' });
    client.send('ovos.tools.invoke', { name: 'ping', args: {} }, { request_id: 'i' });
    client.send('ovos.tools.search', { query: 'ping' }, { request_id: 's' });
    client.send('ovos.persona.tools.discover', {}, { request_id: 'd' });
    const answer = async (type: string) => (await client.first(type, 20_000)).data;
    const [list, get, invoke] = await Promise.all([answer('ovos.tools.list.response'), answer('ovos.tools.get.response'), answer('ovos.tools.invoke.response')]);
    const discover = await answer('ovos.persona.tools.discover.response');
    const search = await answer('ovos.tools.search.response');
    // search waits for the first load too (issue 37: the wait is the service's, for every request)
    expect((search.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(['ping']);
    expect(bannerAt).toBeGreaterThan(sent); // they were sent before the provider said it was serving
    expect((list.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(['ping']);
    expect(get).toMatchObject({ name: 'ping', toolbox_id: 'slow-load' });
    expect(invoke).toMatchObject({ name: 'ping', result: { result: 'pong' }, toolbox_id: 'slow-load' });
    expect(discover).toMatchObject({ toolbox_id: 'slow-load', tools: [expect.objectContaining({ name: 'ping' })] });
  });
});
