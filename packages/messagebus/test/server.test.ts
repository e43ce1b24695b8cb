import { afterEach, describe, expect, it } from 'vitest';
import { Message } from '@ovos-tools/core';
import { MessageBusServer } from '@ovos-tools/messagebus';
import { captureLogger, rawClient, runCleanups, startServer, upgradeStatus, waitUntil } from './helpers.js';

afterEach(runCleanups);

const GREETING = '{"type":"connected","data":{},"context":{"session":{"session_id":"default"}}}';

describe('MessageBusServer', () => {
  it('listens on an ephemeral loopback port and reports its URL', async () => {
    const server = await startServer();
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`ws://127.0.0.1:${server.port}/core`);
    expect(server.connectionCount).toBe(0);
  });

  it('greets each new connection, and only it, with the OVOS connected message', async () => {
    const server = await startServer();
    const a = await rawClient(server.url);
    await waitUntil(() => a.frames.length === 1, 'greeting of a');
    const b = await rawClient(server.url);
    await waitUntil(() => b.frames.length === 1, 'greeting of b');
    expect(a.frames).toEqual([GREETING]);
    expect(b.frames).toEqual([GREETING]);
    await new Promise((r) => setTimeout(r, 50));
    expect(a.frames).toHaveLength(1);
    expect(server.connectionCount).toBe(2);
  });

  it('tells onClientConnected listeners of each admitted client (after its secret when one is required), not of attachments', async () => {
    const logger = captureLogger();
    const server = await startServer({ secret: 's3cret', logger });
    let joined = 0;
    const stop = server.onClientConnected(() => joined++);
    server.onClientConnected(() => {
      throw new Error('listener bug');
    });
    server.attach();
    const c = await rawClient(`${server.url}?token=s3cret`);
    await waitUntil(() => c.frames.length === 1, 'greeting');
    expect(joined).toBe(1);
    expect(logger.lines.some((l) => l.level === 'warn' && l.message.includes('listener bug'))).toBe(true);
    expect(await upgradeStatus(`${server.url}?token=wrong`)).toBe(401);
    expect(joined).toBe(1);
    stop();
    const d = await rawClient(`${server.url}?token=s3cret`);
    await waitUntil(() => d.frames.length === 1, 'greeting of d');
    expect(joined).toBe(1);
    expect(server.connectionCount).toBe(2);
  });

  it('tells onClientDisconnected listeners each time an admitted client leaves, not of attachments', async () => {
    const server = await startServer();
    let left = 0;
    const stop = server.onClientDisconnected(() => left++);
    const attached = server.attach();
    const c = await rawClient(server.url);
    await waitUntil(() => c.frames.length === 1, 'greeting');
    await attached.close();
    expect(left).toBe(0);
    c.ws.terminate();
    await waitUntil(() => left === 1, 'the disconnection');
    expect(server.connectionCount).toBe(0);
    stop();
    const d = await rawClient(server.url);
    await waitUntil(() => d.frames.length === 1, 'greeting of d');
    d.ws.close();
    await waitUntil(() => server.connectionCount === 0, 'd gone');
    expect(left).toBe(1);
  });

  it('relays each frame unmodified to every client, the sender included', async () => {
    const server = await startServer();
    const clients = await Promise.all([rawClient(server.url), rawClient(server.url), rawClient(server.url)]);
    const frame = '{"type": "x.y", "data": {"n": 7.0, "s": "é"}, "context": {}}';
    clients[1]!.ws.send(frame);
    for (const c of clients) await waitUntil(() => c.frames.length === 2, 'relayed frame');
    for (const c of clients) expect(c.frames[1]).toBe(frame);
    expect(server.framesRelayed).toBe(1);
  });

  it('relays non-JSON frames too (no parsing, like OVOS with filter off)', async () => {
    const server = await startServer();
    const a = await rawClient(server.url);
    a.ws.send('not json at all');
    await waitUntil(() => a.frames.length === 2, 'raw relay');
    expect(a.frames[1]).toBe('not json at all');
  });

  it('preserves the order of one connection\'s frames for every receiver', async () => {
    const server = await startServer();
    const a = await rawClient(server.url);
    const b = await rawClient(server.url);
    const n = 500;
    for (let i = 0; i < n; i++) a.ws.send(new Message('seq', { i }).serialize());
    for (const c of [a, b]) await waitUntil(() => c.frames.length === n + 1, 'all sequence frames');
    for (const c of [a, b]) {
      const got = c.frames.slice(1).map((f) => (JSON.parse(f) as { data: { i: number } }).data.i);
      expect(got).toEqual(Array.from({ length: n }, (_, i) => i));
    }
    expect(server.framesRelayed).toBe(n);
  });

  it('closes only the connection that sent an oversize frame, with 1009', async () => {
    const server = await startServer({ maxMsgSizeMiB: 1 / 64 }); // 16 KiB
    const big = await rawClient(server.url);
    const other = await rawClient(server.url);
    big.ws.send(JSON.stringify({ type: 'big', data: { blob: 'x'.repeat(20_000) }, context: {} }));
    expect(await big.closed).toBe(1009);
    await waitUntil(() => server.connectionCount === 1, 'server to drop the oversize client');
    other.ws.send('{"type":"still.here","data":{},"context":{}}');
    await waitUntil(() => other.frames.length === 2, 'the other client to keep working');
    expect(other.frames[1]).toContain('still.here');
    expect(other.frames.some((f) => f.includes('"big"'))).toBe(false);
    // a frame just under the limit still passes
    other.ws.send(JSON.stringify({ type: 'ok', data: { blob: 'x'.repeat(15_000) }, context: {} }));
    await waitUntil(() => other.frames.length === 3, 'an under-limit frame');
  });

  it('refuses browser upgrades from origins that are not allowed, with 403', async () => {
    const server = await startServer({ allowedOrigins: ['http://localhost:3000'] });
    expect(await upgradeStatus(server.url, { Origin: 'http://evil.example' })).toBe(403);
    expect(await upgradeStatus(server.url, { Origin: 'http://localhost:3000' })).toBe(101);
    expect(await upgradeStatus(server.url)).toBe(101); // no Origin: a non-browser client
    const strict = await startServer();
    expect(await upgradeStatus(strict.url, { Origin: 'http://localhost:3000' })).toBe(403);
    const open = await startServer({ allowedOrigins: ['*'] });
    expect(await upgradeStatus(open.url, { Origin: 'http://anything.example' })).toBe(101);
  });

  it('matches allowed origins exactly: no prefix, suffix, port or scheme slack', async () => {
    const server = await startServer({ allowedOrigins: ['http://localhost:3000', 'https://ui.example/'] });
    expect(await upgradeStatus(server.url, { Origin: 'http://localhost:3000' })).toBe(101);
    expect(await upgradeStatus(server.url, { Origin: 'HTTP://LOCALHOST:3000' })).toBe(101);
    expect(await upgradeStatus(server.url, { Origin: 'https://ui.example' })).toBe(101);
    for (const origin of [
      'http://localhost:3000.evil.example',
      'http://localhost:30001',
      'http://localhost:300',
      'https://localhost:3000',
      'http://evil.localhost:3000',
      'http://localhost:3000/x',
      'https://ui.example.evil',
      'null',
    ]) {
      expect([origin, await upgradeStatus(server.url, { Origin: origin })]).toEqual([origin, 403]);
    }
  });

  it("accepts the bus's own origin (what Python websocket-client sends) and nothing near it", async () => {
    const server = await startServer();
    const own = `127.0.0.1:${server.port}`;
    expect(await upgradeStatus(server.url, { Origin: `http://${own}` })).toBe(101);
    expect(await upgradeStatus(server.url, { Origin: `https://${own}` })).toBe(101);
    const byName = `ws://localhost:${server.port}/core`;
    expect(await upgradeStatus(byName, { Origin: `http://localhost:${server.port}` })).toBe(101);
    // an Origin naming the bus, but not the Host the client connected to: a page on another origin
    expect(await upgradeStatus(byName, { Origin: `http://${own}` })).toBe(403);
    expect(await upgradeStatus(server.url, { Origin: `http://127.0.0.1:${server.port + 1}` })).toBe(403);
    expect(await upgradeStatus(server.url, { Origin: `http://${own}.evil.example` })).toBe(403);
    expect(await upgradeStatus(server.url, { Origin: `ws://${own}` })).toBe(403);
  });

  it('refuses a Host that is not an address of the bus (DNS rebinding), even with the matching Origin', async () => {
    const logger = captureLogger();
    const server = await startServer({ logger, allowedHosts: ['mybox.lan'] });
    const rebound = `evil.example:${server.port}`;
    expect(await upgradeStatus(server.url, { Host: rebound, Origin: `http://${rebound}` })).toBe(403);
    const lookalike = `localhost.evil.example:${server.port}`;
    expect(await upgradeStatus(server.url, { Host: lookalike, Origin: `http://${lookalike}` })).toBe(403);
    // without Origin it is not a browser, so not a rebinding page: e.g. a container reaching the bus by service name
    expect(await upgradeStatus(server.url, { Host: rebound })).toBe(101);
    expect(logger.lines.some((l) => l.message.includes(`Host ${rebound} is not an address of this messagebus`))).toBe(true);
    for (const host of [`localhost:${server.port}`, `LOCALHOST.:${server.port}`, `127.0.0.1:${server.port}`, `[::1]:${server.port}`, '10.1.2.3', `mybox.lan:${server.port}`]) {
      expect([host, await upgradeStatus(server.url, { Host: host, Origin: `http://${host}` })]).toEqual([host, 101]);
    }
    const named = await startServer({ host: 'localhost' });
    const box = `mybox.lan:${named.port}`;
    expect(await upgradeStatus(`ws://127.0.0.1:${named.port}/core`, { Host: box, Origin: `http://${box}` })).toBe(403);
    const any = await startServer({ allowedHosts: ['*'] });
    expect(await upgradeStatus(any.url, { Host: rebound, Origin: `http://${rebound}` })).toBe(101);
    // an explicitly allowed origin is trusted whatever name it used
    const trusted = await startServer({ allowedOrigins: ['http://ui.local'] });
    expect(await upgradeStatus(trusted.url, { Host: rebound, Origin: 'http://ui.local' })).toBe(101);
  });

  it('enforces a secret presented in the handshake: ?token=, Authorization: Bearer or X-OVOS-Bus-Secret; a wrong one is 401', async () => {
    const logger = captureLogger();
    const server = await startServer({ secret: 's3cret', logger });
    expect(server.requiresSecret).toBe(true);
    expect(await upgradeStatus(`${server.url}?token=wrong`)).toBe(401);
    expect(await upgradeStatus(server.url, { Authorization: 'Bearer nope' })).toBe(401);
    expect(await upgradeStatus(server.url, { 'X-OVOS-Bus-Secret': 'nope' })).toBe(401);
    expect(await upgradeStatus(`${server.url}?token=s3cret`)).toBe(101);
    expect(await upgradeStatus(server.url, { Authorization: 'Bearer s3cret' })).toBe(101);
    expect(await upgradeStatus(server.url, { 'X-OVOS-Bus-Secret': 's3cret' })).toBe(101);
    expect(logger.lines.filter((l) => l.level === 'warn' && l.message.includes('Wrong shared secret'))).toHaveLength(3);
  });

  it('takes the secret as the first frame from clients that send none in the handshake, then greets and relays', async () => {
    const server = await startServer({ secret: 's3cret' });
    const member = await rawClient(`${server.url}?token=s3cret`);
    await waitUntil(() => member.frames.length === 1, 'greeting of the member');
    const late = await rawClient(server.url);
    expect(server.connectionCount).toBe(1);
    // the auth frame and a bus frame in one write: the bus frame must not be lost in the hand-over
    late.ws.send('{"type":"ovos.messagebus.auth","data":{"secret":"s3cret"},"context":{}}');
    late.ws.send('{"type":"after.auth","data":{},"context":{}}');
    await waitUntil(() => late.frames.length === 2 && member.frames.length === 2, 'greeting and relay');
    expect(late.frames).toEqual([GREETING, '{"type":"after.auth","data":{},"context":{}}']);
    expect(member.frames[1]).toContain('after.auth');
    expect(member.frames.some((f) => f.includes('s3cret'))).toBe(false); // the auth frame is never relayed
    expect(server.connectionCount).toBe(2);
  });

  it.each([
    ['a wrong secret in the auth frame', '{"type":"ovos.messagebus.auth","data":{"secret":"nope"},"context":{}}', 'wrong shared secret'],
    ['a bus frame instead of the auth frame', '{"type":"ovos.session.sync","data":{},"context":{}}', 'shared secret required: send it in the handshake or as a first ovos.messagebus.auth frame'],
    ['a non-JSON first frame', 'hello', 'shared secret required: send it in the handshake or as a first ovos.messagebus.auth frame'],
    ['a secret of the wrong type', '{"type":"ovos.messagebus.auth","data":{"secret":1},"context":{}}', 'wrong shared secret'],
  ])('closes with 1008 and a clear reason on %s, relaying nothing', async (_why, frame, reason) => {
    const server = await startServer({ secret: 's3cret' });
    const member = await rawClient(`${server.url}?token=s3cret`);
    const intruder = await rawClient(server.url);
    const closed = new Promise<[number, string]>((resolve) => intruder.ws.on('close', (code, why) => resolve([code, why.toString()])));
    intruder.ws.send(frame);
    expect(await closed).toEqual([1008, reason]);
    expect(intruder.frames).toEqual([]);
    await new Promise((r) => setTimeout(r, 30));
    expect(member.frames).toEqual([GREETING]);
    expect(server.framesRelayed).toBe(0);
  });

  it('relays a 100,000-level-deep frame without parsing it, and keeps serving', async () => {
    const server = await startServer();
    const a = await rawClient(server.url);
    const b = await rawClient(server.url);
    const deep = `{"type":"x","data":{},"context":{"d":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    a.ws.send(deep);
    a.ws.send('{"type":"after","data":{},"context":{}}');
    await waitUntil(() => b.frames.length === 3, 'both frames at b');
    expect(b.frames[1]).toBe(deep);
    expect(b.frames[2]).toContain('"after"');
  });

  it('refuses a deep first frame on the secret path with 1008, without crashing', async () => {
    const server = await startServer({ secret: 's3cret' });
    const c = await rawClient(server.url);
    const closed = new Promise<number>((resolve) => c.ws.on('close', (code) => resolve(code)));
    c.ws.send(`{"type":"ovos.messagebus.auth","data":{"secret":"s3cret","x":${'['.repeat(5000)}${']'.repeat(5000)}},"context":{}}`);
    expect(await closed).toBe(1008);
    const ok = await rawClient(`${server.url}?token=s3cret`);
    await waitUntil(() => ok.frames.length === 1, 'the server still greets');
  });

  it('closes with 1008 a connection that sends no secret at all within authTimeoutMs', async () => {
    const server = await startServer({ secret: 's3cret', authTimeoutMs: 100 });
    const silent = await rawClient(server.url);
    const closed = new Promise<[number, string]>((resolve) => silent.ws.on('close', (code, why) => resolve([code, why.toString()])));
    expect(await closed).toEqual([1008, 'shared secret required: none sent within 100 ms']);
    expect(silent.frames).toEqual([]);
  });

  it('reads the secret from OVOS_TOOLS_BUS_SECRET when no option is given; "" turns it off', async () => {
    process.env.OVOS_TOOLS_BUS_SECRET = 'from-env';
    try {
      const server = await startServer();
      expect(server.requiresSecret).toBe(true);
      expect(await upgradeStatus(server.url, { Authorization: 'Bearer from-env' })).toBe(101);
      expect((await startServer({ secret: '' })).requiresSecret).toBe(false);
    } finally {
      delete process.env.OVOS_TOOLS_BUS_SECRET;
    }
  });

  it('warns loudly when bound to a non-loopback address, louder without a secret', async () => {
    const logger = captureLogger();
    await startServer({ host: '0.0.0.0', logger });
    const secured = captureLogger();
    await startServer({ host: '0.0.0.0', logger: secured, secret: 'x' });
    const quiet = captureLogger();
    await startServer({ logger: quiet });
    expect(logger.lines.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([
      expect.stringMatching(/^SECURITY: the messagebus at ws:\/\/0\.0\.0\.0:\d+\/core is bound to 0\.0\.0\.0.*WITHOUT A SHARED SECRET/),
    ]);
    expect(secured.lines.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([expect.stringMatching(/a shared secret is required, but frames and the secret cross the network unencrypted/)]);
    expect(quiet.lines.filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('answers 404 on other paths and 426 to plain HTTP', async () => {
    const server = await startServer();
    expect(await upgradeStatus(`ws://127.0.0.1:${server.port}/other`)).toBe(404);
    const res = await fetch(`http://127.0.0.1:${server.port}/core`);
    expect(res.status).toBe(426);
    await res.text();
  });

  it('terminates a client that stops reading once its send buffer passes the bound', async () => {
    const server = await startServer({ maxBufferedBytes: 4 * 1024 * 1024 });
    const slow = await rawClient(server.url);
    const fast = await rawClient(server.url);
    await waitUntil(() => slow.frames.length === 1, 'slow greeting');
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const frame = JSON.stringify({ type: 'flood', data: { blob: 'y'.repeat(256 * 1024) }, context: {} });
    let sent = 0;
    // 2.5 MiB per round; the reading client catches up between rounds, the paused one cannot.
    while (sent < 400 && server.slowClientsDropped === 0) {
      for (let i = 0; i < 10; i++) fast.ws.send(frame);
      sent += 10;
      await waitUntil(() => fast.frames.length === sent + 1, 'fast client to receive its echoes', 20_000);
    }
    expect(server.slowClientsDropped).toBe(1);
    expect(server.connectionCount).toBe(1);
    fast.ws.send('{"type":"after","data":{},"context":{}}');
    await waitUntil(() => fast.frames.at(-1)?.includes('"after"') === true, 'relay to continue for the reading client');
    expect(server.framesRelayed).toBe(sent + 1);
  });

  it('closes every connection on close(), idempotently, and frees the port', async () => {
    const server = new MessageBusServer({ port: 0 });
    await server.start();
    const a = await rawClient(server.url);
    const b = await rawClient(server.url);
    const first = server.close();
    expect(server.close()).toBe(first);
    await first;
    expect(await a.closed).toBe(1001);
    expect(await b.closed).toBe(1001);
    expect(server.connectionCount).toBe(0);
    const again = new MessageBusServer({ port: server.port });
    await again.start();
    await again.close();
    await new MessageBusServer().close(); // never started: fine
  });

  it('rejects start() with the listen error when the port is taken', async () => {
    const server = await startServer();
    const clash = new MessageBusServer({ port: server.port });
    await expect(clash.start()).rejects.toThrow(/EADDRINUSE/);
    await clash.close();
  });

  it('validates its options', () => {
    expect(() => new MessageBusServer({ port: 70000 })).toThrow(/port must be an integer/);
    expect(() => new MessageBusServer({ maxMsgSizeMiB: 0 })).toThrow(/maxMsgSizeMiB/);
  });
});
