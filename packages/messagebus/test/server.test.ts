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

  it('enforces the shared secret through ?token=, Authorization: Bearer or X-OVOS-Token', async () => {
    const logger = captureLogger();
    const server = await startServer({ secret: 's3cret', logger });
    expect(await upgradeStatus(server.url)).toBe(401);
    expect(await upgradeStatus(`${server.url}?token=wrong`)).toBe(401);
    expect(await upgradeStatus(server.url, { Authorization: 'Bearer nope' })).toBe(401);
    expect(await upgradeStatus(`${server.url}?token=s3cret`)).toBe(101);
    expect(await upgradeStatus(server.url, { Authorization: 'Bearer s3cret' })).toBe(101);
    expect(await upgradeStatus(server.url, { 'X-OVOS-Token': 's3cret' })).toBe(101);
    expect(logger.lines.filter((l) => l.level === 'warn' && l.message.includes('token'))).toHaveLength(3);
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
