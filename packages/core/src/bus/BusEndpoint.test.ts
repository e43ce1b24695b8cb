import { BusEndpoint, FakeBus, MalformedMessageError, Message, ResponseTimeoutError, type BusEndpointOptions } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';
import { recordingLogger } from '../../test/fixtures.js';

/**
 * A transport written only with what BusEndpoint asks of one: frames go out through `send` and come back, a turn
 * later, through `receiveFrame` (a loopback wire, like a relay that echoes to its sender).
 */
class LoopbackBus extends BusEndpoint {
  readonly wire: string[] = [];

  constructor(options: BusEndpointOptions = {}) {
    super('LoopbackBus', options);
  }

  /** What a peer puts on the wire. */
  arrive(frame: string): void {
    this.receiveFrame(frame);
  }

  close(): void {
    this.closed = true;
    this.settleWaiters();
  }

  protected send(message: Message): void {
    const frame = message.serialize();
    this.wire.push(frame);
    setImmediate(() => this.receiveFrame(frame));
  }
}

describe('BusEndpoint: the Bus surface a transport gets by extending it', () => {
  it('emit stamps the session (mutating the message) and hands it to send; handlers run on the frame that comes back', async () => {
    const bus = new LoopbackBus({ sessionId: 's-9' });
    const got: Message[] = [];
    const raw: string[] = [];
    bus.on('hello', (m) => void got.push(m));
    bus.on('message', (f: string) => void raw.push(f));
    const m = new Message('hello', { n: 1 });
    bus.emit(m);
    expect(m.context).toEqual({ session: { session_id: 's-9' } });
    expect(bus.wire).toEqual(['{"type":"hello","data":{"n":1},"context":{"session":{"session_id":"s-9"}}}']);
    expect(got).toHaveLength(0); // not dispatched inside emit: this transport delivers a turn later
    await new Promise((r) => setImmediate(r));
    expect(got.map((g) => g.data)).toEqual([{ n: 1 }]);
    expect(raw).toEqual(bus.wire);
  });

  it('waitForResponse settles by request id through any transport; waitForMessage too', async () => {
    const bus = new LoopbackBus();
    bus.on('sq', (m) => bus.emit(m.response({ square: (m.data.n as number) ** 2 })));
    const replies = await Promise.all([1, 2, 3].map((n) => bus.waitForResponse(new Message('sq', { n }))));
    expect(replies.map((r) => r?.data.square)).toEqual([1, 4, 9]);
    expect(bus.pendingResponses).toBe(0);
    const next = bus.waitForMessage('evt');
    bus.emit(new Message('evt', { k: 1 }));
    expect((await next)?.data).toEqual({ k: 1 });
  });

  it('a message that cannot be serialized makes emit throw and waitForResponse reject, leaving no waiter', async () => {
    const bus = new LoopbackBus();
    const deep = JSON.parse('['.repeat(100) + ']'.repeat(100)) as unknown;
    expect(() => bus.emit(new Message('x', { deep }))).toThrow(MalformedMessageError);
    await expect(bus.waitForResponse(new Message('x', { deep }))).rejects.toThrow(MalformedMessageError);
    await expect(bus.waitForResponse(new Message('x', { n: 1n as unknown as number }))).rejects.toThrow(TypeError);
    expect(bus.pendingResponses).toBe(0);
    expect(bus.wire).toEqual([]);
  });

  it('bad frames: logged, given to onMalformed, never to other handlers or waiters, and receiving never throws', () => {
    const logger = recordingLogger();
    const bus = new LoopbackBus({ logger });
    const typed: Message[] = [];
    const raw: string[] = [];
    bus.on('x', (m) => void typed.push(m));
    bus.on('message', (f: string) => void raw.push(f));
    const seen: string[] = [];
    bus.onMalformed((err, frame) => void seen.push(`${err.code} ${frame}`));
    for (const bad of ['not json', '[1]', '{"type":5}', '{"type":"x","data":[1]}', 'null']) expect(() => bus.arrive(bad)).not.toThrow();
    expect(typed).toEqual([]);
    expect(raw).toEqual([]);
    expect(seen).toEqual(['malformed_message not json', 'malformed_message [1]', 'malformed_message {"type":5}', 'malformed_message {"type":"x","data":[1]}', 'malformed_message null']);
    expect(logger.lines.filter((l) => l.level === 'warn' && l.message.startsWith('skipping malformed messagebus frame ('))).toHaveLength(5);
  });

  it('handler errors, thrown or rejected, are logged with the type and never reach the transport', async () => {
    const logger = recordingLogger();
    const bus = new LoopbackBus({ logger });
    let third = false;
    bus.on('t', () => {
      throw new Error('sync boom');
    });
    bus.on('t', async () => {
      throw new Error('async boom');
    });
    bus.on('t', () => void (third = true));
    expect(() => bus.arrive('{"type":"t","data":{},"context":{}}')).not.toThrow();
    await new Promise((r) => setImmediate(r));
    expect(third).toBe(true);
    expect(logger.lines.map((l) => [l.level, l.message, (l.args[0] as Error).message])).toEqual([
      ['error', "Error in event handler for 't'", 'sync boom'],
      ['error', "Error in event handler for 't'", 'async boom'],
    ]);
  });

  it('closed: emits are dropped with a warning naming the endpoint; pending and new waits settle at once', async () => {
    const logger = recordingLogger();
    const bus = new LoopbackBus({ logger });
    const plain = bus.waitForResponse(new Message('never'), undefined, 60_000);
    const strict = bus.waitForResponse(new Message('never'), undefined, 60_000, { rejectOnTimeout: true });
    bus.close();
    expect(await plain).toBeNull();
    const err = await strict.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTimeoutError);
    expect(err).toMatchObject({ code: 'client_closed', requestType: 'never', replyTypes: ['never.response'] });
    expect((err as Error).message).toBe("LoopbackBus closed while waiting for 'never.response' in reply to 'never'");
    await expect(bus.waitForResponse(new Message('late'), undefined, 60_000, { rejectOnTimeout: true })).rejects.toMatchObject({ code: 'client_closed' });
    const before = bus.wire.length;
    bus.emit(new Message('after'));
    expect(bus.wire.length).toBe(before);
    expect(logger.lines.some((l) => l.level === 'warn' && l.message === "LoopbackBus is closed; dropped 'after'")).toBe(true);
  });

  it('rejectOnTimeout gives a response_timeout error naming the request and the awaited reply types', async () => {
    const bus = new LoopbackBus();
    const err = await bus.waitForResponse(new Message('q'), ['q.done', 'q.failed'], 20, { rejectOnTimeout: true }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ResponseTimeoutError', code: 'response_timeout' });
    expect((err as Error).message).toBe("No 'q.done' or 'q.failed' reply to 'q' within 20 ms; is a service answering it connected to the bus?");
    expect(bus.pendingResponses).toBe(0);
  });
});

describe('FakeBus on the shared endpoint', () => {
  it('waitForResponse takes rejectOnTimeout too, and close settles pending waits at once (the bus stays usable)', async () => {
    const bus = new FakeBus();
    await expect(bus.waitForResponse(new Message('nobody'), undefined, 20, { rejectOnTimeout: true })).rejects.toMatchObject({ code: 'response_timeout' });
    const pending = bus.waitForResponse(new Message('later'), undefined, 60_000);
    expect(bus.pendingResponses).toBe(1);
    bus.close();
    expect(await pending).toBeNull();
    bus.on('ping', (m) => bus.emit(m.response({ pong: true })));
    expect((await bus.waitForResponse(new Message('ping')))?.data).toEqual({ pong: true });
  });
});
