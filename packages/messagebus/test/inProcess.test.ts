import { afterEach, describe, expect, it } from 'vitest';
import { Message, type Bus } from '@ovos-tools/core';
import { CONNECTED_GREETING, MessageBusClient, type MessageBusServer } from '@ovos-tools/messagebus';
import { captureLogger, onCleanup, rawClient, runCleanups, startServer, waitUntil } from './helpers.js';

afterEach(runCleanups);

/** A bus client of `server` as the semantics suite sees it: `Bus` plus the extras both clients share. */
type TestBus = Bus & {
  waitForMessage(type: string, timeoutMs?: number): Promise<Message | null>;
  listenerCount(type: string): number;
  close(): Promise<void>;
  on(type: 'message', handler: (frame: string) => void): void;
  on(type: string, handler: (m: Message) => void): void;
};

type Factory = (server: MessageBusServer, logger?: ReturnType<typeof captureLogger>) => Promise<TestBus>;

const websocket: Factory = async (server, logger) => {
  const c = new MessageBusClient({ url: server.url, reconnect: false, logger });
  onCleanup(() => c.close());
  await c.connect();
  return c;
};
const inProcess: Factory = async (server, logger) => {
  const c = server.attach({ logger });
  onCleanup(() => c.close());
  return c;
};

// The same semantics, proved for a websocket client and for an in-process attachment, each talking to peers of both kinds.
describe.each([
  ['websocket client', websocket],
  ['in-process attachment', inProcess],
])('bus semantics: %s', (_name, make) => {
  it('sees its own emit via the server, never synchronously inside emit, and so do its peers', async () => {
    const server = await startServer();
    const me = await make(server);
    const ws = await websocket(server);
    const attached = await inProcess(server);
    const seen: string[] = [];
    me.on('hello', () => void seen.push('me'));
    ws.on('hello', () => void seen.push('ws'));
    attached.on('hello', () => void seen.push('attached'));
    me.emit(new Message('hello', { n: 1 }));
    expect(seen).toEqual([]);
    await waitUntil(() => seen.length === 3, 'the echo to all three');
    expect([...seen].sort()).toEqual(['attached', 'me', 'ws']);
    expect(server.framesRelayed).toBe(1);
  });

  it('waits with timeoutMs = Infinity for a late reply, and settles pending waits when it closes (strict: client_closed)', async () => {
    const server = await startServer();
    const bus = await make(server);
    const peer = await inProcess(server);
    peer.on('late', (m) => void setTimeout(() => peer.emit(m.response({ ok: true })), 30));
    expect((await bus.waitForResponse(new Message('late'), undefined, Number.POSITIVE_INFINITY))?.data).toEqual({ ok: true });
    const plain = bus.waitForResponse(new Message('never.answered'), undefined, 60_000);
    const strict = (bus as MessageBusClient).waitForResponse(new Message('never.answered'), undefined, 60_000, { rejectOnTimeout: true }).catch((e: unknown) => e);
    await bus.close();
    expect(await plain).toBeNull();
    expect(await strict).toMatchObject({ name: 'ResponseTimeoutError', code: 'client_closed', message: expect.stringMatching(/closed while waiting for 'never.answered.response'/) });
  });

  it('keeps the relay order of frames from websocket and in-process senders alike', async () => {
    const server = await startServer();
    const me = await make(server);
    const raw = await rawClient(server.url);
    const attached = await inProcess(server);
    const got: string[] = [];
    me.on('seq', (m) => void got.push(String(m.data.i)));
    // one sender's frames stay in order; the in-process ones are relayed at once, in emit order
    for (let i = 0; i < 50; i++) attached.emit(new Message('seq', { i: `a${i}` }));
    for (let i = 0; i < 50; i++) raw.ws.send(JSON.stringify({ type: 'seq', data: { i: `r${i}` }, context: {} }));
    await waitUntil(() => got.length === 100, '100 frames');
    expect(got.filter((x) => x.startsWith('a'))).toEqual(Array.from({ length: 50 }, (_, i) => `a${i}`));
    expect(got.filter((x) => x.startsWith('r'))).toEqual(Array.from({ length: 50 }, (_, i) => `r${i}`));
    expect(got.slice(0, 50).every((x) => x.startsWith('a'))).toBe(true);
    // and the raw websocket peer sees the in-process frames in the same order
    await waitUntil(() => raw.frames.filter((f) => f.includes('"seq"')).length === 100, 'raw echo');
    const rawOrder = raw.frames.filter((f) => f.includes('"seq"')).map((f) => JSON.parse(f).data.i as string);
    expect(rawOrder.filter((x) => x.startsWith('a'))).toEqual(Array.from({ length: 50 }, (_, i) => `a${i}`));
  });

  it('supports once and off', async () => {
    const server = await startServer();
    const bus = await make(server);
    const onceGot: number[] = [];
    const onGot: number[] = [];
    const handler = (m: Message) => void onGot.push(m.data.i as number);
    bus.once('n', (m) => void onceGot.push(m.data.i as number));
    bus.on('n', handler);
    bus.emit(new Message('n', { i: 1 }));
    await waitUntil(() => onGot.length === 1, 'first');
    bus.off('n', handler);
    bus.emit(new Message('n', { i: 2 }));
    expect((await bus.waitForMessage('n'))?.data.i).toBe(2);
    expect(onceGot).toEqual([1]);
    expect(onGot).toEqual([1]);
    expect(bus.listenerCount('n')).toBe(0);
  });

  it('waitForResponse: concurrent identical requests each get their own reply, from a peer of either kind', async () => {
    const server = await startServer();
    const requester = await make(server);
    const wsResponder = await websocket(server);
    const inResponder = await inProcess(server);
    wsResponder.on('sq.ws', (m) => wsResponder.emit(m.response({ n: m.data.n, square: (m.data.n as number) ** 2 })));
    inResponder.on('sq.in', (m) => inResponder.emit(m.response({ n: m.data.n, square: (m.data.n as number) ** 2 })));
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) => requester.waitForResponse(new Message(i % 2 ? 'sq.ws' : 'sq.in', { n: i }), undefined, 10_000)),
    );
    replies.forEach((r, i) => expect(r?.data).toEqual({ n: i, square: i * i }));
    expect(await requester.waitForResponse(new Message('nobody.home'), undefined, 50)).toBeNull();
  });

  it('logs and skips malformed frames, passes good ones to raw and typed handlers', async () => {
    const server = await startServer();
    const logger = captureLogger();
    const bus = await make(server, logger);
    const raw = await rawClient(server.url);
    const got: Message[] = [];
    const rawSeen: string[] = [];
    bus.on('good', (m) => void got.push(m));
    bus.on('message', (f: string) => void rawSeen.push(f));
    for (const bad of ['not json', '[1,2]', '{"type":5}', '{"type":"x","data":[1]}']) raw.ws.send(bad);
    raw.ws.send('{"type":"good","data":{"ok":1},"context":{}}');
    await waitUntil(() => got.length === 1, 'the good frame');
    expect(logger.lines.filter((l) => l.message.startsWith('skipping malformed'))).toHaveLength(4);
    expect(rawSeen.at(-1)).toBe('{"type":"good","data":{"ok":1},"context":{}}');
  });

});

describe('MessageBusServer.attach', () => {
  it('settles pending waitForResponse with null when the server closes (it has nothing to reconnect to)', async () => {
    const server = await startServer();
    const bus = await inProcess(server);
    const pending = bus.waitForResponse(new Message('never.answered'), undefined, 20_000);
    await new Promise((r) => setTimeout(r, 20));
    await server.close();
    expect(await pending).toBeNull();
  });
  it('receives the connected greeting first, as a new websocket connection does', async () => {
    const server = await startServer();
    const me = server.attach();
    onCleanup(() => me.close());
    const raw: string[] = [];
    me.on('message', (f: string) => void raw.push(f));
    const first = await me.waitForMessage('connected', 5000);
    expect(first?.context).toEqual({ session: { session_id: 'default' } });
    expect(raw[0]).toBe(CONNECTED_GREETING);
  });

  it('sends a raw websocket peer exactly the OVOS JSON it emits, and answers it', async () => {
    const server = await startServer();
    const bus = server.attach();
    onCleanup(() => bus.close());
    const raw = await rawClient(server.url);
    bus.on('ovos.ping', (m) => bus.emit(m.response({ pong: true })));
    raw.ws.send('{"type": "ovos.ping", "data": {}, "context": {"source": "py", "destination": "ts", "session": {"session_id": "s1"}}}');
    await waitUntil(() => raw.frames.some((f) => f.includes('ovos.ping.response')), 'the response');
    expect(raw.frames.find((f) => f.includes('ovos.ping.response'))).toBe(
      '{"type":"ovos.ping.response","data":{"pong":true},"context":{"source":"ts","destination":"py","session":{"session_id":"s1"}}}',
    );
    expect(server.attachmentCount).toBe(1);
    expect(server.connectionCount).toBe(1);
  });

  it('closes an attachment that falls behind by more than maxBufferedBytes', async () => {
    const logger = captureLogger();
    const server = await startServer({ maxBufferedBytes: 64 * 1024, logger });
    const slow = server.attach();
    const sender = server.attach();
    onCleanup(() => sender.close());
    const reasons: string[] = [];
    slow.onClose((r) => void reasons.push(r));
    const big = 'x'.repeat(16 * 1024);
    for (let i = 0; i < 8; i++) sender.emit(new Message('flood', { big })); // synchronous: nobody can read in between
    expect(slow.connected).toBe(false);
    expect(reasons).toEqual(['slow']);
    expect(server.attachmentCount).toBe(0); // the sender fell behind too: it also receives its own frames
    expect(logger.lines.some((l) => l.level === 'warn' && l.message.includes('not keeping up'))).toBe(true);
  });

  it('drops a frame above max_msg_size with an error, and stays attached', async () => {
    const logger = captureLogger();
    const server = await startServer({ maxMsgSizeMiB: 0.01 });
    const bus = server.attach({ logger });
    onCleanup(() => bus.close());
    const raw = await rawClient(server.url);
    bus.emit(new Message('huge', { s: 'x'.repeat(20_000) }));
    bus.emit(new Message('small'));
    await waitUntil(() => raw.frames.some((f) => f.includes('"small"')), 'the small frame');
    expect(raw.frames.some((f) => f.includes('"huge"'))).toBe(false);
    expect(logger.lines.some((l) => l.level === 'error' && l.message.includes("dropped 'huge'"))).toBe(true);
    expect(bus.connected).toBe(true);
  });

  it('after close: emits are dropped with a warning, and attach on a closed server throws', async () => {
    const logger = captureLogger();
    const server = await startServer();
    const bus = server.attach({ logger });
    await bus.close();
    bus.emit(new Message('late'));
    expect(logger.lines.some((l) => l.level === 'warn' && l.message.includes("dropped 'late'"))).toBe(true);
    expect(await bus.waitForResponse(new Message('late.q'), undefined, 10)).toBeNull();
    await server.close();
    expect(() => server.attach()).toThrow(/closed/);
  });
});

describe('in-process attachment: frames it emitted itself', () => {
  it('reach a handler registered after the emit but before delivery (nothing is skipped early)', async () => {
    const server = await startServer();
    const me = server.attach();
    onCleanup(() => me.close());
    const got: number[] = [];
    me.emit(new Message('late.listener', { n: 1 }));
    me.on('late.listener', (m) => void got.push(m.data.n as number));
    await waitUntil(() => got.length === 1, 'the own emit');
    expect(got).toEqual([1]);
  });

  it('are still relayed to every other client when the emitter has no handler for them', async () => {
    const server = await startServer();
    const me = server.attach();
    onCleanup(() => me.close());
    const raw = await rawClient(server.url);
    const other = server.attach();
    onCleanup(() => other.close());
    const seen: number[] = [];
    other.on('nobody.here', (m) => void seen.push(m.data.n as number));
    for (let n = 0; n < 20; n++) me.emit(new Message('nobody.here', { n }));
    await waitUntil(() => seen.length === 20 && raw.frames.filter((f) => f.includes('nobody.here')).length === 20, 'relay');
    expect(seen).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });
});
