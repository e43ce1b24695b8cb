import { afterEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { captureLogger, onCleanup, rawClient, runCleanups, startServer, waitUntil, type RawClient } from './helpers.js';

afterEach(runCleanups);

/** The local `address:port` of a raw client's socket: how the server names it in its log. */
const labelOf = (c: RawClient) => {
  const a = (c.ws as unknown as { _socket: { address(): AddressInfo } })._socket.address();
  return `${a.address}:${a.port}`;
};

describe('large frames (taken in by the gate, relayed in their pieces)', () => {
  it('relays large text and binary frames between small ones, byte for byte and in order, to every client and the attachment', async () => {
    const server = await startServer({ maxMsgSizeMiB: 4, clientBytesPerSecond: 0 });
    const bus = server.attach();
    const seen: number[] = [];
    bus.on('big', (m) => seen.push((m.data.s as string).length));
    const sender = await rawClient(server.url);
    const receiver = await rawClient(server.url);
    const binaries: Buffer[] = [];
    receiver.ws.on('message', (data, isBinary) => isBinary && binaries.push(data as Buffer));
    const big = (i: number) => `{"type":"big","data":{"i":${i},"s":"${'é€😀x'.repeat(150_000 + i * 1000)}"}}`;
    const blob = Buffer.alloc(3 * 1024 * 1024 + 17, 0xfe); // not UTF-8: fine in a binary frame
    const expected: string[] = [];
    for (let i = 0; i < 4; i++) {
      const small = `{"type":"small","data":{"i":${i}}}`;
      sender.ws.send(small);
      sender.ws.send(big(i));
      expected.push(small, big(i));
    }
    sender.ws.send(blob, { binary: true });
    sender.ws.send('{"type":"last"}');
    expected.push(blob.toString(), '{"type":"last"}');
    // a message sent in fragments, one of them large, arrives whole
    sender.ws.send('{"type":"frag","data":{"s":"' + 'f'.repeat(200_000), { fin: false });
    sender.ws.send('"}}', { fin: true });
    expected.push(`{"type":"frag","data":{"s":"${'f'.repeat(200_000)}"}}`);
    for (const client of [receiver, sender]) {
      await waitUntil(() => client.frames.length >= expected.length + 1, 'every frame relayed', 30_000);
      expect(client.frames.slice(1)).toEqual(expected); // after the greeting
    }
    expect(binaries.length).toBe(1);
    expect(binaries[0]!.equals(blob)).toBe(true);
    await waitUntil(() => seen.length === 4, 'the attachment parses the big frames it handles');
    expect(seen).toEqual([0, 1, 2, 3].map((i) => 'é€😀x'.repeat(150_000 + i * 1000).length));
  });

  it('reads large frames of a handled type off the thread, keeping each sender’s order; refuses too-big ones with their request', async () => {
    const server = await startServer({ maxMsgSizeMiB: 8, clientBytesPerSecond: 0 });
    const bus = server.attach();
    const order: string[] = [];
    bus.on('job', (m) => order.push(`${m.data.from}:${m.data.i}`));
    const refused: Array<{ message: string; request?: string }> = [];
    bus.onMalformed((err) => refused.push({ message: err.message, request: err.request?.data.from as string | undefined }));
    const a = await rawClient(server.url);
    const b = await rawClient(server.url);
    const big = (from: string, i: number) => `{"type":"job","data":{"from":"${from}","i":${i},"s":"${'z'.repeat(2_000_000)}"}}`;
    a.ws.send(big('a', 0));
    a.ws.send('{"type":"job","data":{"from":"a","i":1}}');
    b.ws.send('{"type":"job","data":{"from":"b","i":0}}');
    a.ws.send(`{"type":"job","data":{"from":"a","i":2,"n":[${Array.from({ length: 200_000 }, (_, k) => k).join(',')}]}}`);
    a.ws.send('{"type":"job","data":{"from":"a","i":3}}');
    b.ws.send(big('b', 1));
    await waitUntil(() => order.length === 5 && refused.length === 1, 'every job dispatched or refused', 30_000);
    expect(order.filter((o) => o.startsWith('a'))).toEqual(['a:0', 'a:1', 'a:3']);
    expect(order.filter((o) => o.startsWith('b'))).toEqual(['b:0', 'b:1']);
    expect(refused).toEqual([{ message: expect.stringMatching(/values/), request: 'a' }]);
  });

  it('relays a large frame sent right behind the auth frame (the hand-over) and later ones', async () => {
    const server = await startServer({ secret: 's3cret', clientBytesPerSecond: 0 });
    const member = await rawClient(`${server.url}?token=s3cret`);
    const late = await rawClient(server.url);
    const big = (i: number) => `{"type":"after.auth","data":{"i":${i},"s":"${'q'.repeat(300_000)}"}}`;
    late.ws.send('{"type":"ovos.messagebus.auth","data":{"secret":"s3cret"},"context":{}}');
    late.ws.send(big(0));
    late.ws.send(big(1));
    await waitUntil(() => member.frames.length === 3, 'both large frames relayed to the member');
    expect(member.frames.slice(1)).toEqual([big(0), big(1)]);
    expect(member.frames.some((f) => f.includes('s3cret'))).toBe(false);
  });

  it('closes a client whose large text frame is not UTF-8 with 1007, naming it; nobody gets the frame, others go on', async () => {
    const logger = captureLogger();
    const server = await startServer({ logger });
    const bad = await rawClient(server.url);
    const other = await rawClient(server.url);
    const label = labelOf(bad);
    const payload = Buffer.concat([Buffer.from('{"type":"x","data":"'), Buffer.alloc(100_000, 0x61), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    bad.ws.send(payload, { binary: false });
    expect(await bad.closed).toBe(1007);
    expect(logger.lines.some((l) => l.level === 'warn' && l.message === `closing messagebus client ${label}: it sent a text frame that is not valid UTF-8 (1007)`)).toBe(true);
    other.ws.send('{"type":"still.here"}');
    await waitUntil(() => other.frames.includes('{"type":"still.here"}'), 'the other client relayed');
    expect(other.frames.some((f) => f.length > 50_000)).toBe(false);
  });
});

describe('a MessageBusClient and the large frames sent to every client', () => {
  it('skips the large frames it has no handler for as they arrive, and still gets the ones it handles and every small one, in order', async () => {
    const server = await startServer({ maxMsgSizeMiB: 4, clientBytesPerSecond: 0 });
    const { MessageBusClient } = await import('@ovos-tools/messagebus');
    const client = new MessageBusClient({ url: server.url, reconnect: false });
    onCleanup(() => client.close());
    const got: string[] = [];
    const malformed: string[] = [];
    client.on('small', (m) => void got.push(`small ${m.data.i}`));
    client.on('wanted', (m) => void got.push(`wanted ${m.data.i} ${(m.data.s as string).length}`));
    client.onMalformed((err) => void malformed.push(err.message));
    await client.connect();
    const sender = await rawClient(server.url);
    const pad = (n: number) => 'é€😀x'.repeat(n);
    for (let i = 0; i < 3; i++) {
      sender.ws.send(`{"type":"small","data":{"i":${i}}}`);
      sender.ws.send(`{"type":"flood","data":{"i":${i},"s":"${pad(300_000)}"}}`);
      sender.ws.send(`{"type":"wanted","data":{"i":${i},"s":"${pad(100_000)}"}}`);
    }
    sender.ws.send(`[${'1,'.repeat(800_000)}1]`); // untyped, over 1 MiB: refused unread
    sender.ws.send('{"type":"small","data":{"i":3}}');
    await waitUntil(() => got.length === 7, 'the small and wanted frames', 30_000);
    const wantedLength = pad(100_000).length;
    expect(got).toEqual(['small 0', `wanted 0 ${wantedLength}`, 'small 1', `wanted 1 ${wantedLength}`, 'small 2', `wanted 2 ${wantedLength}`, 'small 3']);
    expect(client.largeFramesSkipped).toBe(4);
    expect(malformed).toEqual([expect.stringMatching(/^a frame of 1600003 bytes that does not start with \{"type": …\} was dropped unread/)]);
    // a handler added later gets the later frames of its type whole
    client.on('flood', (m) => void got.push(`flood ${m.data.i}`));
    sender.ws.send(`{"type":"flood","data":{"i":9,"s":"${pad(300_000)}"}}`);
    await waitUntil(() => got.length === 8, 'the flood frame, now wanted', 30_000);
    expect(got.at(-1)).toBe('flood 9');
    expect(client.largeFramesSkipped).toBe(4);
  });
});
