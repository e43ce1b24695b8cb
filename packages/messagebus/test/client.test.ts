import { afterEach, describe, expect, it } from 'vitest';
import { MalformedMessageError, Message, REQUEST_ID_KEY } from '@ovos-tools/core';
import {
  MessageBusClient,
  MessageBusRefusedError,
  MessageBusServer,
  ResponseTimeoutError,
  isMessageBusReachable,
  type MessageBusClientOptions,
} from '@ovos-tools/messagebus';
import { captureLogger, onCleanup, rawClient, runCleanups, startServer, waitUntil } from './helpers.js';

afterEach(runCleanups);

async function client(url: string, options: MessageBusClientOptions = {}): Promise<MessageBusClient> {
  const c = new MessageBusClient({ url, reconnect: { initialDelayMs: 20, maxDelayMs: 200 }, ...options });
  onCleanup(() => c.close());
  c.connect();
  await c.ready;
  return c;
}

describe('MessageBusClient', () => {
  it('fires handlers on the server echo only, never locally on emit (like ovos-bus-client)', async () => {
    const server = await startServer();
    const a = await client(server.url);
    const b = await client(server.url);
    const gotA: Message[] = [];
    const gotB: Message[] = [];
    a.on('hello', (m) => void gotA.push(m));
    b.on('hello', (m) => void gotB.push(m));
    a.emit(new Message('hello', { n: 1 }));
    expect(gotA).toHaveLength(0); // not dispatched synchronously
    await waitUntil(() => gotA.length === 1 && gotB.length === 1, 'echo to both clients');
    expect(gotB[0]!.data).toEqual({ n: 1 });
    expect(gotB[0]!.context.session).toEqual({ session_id: 'default' });
    expect(server.framesRelayed).toBe(1);
  });

  it('interoperates with a raw ws client speaking only the OVOS JSON format', async () => {
    const server = await startServer();
    const bus = await client(server.url);
    const raw = await rawClient(server.url);
    bus.on('ovos.ping', (m) => bus.emit(m.response({ pong: true })));
    raw.ws.send('{"type": "ovos.ping", "data": {"x": 1}, "context": {"source": "py", "destination": "ts", "session": {"session_id": "s1"}}}');
    await waitUntil(() => raw.frames.some((f) => f.includes('ovos.ping.response')), 'the response frame');
    const reply = JSON.parse(raw.frames.find((f) => f.includes('ovos.ping.response'))!) as Record<string, unknown>;
    expect(Object.keys(reply)).toEqual(['type', 'data', 'context']);
    expect(reply).toEqual({
      type: 'ovos.ping.response',
      data: { pong: true },
      context: { source: 'ts', destination: 'py', session: { session_id: 's1' } },
    });
    // and the other way: a frame from the TS client parses as plain OVOS JSON
    bus.emit(new Message('from.ts', { a: [1, 'b'] }));
    await waitUntil(() => raw.frames.some((f) => f.includes('from.ts')), 'the TS frame');
    expect(JSON.parse(raw.frames.find((f) => f.includes('from.ts'))!)).toEqual({
      type: 'from.ts',
      data: { a: [1, 'b'] },
      context: { session: { session_id: 'default' } },
    });
  });

  it('receives the greeting and passes raw frames to "message" handlers', async () => {
    const server = await startServer();
    const bus = new MessageBusClient({ url: server.url });
    onCleanup(() => bus.close());
    const greeting = bus.waitForMessage('connected', 5000);
    const raw: string[] = [];
    bus.on('message', (frame: string) => void raw.push(frame));
    bus.connect();
    expect((await greeting)?.context).toEqual({ session: { session_id: 'default' } });
    expect(raw[0]).toBe('{"type":"connected","data":{},"context":{"session":{"session_id":"default"}}}');
  });

  it('logs and skips malformed frames, then keeps dispatching', async () => {
    const server = await startServer();
    const logger = captureLogger();
    const bus = await client(server.url, { logger });
    const raw = await rawClient(server.url);
    const got: Message[] = [];
    const rawSeen: string[] = [];
    bus.on('good', (m) => void got.push(m));
    bus.on('message', (f: string) => void rawSeen.push(f));
    for (const bad of ['not json', '[1,2]', '{"type":5}', '{"type":"x","data":[1]}', '{"data":{}}', 'null']) raw.ws.send(bad);
    raw.ws.send('{"type":"good","data":{"ok":1},"context":{}}');
    await waitUntil(() => got.length === 1, 'the good frame');
    expect(got[0]!.data).toEqual({ ok: 1 });
    expect(logger.lines.filter((l) => l.level === 'warn' && l.message.startsWith('skipping malformed'))).toHaveLength(6);
    expect(rawSeen).toEqual(['{"type":"good","data":{"ok":1},"context":{}}']);
  });

  it('drops a received frame above maxFrameBytes unparsed, says so to onMalformed, and keeps its connection', async () => {
    const server = await startServer({ maxMsgSizeMiB: 4 });
    const bus = await client(server.url, { maxFrameBytes: 1024 * 1024 });
    const raw = await rawClient(server.url);
    const got: Message[] = [];
    const malformed: string[] = [];
    bus.on('big', (m) => void got.push(m));
    bus.on('small', (m) => void got.push(m));
    bus.onMalformed((err) => void malformed.push(err.message));
    raw.ws.send(JSON.stringify({ type: 'big', data: { pad: 'x'.repeat(2 * 1024 * 1024) }, context: {} }));
    raw.ws.send('{"type":"small","data":{},"context":{}}');
    await waitUntil(() => got.length === 1, 'the small frame');
    expect(got.map((m) => m.type)).toEqual(['small']);
    expect(malformed).toEqual([expect.stringMatching(/^dropped a frame of 20971\d\d bytes unread: larger than maxFrameBytes \(1048576\)/)]);
  });

  it('a server refuses a frame above its limit (default 8 MiB) from its header with 1009, and logs why', async () => {
    const logger = captureLogger();
    const server = await startServer({ logger });
    const raw = await rawClient(server.url);
    raw.ws.send('x'.repeat(8 * 1024 * 1024 + 1));
    expect(await raw.closed).toBe(1009);
    await waitUntil(() => logger.lines.some((l) => l.message.includes('frame larger than 8388608 bytes')), 'the log line');
  });

  it('gives a too-deep frame to onMalformed with the safe request, so the topic owner answers instead of staying silent', async () => {
    const server = await startServer();
    const owner = await client(server.url);
    const asker = await client(server.url);
    const typed: Message[] = [];
    owner.on('ovos.tools.invoke', (m) => void typed.push(m));
    const seen: Array<[string, string | undefined]> = [];
    const off = owner.onMalformed((err, frame) => {
      seen.push([err.message, frame?.slice(0, 30)]);
      if (err.request) owner.emit(err.request.response({ error: err.message, code: err.code }));
    });
    const raw = await rawClient(server.url);
    const deep = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
    const reply = asker.waitForMessage('ovos.tools.invoke.response', 10_000);
    raw.ws.send(`{"type":"ovos.tools.invoke","data":{"name":"x"},"context":{"source":"py","destination":"phal","request_id":"r7","session":{"session_id":"s"},"d":${deep}}}`);
    const got = await reply;
    expect(got?.data).toEqual({ error: "'ovos.tools.invoke': context.d nests deeper than 64 levels; send flatter data", code: 'malformed_message' });
    expect(got?.context).toEqual({ source: 'phal', destination: 'py', request_id: 'r7', session: { session_id: 's' } });
    expect(seen).toEqual([[expect.stringContaining('nests deeper'), '{"type":"ovos.tools.invoke","d']]);
    expect(typed).toHaveLength(0);
    off();
    raw.ws.send('not json');
    raw.ws.send('{"type":"after","data":{},"context":{}}');
    expect(await owner.waitForMessage('after', 5000)).not.toBeNull();
    expect(seen).toHaveLength(1);
  });

  it('emit throws MalformedMessageError for a message nesting deeper than 64 levels and sends nothing', async () => {
    const server = await startServer();
    const bus = await client(server.url);
    const deep = JSON.parse('['.repeat(100) + ']'.repeat(100)) as unknown;
    expect(() => bus.emit(new Message('x', { deep }))).toThrow(MalformedMessageError);
    await expect(bus.waitForResponse(new Message('y', {}, { deep }))).rejects.toThrow(/nests deeper than 64 levels/);
    await new Promise((r) => setTimeout(r, 30));
    expect(server.framesRelayed).toBe(0);
  });

  it('catches and logs handler errors, thrown or rejected, and still runs the other handlers', async () => {
    const server = await startServer();
    const logger = captureLogger();
    const bus = await client(server.url, { logger });
    const ran: string[] = [];
    bus.on('t', () => {
      ran.push('throws');
      throw new Error('boom');
    });
    bus.on('t', async () => {
      ran.push('rejects');
      throw new Error('async boom');
    });
    bus.on('t', () => void ran.push('ok'));
    bus.emit(new Message('t'));
    await waitUntil(() => logger.lines.filter((l) => l.level === 'error').length === 2, 'two logged handler errors');
    expect(ran).toEqual(['throws', 'rejects', 'ok']);
    expect(logger.lines.filter((l) => l.level === 'error').every((l) => l.message === "Error in event handler for 't'")).toBe(true);
  });

  it('supports once and off', async () => {
    const server = await startServer();
    const bus = await client(server.url);
    const onceGot: number[] = [];
    const onGot: number[] = [];
    const handler = (m: Message) => void onGot.push(m.data.i as number);
    bus.once('n', (m) => void onceGot.push(m.data.i as number));
    bus.on('n', handler);
    bus.emit(new Message('n', { i: 1 }));
    await waitUntil(() => onGot.length === 1, 'first');
    bus.off('n', handler);
    bus.emit(new Message('n', { i: 2 }));
    const second = await bus.waitForMessage('n');
    expect(second?.data.i).toBe(2);
    expect(onceGot).toEqual([1]);
    expect(onGot).toEqual([1]);
    expect(bus.listenerCount('n')).toBe(0);
  });

  it('resolves 1,000 concurrent identical waitForResponse calls each with its own response', async () => {
    const server = await startServer();
    const requester = await client(server.url);
    const responder = await client(server.url);
    responder.on('ovos.test.compute', (m) => responder.emit(m.response({ n: m.data.n, square: (m.data.n as number) ** 2 })));
    const n = 1000;
    const replies = await Promise.all(
      Array.from({ length: n }, (_, i) => requester.waitForResponse(new Message('ovos.test.compute', { n: i }), undefined, 20_000)),
    );
    replies.forEach((reply, i) => {
      expect(reply?.type).toBe('ovos.test.compute.response');
      expect(reply?.data).toEqual({ n: i, square: i * i });
    });
    expect(new Set(replies.map((r) => r!.context[REQUEST_ID_KEY])).size).toBe(n);
    expect(requester.pendingResponses).toBe(0);
  });

  it('accepts an id-less reply (a responder that drops context) by type, like OVOS', async () => {
    const server = await startServer();
    const bus = await client(server.url);
    bus.on('old.style', () => bus.emit(new Message('old.style.response', { ok: true })));
    const reply = await bus.waitForResponse(new Message('old.style'));
    expect(reply?.data).toEqual({ ok: true });
  });

  it('honours custom reply types and ignores replies to other requests', async () => {
    const server = await startServer();
    const bus = await client(server.url);
    bus.on('q', (m) => {
      bus.emit(new Message('q.done', { from: 'stranger' }, { [REQUEST_ID_KEY]: 'someone-else' }));
      bus.emit(m.reply('q.done', { from: 'responder' }));
    });
    const reply = await bus.waitForResponse(new Message('q'), ['q.done', 'q.failed']);
    expect(reply?.data).toEqual({ from: 'responder' });
  });

  it('resolves null on timeout, or rejects with a clear error when asked', async () => {
    const server = await startServer();
    const bus = await client(server.url);
    expect(await bus.waitForResponse(new Message('nobody.home'), undefined, 100)).toBeNull();
    const err = await bus
      .waitForResponse(new Message('nobody.home'), undefined, 100, { rejectOnTimeout: true })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTimeoutError);
    expect((err as ResponseTimeoutError).code).toBe('response_timeout');
    expect((err as Error).message).toBe(
      "No 'nobody.home.response' reply to 'nobody.home' within 100 ms; is a service answering it connected to the bus?",
    );
    expect(await bus.waitForMessage('never', 50)).toBeNull();
    await expect(bus.waitForResponse(new Message('bad', { n: 1n as unknown as number }))).rejects.toThrow(TypeError);
    expect(bus.pendingResponses).toBe(0);
    expect(bus.listenerCount('never')).toBe(0);
  });

  it('reconnects after a server restart on the same port and delivers queued messages in order', async () => {
    const first = await startServer();
    const port = first.port;
    const logger = captureLogger();
    const bus = await client(first.url, { logger });
    const events: string[] = [];
    bus.onConnectionEvent('open', () => void events.push('open'));
    bus.onConnectionEvent('close', (code) => void events.push(`close:${code}`));
    bus.onConnectionEvent('reconnect', () => void events.push('reconnect'));
    const got: number[] = [];
    bus.on('seq', (m) => void got.push(m.data.i as number));

    await first.close();
    await waitUntil(() => !bus.connected, 'the client to notice the restart');
    for (let i = 0; i < 50; i++) bus.emit(new Message('seq', { i }));
    expect(bus.queuedFrames).toBe(50);
    await new Promise((r) => setTimeout(r, 100)); // a few failed attempts while the port is closed

    const second = new MessageBusServer({ port });
    await second.start();
    onCleanup(() => second.close());
    await waitUntil(() => got.length === 50, 'queued messages after reconnect');
    expect(got).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(bus.connected).toBe(true);
    expect(bus.queuedFrames).toBe(0);
    expect(events[0]).toBe('close:1001');
    expect(events).toContain('reconnect');
    expect(events.at(-1)).toBe('open');
    bus.emit(new Message('seq', { i: 50 }));
    await waitUntil(() => got.length === 51, 'live traffic after reconnect');
  });

  it('bounds the queue while disconnected, dropping the oldest frames with a warning', async () => {
    const server = await startServer();
    const logger = captureLogger();
    const bus = new MessageBusClient({ url: server.url, maxQueue: 3, logger });
    onCleanup(() => bus.close());
    for (let i = 0; i < 5; i++) bus.emit(new Message('q', { i })); // before connect(): queued
    expect(bus.queuedFrames).toBe(3);
    expect(logger.lines.filter((l) => l.level === 'warn' && l.message.includes('queue full'))).toHaveLength(2);
    const got: number[] = [];
    bus.on('q', (m) => void got.push(m.data.i as number));
    bus.connect();
    await waitUntil(() => got.length === 3, 'the kept frames');
    expect(got).toEqual([2, 3, 4]);
  });

  it('rejects ready when closed before connecting and settles pending waits on close', async () => {
    const bus = new MessageBusClient({ url: 'ws://127.0.0.1:9/core', reconnect: { initialDelayMs: 10, maxDelayMs: 50 } });
    bus.connect();
    const plain = bus.waitForResponse(new Message('x'), undefined, 10_000);
    const strict = bus.waitForResponse(new Message('x'), undefined, 10_000, { rejectOnTimeout: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(bus.connected).toBe(false);
    await bus.close();
    await expect(bus.ready).rejects.toThrow(/closed before connecting to ws:\/\/127.0.0.1:9\/core/);
    expect(await plain).toBeNull();
    await expect(strict).rejects.toMatchObject({ code: 'client_closed' });
    await bus.close(); // idempotent
    bus.emit(new Message('after.close')); // dropped, no throw
  });

  it('connects with the shared secret; a wrong one stops it with the server reason instead of retrying for ever', async () => {
    const server = await startServer({ secret: 'tok' });
    const good = await client(server.url, { secret: 'tok' });
    expect(good.connected).toBe(true);
    const logger = captureLogger();
    const bad = new MessageBusClient({ url: server.url, secret: 'nope', logger, reconnect: { initialDelayMs: 10, maxDelayMs: 20 } });
    onCleanup(() => bad.close());
    let attempts = 0;
    bad.onConnectionEvent('reconnect', () => void attempts++);
    const refusals: MessageBusRefusedError[] = [];
    bad.onConnectionEvent('refused', (e) => void refusals.push(e));
    const pending = bad.waitForResponse(new Message('x'), undefined, 60_000, { rejectOnTimeout: true });
    bad.connect();
    const err = await bad.ready.then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(MessageBusRefusedError);
    expect(err).toMatchObject({ code: 'bus_refused', reason: expect.stringMatching(/^HTTP 401: Wrong shared secret/) });
    expect((err as Error).message).toMatch(/check that the shared secret matches/);
    await expect(pending).rejects.toMatchObject({ code: 'client_closed' });
    expect(refusals).toHaveLength(1);
    expect(attempts).toBe(0);
    expect(logger.lines.some((l) => l.level === 'error' && l.message.includes('refused this client (HTTP 401'))).toBe(true);
    expect(server.connectionCount).toBe(1);
  });

  it('without a secret against a server that requires one: stopped by the 1008 close, with its reason', async () => {
    const server = await startServer({ secret: 'tok' });
    const bus = new MessageBusClient({ url: server.url, secret: '', reconnect: { initialDelayMs: 10, maxDelayMs: 20 } });
    onCleanup(() => bus.close());
    const refused = new Promise<MessageBusRefusedError>((resolve) => bus.onConnectionEvent('refused', resolve));
    bus.emit(new Message('too.early'));
    bus.connect();
    const err = await refused;
    expect(err.reason).toBe('closed with 1008: shared secret required: send it in the handshake or as a first ovos.messagebus.auth frame');
    expect(err.message).toMatch(/pass it \(secret option or OVOS_TOOLS_BUS_SECRET\)/);
    expect(bus.connected).toBe(false);
    expect(server.framesRelayed).toBe(0);
  });

  it('keeps retrying on a wrong route (404), logging the refusal once, since that is not a refusal for good', async () => {
    const server = await startServer();
    const logger = captureLogger();
    const bus = new MessageBusClient({ url: `ws://127.0.0.1:${server.port}/nope`, secret: '', logger, reconnect: { initialDelayMs: 10, maxDelayMs: 20 } });
    onCleanup(() => bus.close());
    let attempts = 0;
    let refused = 0;
    bus.onConnectionEvent('reconnect', () => void attempts++);
    bus.onConnectionEvent('refused', () => void refused++);
    bus.connect();
    await waitUntil(() => attempts >= 3, 'several attempts');
    expect(refused).toBe(0);
    expect(logger.lines.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([
      expect.stringMatching(/refused the handshake \(HTTP 404: Not found: the messagebus is served at \/core\)/),
    ]);
  });

  it('takes its secret from OVOS_TOOLS_BUS_SECRET when none is given', async () => {
    const server = await startServer({ secret: 'env-tok' });
    process.env.OVOS_TOOLS_BUS_SECRET = 'env-tok';
    try {
      const bus = await client(server.url);
      expect(bus.connected).toBe(true);
    } finally {
      delete process.env.OVOS_TOOLS_BUS_SECRET;
    }
  });

  it('warns loudly when the bus URL is not on this machine, and not for loopback', () => {
    const logger = captureLogger();
    const far = new MessageBusClient({ url: 'ws://192.0.2.1:8181/core', secret: '', logger, reconnect: false });
    far.connect();
    void far.close();
    const secured = captureLogger();
    const tls = new MessageBusClient({ url: 'wss://192.0.2.1:8181/core', secret: 'x', logger: secured, reconnect: false });
    tls.connect();
    void tls.close();
    const local = captureLogger();
    for (const url of ['ws://127.0.0.1:9/core', 'ws://localhost:9/core', 'ws://[::1]:9/core']) {
      const c = new MessageBusClient({ url, logger: local, reconnect: false });
      c.connect();
      void c.close();
    }
    expect(logger.lines.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([
      'SECURITY: connecting to the messagebus at ws://192.0.2.1:8181/core, which is not on this machine: every frame crosses the network unencrypted over ws://, and no shared secret is set (secret option or OVOS_TOOLS_BUS_SECRET)',
    ]);
    expect(secured.lines.filter((l) => l.level === 'warn')).toEqual([]);
    expect(local.lines.filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('builds its URL from host/port/route/ssl', () => {
    const bus = new MessageBusClient({ host: '::1', port: 1234, route: 'bus', ssl: true });
    expect(bus.url).toBe('wss://[::1]:1234/bus');
    void bus.close();
  });
});

describe('isMessageBusReachable', () => {
  it('is true for a live bus and false for a closed port, a wrong route or a wrong secret', async () => {
    const server = await startServer();
    expect(await isMessageBusReachable(server.url)).toBe(true);
    expect(await isMessageBusReachable(`ws://127.0.0.1:${server.port}/nope`)).toBe(false);
    const gone = new MessageBusServer({ port: 0 });
    await gone.start();
    const url = gone.url;
    await gone.close();
    expect(await isMessageBusReachable(url)).toBe(false);
    const locked = await startServer({ secret: 'k' });
    expect(await isMessageBusReachable(locked.url, 1000, { secret: 'wrong' })).toBe(false);
    expect(await isMessageBusReachable(locked.url, 1000, { secret: 'k' })).toBe(true);
    // no secret: the bus is there (it waits for a first-frame secret), so the probe says so
    expect(await isMessageBusReachable(locked.url)).toBe(true);
    expect(await isMessageBusReachable('not a url')).toBe(false);
    await waitUntil(() => server.connectionCount === 0, 'probe connections to close');
  });
});

describe('MessageBusClient: its own frames coming back', () => {
  it('a handler added after an earlier emit of the same type sees later emits, and peers see all of them', async () => {
    const server = await startServer();
    const me = new MessageBusClient({ url: server.url, reconnect: false });
    onCleanup(() => me.close());
    await me.connect();
    const peer = new MessageBusClient({ url: server.url, reconnect: false });
    onCleanup(() => peer.close());
    await peer.connect();
    const peerSaw: number[] = [];
    peer.on('own.echo', (m) => void peerSaw.push(m.data.n as number));
    me.emit(new Message('own.echo', { n: 1 })); // nobody on `me` listens: its echo is not parsed
    await waitUntil(() => peerSaw.length === 1, 'the first frame at the peer');
    const mine: number[] = [];
    me.on('own.echo', (m) => void mine.push(m.data.n as number));
    me.emit(new Message('own.echo', { n: 2 }));
    await waitUntil(() => mine.length === 1 && peerSaw.length === 2, 'the second frame');
    expect(mine).toEqual([2]);
    expect(peerSaw).toEqual([1, 2]);
  });
});
