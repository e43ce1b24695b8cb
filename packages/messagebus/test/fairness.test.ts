import { afterEach, describe, expect, it } from 'vitest';
import { MalformedMessageError, Message } from '@ovos-tools/core';
import { MessageBusClient, type InProcessBusClient } from '@ovos-tools/messagebus';
import type { AddressInfo } from 'node:net';
import { captureLogger, onCleanup, rawClient, runCleanups, startServer, waitUntil, type RawClient } from './helpers.js';

afterEach(runCleanups);

/** The local `address:port` of a raw client's socket: how the server names it in its log. */
const labelOf = (c: RawClient) => {
  const a = (c.ws as unknown as { _socket: { address(): AddressInfo } })._socket.address();
  return `${a.address}:${a.port}`;
};

/** An in-process responder: answers `ping` with `pong`, and a malformed `ovos.tools.invoke` with its error. */
function respond(bus: InProcessBusClient): Array<{ error: string }> {
  const refused: Array<{ error: string }> = [];
  bus.on('ping', (m) => bus.emit(m.response({ pong: m.data.n })));
  bus.on('ovos.tools.invoke', (m) => bus.emit(m.response({ ok: true })));
  bus.onMalformed((err: MalformedMessageError) => {
    if (!err.request) return;
    refused.push({ error: err.message });
    bus.emit(err.request.response({ error: err.message, code: err.code }));
  });
  return refused;
}

describe('a bus no client can stall', () => {
  it('slows a client that sends more than its share, alone, naming it; its frames and everyone else’s keep their order', async () => {
    const logger = captureLogger();
    const server = await startServer({ logger, maxMsgSizeMiB: 1, clientBytesPerSecond: 512 * 1024, clientBurstBytes: 512 * 1024 });
    respond(server.attach());
    const flooder = await rawClient(server.url);
    const observer = await rawClient(server.url);
    const caller = new MessageBusClient({ url: server.url, reconnect: false });
    onCleanup(() => caller.close());
    await caller.connect();

    const pad = 'x'.repeat(300 * 1024);
    for (let i = 0; i < 6; i++) flooder.ws.send(`{"type":"flood","data":{"i":${i},"pad":"${pad}"}}`);
    const floods = () => observer.frames.filter((f) => f.startsWith('{"type":"flood"')).map((f) => (JSON.parse(f) as { data: { i: number } }).data.i);
    // the caller is answered, one request after another, while the flooder is held back (its last frame not yet relayed)
    for (let n = 0; n < 5; n++) {
      const reply = await caller.waitForResponse(new Message('ping', { n }), undefined, 10_000);
      expect(reply?.data.pong).toBe(n);
    }
    expect(floods().length).toBeLessThan(6);
    await waitUntil(() => floods().length === 6, 'every flood frame, late', 30_000);
    expect(floods()).toEqual([0, 1, 2, 3, 4, 5]);
    const pings = observer.frames.filter((f) => f.startsWith('{"type":"ping"')).map((f) => (JSON.parse(f) as { data: { n: number } }).data.n);
    expect(pings).toEqual([0, 1, 2, 3, 4]);
    const slowed = logger.lines.filter((l) => l.level === 'warn' && l.message.startsWith('slowing messagebus client'));
    expect(slowed.length).toBeGreaterThan(0);
    for (const line of slowed) expect(line.message).toContain(`client ${labelOf(flooder)}:`);
    expect(server.clientsThrottled).toBeGreaterThan(0);
    expect(flooder.closeCode).toBeUndefined(); // slowed, not cut
  });

  it('a client within its budget is never slowed, and 0 turns the budget off', async () => {
    const logger = captureLogger();
    for (const options of [{}, { clientBytesPerSecond: 0, clientBurstBytes: 1 }]) {
      const server = await startServer({ logger, ...options });
      const a = await rawClient(server.url);
      const b = await rawClient(server.url);
      // within the default burst (1 MiB for the 8 MiB frame limit): 9 frames of about 100 kB at once
      for (let i = 0; i < 9; i++) a.ws.send(`{"type":"bulk","data":{"s":"${'y'.repeat(100_000)}"}}`);
      await waitUntil(() => b.frames.length >= 10, 'the bulk frames');
      expect(server.clientsThrottled).toBe(0);
    }
    // small frames are not charged: a chatty client of ordinary OVOS messages is never slowed
    const tiny = await startServer({ logger, clientBytesPerSecond: 1024, clientBurstBytes: 1024 });
    const c = await rawClient(tiny.url);
    for (let i = 0; i < 2000; i++) c.ws.send(`{"type":"chat","data":{"i":${i},"s":"${'c'.repeat(1000)}"}}`);
    await waitUntil(() => c.frames.length >= 2001, 'the chat frames echoed');
    expect(tiny.clientsThrottled).toBe(0);
    expect(logger.lines.filter((l) => l.message.startsWith('slowing'))).toEqual([]);
    await expect(startServer({ clientBytesPerSecond: -1 })).rejects.toThrow(/clientBytesPerSecond/);
  });

  it('an attached client drops a big frame of a type it does not handle unread (not even parsed)', async () => {
    const logger = captureLogger();
    const server = await startServer({ logger });
    const bus = server.attach({ logger });
    respond(bus);
    const sender = await rawClient(server.url);
    // broken JSON after the type: parsing it would log "skipping malformed"
    sender.ws.send(`{"type":"not.mine","data":{"l":[${'1,'.repeat(1_000_000)}`);
    sender.ws.send('{"type":"ping","data":{"n":7},"context":{}}');
    await waitUntil(() => sender.frames.some((f) => f.includes('"pong":7')), 'the pong');
    expect(logger.lines.filter((l) => l.message.includes('malformed'))).toEqual([]);
    // over 1 MiB and not starting with its type: refused unread (its type could only be found by reading it all)
    sender.ws.send(`{"data":{"s":"${'z'.repeat(1_200_000)}"},"type":"ping"}`);
    sender.ws.send('{"type":"ping","data":{"n":8},"context":{}}');
    await waitUntil(() => sender.frames.some((f) => f.includes('"pong":8')), 'the second pong');
    const refused = logger.lines.filter((l) => l.message.includes('malformed'));
    expect(refused).toHaveLength(1);
    expect(refused[0]!.message).toContain('does not start with {"type": …} was dropped unread');
    expect(sender.frames.filter((f) => f.includes('"pong"'))).toHaveLength(2);
  });

  it('a websocket client also drops big frames of types it does not handle unread, and refuses big untyped ones', async () => {
    const server = await startServer();
    const logger = captureLogger();
    const client = new MessageBusClient({ url: server.url, reconnect: false, logger });
    onCleanup(() => client.close());
    await client.connect();
    const got: number[] = [];
    client.on('ping', (m) => void got.push(m.data.n as number));
    const sender = await rawClient(server.url);
    sender.ws.send(`{"type":"not.mine","data":{"l":[${'1,'.repeat(1_000_000)}`); // broken after its type: never read
    sender.ws.send(`{"data":{"s":"${'z'.repeat(1_200_000)}"},"type":"ping"}`); // over 1 MiB, type not first
    sender.ws.send('{"type":"ping","data":{"n":1},"context":{}}');
    await waitUntil(() => got.length === 1, 'the ping');
    const malformed = logger.lines.filter((l) => l.message.includes('malformed'));
    expect(malformed).toHaveLength(1);
    expect(malformed[0]!.message).toContain('does not start with {"type": …} was dropped unread');
  });

  it('a client with raised frameLimits reads a big answer that the default limits refuse', async () => {
    const server = await startServer();
    const answer = `{"type":"big.answer","data":{"tools":[${Array.from({ length: 150_000 }, (_, i) => i).join(',')}]},"context":{}}`;
    const got: Record<string, number[]> = { strict: [], raised: [] };
    for (const [name, frameLimits] of [['strict', undefined], ['raised', { maxValues: Infinity }]] as const) {
      const client = new MessageBusClient({ url: server.url, reconnect: false, frameLimits });
      onCleanup(() => client.close());
      await client.connect();
      client.on('big.answer', (m) => void got[name]!.push((m.data.tools as number[]).length));
    }
    const sender = await rawClient(server.url);
    sender.ws.send(answer);
    sender.ws.send('{"type":"big.answer","data":{"tools":[1]},"context":{}}');
    await waitUntil(() => got.strict!.length === 1 && got.raised!.length === 2, 'the answers', 30_000);
    expect(got).toEqual({ strict: [1], raised: [150_000, 1] });
  });

  it('a relayed frame arriving while the attachment is behind is dropped with a warning; the attachment stays', async () => {
    const logger = captureLogger();
    const server = await startServer({ logger });
    const bus = server.attach({ logger });
    const got: number[] = [];
    bus.on('big', (m) => void got.push(m.data.i as number));
    // three 7 MiB frames relayed in one turn (as if the event loop had been blocked while they arrived): 21 MiB > 16 MiB
    const big = (i: number) => Buffer.from(`{"type":"big","data":{"i":${i},"s":"${'b'.repeat(7 * 1024 * 1024)}"}}`);
    for (let i = 0; i < 3; i++) bus.deliver(big(i));
    await waitUntil(() => got.length === 2, 'the first two frames', 30_000);
    expect(got).toEqual([0, 1]);
    expect(bus.connected).toBe(true);
    expect(logger.lines.some((l) => l.level === 'warn' && /in-process bus client is behind .*dropped a relayed 'big' of \d+ bytes/.test(l.message))).toBe(true);
  });

  it.each([
    ['nested a million levels deep', `{"l":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`, /data.arguments nests deeper than 64 levels/],
    ['2.7 million {}', `[${Array(2_700_000).fill('{}').join(',')}]`, /the frame holds about \d+ JSON values \(most in data.arguments\)/],
  ])('a request %s to a topic the provider handles is refused unparsed and answered; the next request is served', async (_what, args, why) => {
    const server = await startServer();
    const bus = server.attach();
    const refused = respond(bus);
    const hostile = await rawClient(server.url);
    const caller = await rawClient(server.url);
    hostile.ws.send(`{"type":"ovos.tools.invoke","data":{"name":"t","arguments":${args}},"context":{"request_id":"evil-1"}}`);
    caller.ws.send('{"type":"ping","data":{"n":1},"context":{"request_id":"good-1"}}');
    await waitUntil(() => caller.frames.some((f) => f.includes('"pong":1')), 'the caller answered', 30_000);
    await waitUntil(() => hostile.frames.some((f) => f.startsWith('{"type":"ovos.tools.invoke.response"')), 'the refusal', 30_000);
    const answer = JSON.parse(hostile.frames.find((f) => f.startsWith('{"type":"ovos.tools.invoke.response"'))!) as Message;
    expect(answer.data.code).toBe('malformed_message');
    expect(answer.data.error).toMatch(why); // this text comes from the scan before parsing, never from JSON.parse
    expect(answer.context.request_id).toBe('evil-1');
    expect(refused).toHaveLength(1);
    // ordinary requests to the same topic still work
    caller.ws.send('{"type":"ovos.tools.invoke","data":{"name":"t","arguments":{"a":[1,2,3]}},"context":{"request_id":"good-2"}}');
    await waitUntil(() => caller.frames.some((f) => f.includes('"ok":true') && f.includes('good-2')), 'the ordinary invoke');
  });
});
