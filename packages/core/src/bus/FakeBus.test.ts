import { FakeBus, MalformedMessageError, Message, REQUEST_ID_KEY, stampRequestId, type Bus } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';
import { isReplyTo, replyTypes } from './correlation.js';
import { recordingLogger } from '../../test/fixtures.js';

describe('FakeBus (wire spec §6.6)', () => {
  it('is a Bus', () => {
    const bus: Bus = new FakeBus();
    expect(typeof bus.waitForResponse).toBe('function');
  });

  it('emit adds context.session = {session_id} when missing, mutating the message; an existing one is kept', () => {
    const bus = new FakeBus();
    const m = new Message('x');
    bus.emit(m);
    expect(m.context).toEqual({ session: { session_id: 'default' } });
    const own = new Message('x', {}, { session: { session_id: 'abc', lang: 'pt-PT' } });
    bus.emit(own);
    expect(own.context.session).toEqual({ session_id: 'abc', lang: 'pt-PT' });
    const custom = new FakeBus({ sessionId: 's-1' });
    const m2 = new Message('x');
    custom.emit(m2);
    expect(m2.context.session).toEqual({ session_id: 's-1' });
  });

  it('raw "message" handlers run first, with the serialized frame (session included); typed handlers get the same object', () => {
    const bus = new FakeBus();
    const order: string[] = [];
    let raw = '';
    let got: Message | undefined;
    bus.on('x', (m) => {
      order.push('typed');
      got = m;
    });
    bus.on('message', (s: string) => {
      order.push('raw');
      raw = s;
    });
    const m = new Message('x', { n: 1 });
    bus.emit(m);
    expect(order).toEqual(['raw', 'typed']);
    expect(raw).toBe('{"type":"x","data":{"n":1},"context":{"session":{"session_id":"default"}}}');
    expect(got).toBe(m);
  });

  it('typed handlers run synchronously, in registration order; other types are not called', () => {
    const bus = new FakeBus();
    const calls: string[] = [];
    bus.on('x', () => void calls.push('first'));
    bus.on('x', () => void calls.push('second'));
    bus.on('y', () => void calls.push('other'));
    bus.emit(new Message('x'));
    calls.push('after emit');
    expect(calls).toEqual(['first', 'second', 'after emit']);
  });

  it('nested emits dispatch before the outer emit returns (re-entrant)', () => {
    const bus = new FakeBus();
    const calls: string[] = [];
    bus.on('outer', (m) => {
      calls.push('outer start');
      bus.emit(m.forward('inner'));
      calls.push('outer end');
    });
    bus.on('inner', () => void calls.push('inner'));
    bus.emit(new Message('outer'));
    expect(calls).toEqual(['outer start', 'inner', 'outer end']);
  });

  it('handler errors (thrown or rejected) are caught and logged; the other handlers still run; emit never throws', async () => {
    const logger = recordingLogger();
    const bus = new FakeBus({ logger });
    const calls: string[] = [];
    bus.on('x', () => {
      throw new Error('sync boom');
    });
    bus.on('x', async () => {
      throw new Error('async boom');
    });
    bus.on('x', () => void calls.push('third'));
    bus.on('message', () => {
      throw new Error('raw boom');
    });
    expect(() => bus.emit(new Message('x'))).not.toThrow();
    expect(calls).toEqual(['third']);
    await new Promise((r) => setTimeout(r, 0));
    expect(logger.lines.map((l) => [l.level, l.message, (l.args[0] as Error).message])).toEqual([
      ['error', "Error in event handler for 'message'", 'raw boom'],
      ['error', "Error in event handler for 'x'", 'sync boom'],
      ['error', "Error in event handler for 'x'", 'async boom'],
    ]);
  });

  it('once fires a single time; off removes a handler registered with on or once', () => {
    const bus = new FakeBus();
    let onceCalls = 0;
    let onCalls = 0;
    const h = () => void onceCalls++;
    const g = () => void onCalls++;
    bus.once('x', h);
    bus.on('x', g);
    bus.emit(new Message('x'));
    bus.emit(new Message('x'));
    expect(onceCalls).toBe(1);
    expect(onCalls).toBe(2);
    const never = () => void onceCalls++;
    bus.once('x', never);
    bus.off('x', never);
    bus.off('x', g);
    bus.emit(new Message('x'));
    expect(onceCalls).toBe(1);
    expect(onCalls).toBe(2);
    expect(bus.listenerCount('x')).toBe(0);
  });

  it('once("message") sees exactly one raw frame, and off("message") removes a pending once', () => {
    const bus = new FakeBus();
    const frames: string[] = [];
    bus.once('message', (raw: string) => void frames.push(raw));
    expect(bus.listenerCount('message')).toBe(1);
    bus.emit(new Message('a'));
    bus.emit(new Message('b'));
    expect(frames.map((f) => JSON.parse(f).type)).toEqual(['a']);
    expect(bus.listenerCount('message')).toBe(0);
    const pending = () => {};
    bus.once('message', pending);
    bus.off('message', pending);
    expect(bus.listenerCount('message')).toBe(0);
  });

  it('a handler removing itself during dispatch does not skip the next one', () => {
    const bus = new FakeBus();
    const calls: string[] = [];
    const a = () => {
      calls.push('a');
      bus.off('x', a);
    };
    bus.on('x', a);
    bus.on('x', () => void calls.push('b'));
    bus.emit(new Message('x'));
    expect(calls).toEqual(['a', 'b']);
  });

  it('off for unknown handlers/types is ignored; listenerCount, removeAllListeners and close', () => {
    const bus = new FakeBus();
    expect(() => bus.off('nothing', () => {})).not.toThrow();
    const raw = () => {};
    bus.on('message', raw);
    bus.on('a', () => {});
    bus.on('a', () => {});
    bus.on('b', () => {});
    expect([bus.listenerCount('message'), bus.listenerCount('a'), bus.listenerCount('b')]).toEqual([1, 2, 1]);
    bus.off('message', raw);
    expect(bus.listenerCount('message')).toBe(0);
    bus.removeAllListeners('a');
    expect(bus.listenerCount('a')).toBe(0);
    expect(bus.listenerCount('b')).toBe(1);
    bus.on('message', raw);
    bus.close();
    expect([bus.listenerCount('message'), bus.listenerCount('b')]).toEqual([0, 0]);
  });

  describe('waitForResponse', () => {
    it('resolves with the <type>.response reply; in-process responders answer at once', async () => {
      const bus = new FakeBus();
      bus.on('ping', (m) => bus.emit(m.response({ pong: true })));
      const reply = await bus.waitForResponse(new Message('ping'));
      expect(reply?.type).toBe('ping.response');
      expect(reply?.data).toEqual({ pong: true });
      expect(bus.listenerCount('ping.response')).toBe(0);
    });

    it('resolves null after the timeout, leaving no listener behind', async () => {
      const bus = new FakeBus();
      const started = Date.now();
      expect(await bus.waitForResponse(new Message('nobody'), undefined, 30)).toBeNull();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(bus.listenerCount('nobody.response')).toBe(0);
    });

    it('timeoutMs = Infinity waits for the reply instead of giving up after 1 ms (Node timer overflow)', async () => {
      const bus = new FakeBus();
      bus.on('late', (m) => void setTimeout(() => bus.emit(m.response({ ok: true })), 30));
      expect((await bus.waitForResponse(new Message('late'), undefined, Number.POSITIVE_INFINITY))?.data).toEqual({ ok: true });
      const p = bus.waitForMessage('later', Number.POSITIVE_INFINITY);
      setTimeout(() => bus.emit(new Message('later')), 30);
      expect((await p)?.type).toBe('later');
    });

    it('accepts a custom reply type or a list of them', async () => {
      const bus = new FakeBus();
      bus.on('q', (m) => bus.emit(m.reply(m.data.answer_on as string, { ok: 1 })));
      expect((await bus.waitForResponse(new Message('q', { answer_on: 'custom' }), 'custom'))?.type).toBe('custom');
      expect((await bus.waitForResponse(new Message('q', { answer_on: 'b' }), ['a', 'b']))?.type).toBe('b');
      expect(bus.listenerCount('a') + bus.listenerCount('b') + bus.listenerCount('custom')).toBe(0);
    });

    it('stamps context.request_id on the request, and the reply carries it back', async () => {
      const bus = new FakeBus();
      bus.on('ping', (m) => bus.emit(m.response()));
      const req = new Message('ping');
      const reply = await bus.waitForResponse(req);
      const id = req.context[REQUEST_ID_KEY];
      expect(typeof id).toBe('string');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(reply?.context[REQUEST_ID_KEY]).toBe(id);
    });

    it('keeps a request_id the caller set', async () => {
      const bus = new FakeBus();
      bus.on('ping', (m) => bus.emit(m.response()));
      const reply = await bus.waitForResponse(new Message('ping', {}, { request_id: 'mine' }));
      expect(reply?.context.request_id).toBe('mine');
    });

    it('two concurrent identical requests with async responders never cross-deliver', async () => {
      const bus = new FakeBus();
      let n = 0;
      // the first request is answered LAST: a type-only waiter (OVOS) would hand its reply to the second
      bus.on('slow.query', (m) => {
        const k = ++n;
        setTimeout(() => bus.emit(m.response({ answer: k })), k === 1 ? 40 : 5);
      });
      const r1 = new Message('slow.query', { q: 'same' });
      const r2 = new Message('slow.query', { q: 'same' });
      const [a, b] = await Promise.all([bus.waitForResponse(r1, undefined, 5_000), bus.waitForResponse(r2, undefined, 5_000)]);
      expect(a?.data).toEqual({ answer: 1 });
      expect(b?.data).toEqual({ answer: 2 });
      expect(a?.context.request_id).toBe(r1.context.request_id);
      expect(b?.context.request_id).toBe(r2.context.request_id);
      expect(r1.context.request_id).not.toBe(r2.context.request_id);
    });

    it('a reply with another request_id is ignored; one without any id is accepted by type (OVOS compatibility)', async () => {
      const bus = new FakeBus();
      bus.on('q', (m) => {
        bus.emit(new Message('q.response', { which: 'foreign' }, { request_id: 'someone-else' }));
        bus.emit(new Message('q.response', { which: 'anonymous' }));
        void m;
      });
      expect((await bus.waitForResponse(new Message('q'), undefined, 1_000))?.data).toEqual({ which: 'anonymous' });
    });
  });

  it('waitForMessage resolves with the next message of a type, or null after the timeout', async () => {
    const bus = new FakeBus();
    const p = bus.waitForMessage('evt', 5_000);
    bus.emit(new Message('evt', { k: 1 }));
    expect((await p)?.data).toEqual({ k: 1 });
    expect(await bus.waitForMessage('never', 20)).toBeNull();
    expect(bus.listenerCount('never')).toBe(0);
    expect(bus.listenerCount('evt')).toBe(0);
  });
});

describe('FakeBus and malformed frames', () => {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

  it('receive(frame) dispatches a valid frame like emit, as a parsed copy', () => {
    const bus = new FakeBus();
    const got: Message[] = [];
    bus.on('x', (m) => void got.push(m));
    bus.receive('{"type":"x","data":{"n":1},"context":{"source":"py"}}');
    expect(got.map((m) => [m.data, m.context])).toEqual([[{ n: 1 }, { source: 'py', session: { session_id: 'default' } }]]);
  });

  it('receive gives a too-deep frame to onMalformed (never to typed handlers), which can answer it', async () => {
    const logger = recordingLogger();
    const bus = new FakeBus({ logger });
    const typed: Message[] = [];
    bus.on('ovos.tools.invoke', (m) => void typed.push(m));
    const errors: MalformedMessageError[] = [];
    const off = bus.onMalformed((err, frame) => {
      errors.push(err);
      expect(frame).toContain('"request_id":"r1"');
      if (err.request) bus.emit(err.request.response({ error: err.message, code: err.code }));
    });
    const replies: Message[] = [];
    bus.on('ovos.tools.invoke.response', (m) => void replies.push(m));
    bus.receive(`{"type":"ovos.tools.invoke","data":{},"context":{"request_id":"r1","session":{"session_id":"s"},"d":${deep(10_000)}}}`);
    expect(typed).toHaveLength(0);
    expect(errors).toHaveLength(1);
    expect(replies.map((r) => r.context)).toEqual([{ request_id: 'r1', session: { session_id: 's' } }]);
    expect(replies[0]!.data.code).toBe('malformed_message');
    expect(logger.lines.some((l) => l.level === 'warn' && l.message.includes('skipping malformed messagebus frame'))).toBe(true);
    off();
    bus.receive('not json');
    expect(errors).toHaveLength(1);
  });

  it('a malformed-frame handler that throws is logged and the others still run', () => {
    const bus = new FakeBus();
    let ran = false;
    bus.onMalformed(() => {
      throw new Error('boom');
    });
    bus.onMalformed(() => void (ran = true));
    bus.receive('[1]');
    expect(ran).toBe(true);
  });

  it('emit refuses a message nesting deeper than MAX_MESSAGE_DEPTH with MalformedMessageError, dispatching nothing', () => {
    const bus = new FakeBus();
    let calls = 0;
    bus.on('x', () => void calls++);
    expect(() => bus.emit(new Message('x', { d: JSON.parse(deep(100)) }))).toThrow(MalformedMessageError);
    expect(calls).toBe(0);
  });
});

describe('correlation helpers', () => {
  it('stampRequestId sets a UUID once and returns it', () => {
    const m = new Message('x');
    const id = stampRequestId(m);
    expect(m.context.request_id).toBe(id);
    expect(stampRequestId(m)).toBe(id);
    const empty = new Message('x', {}, { request_id: '' });
    expect(stampRequestId(empty)).not.toBe('');
  });

  it('isReplyTo: same id or no id', () => {
    expect(isReplyTo('a', new Message('r', {}, { request_id: 'a' }))).toBe(true);
    expect(isReplyTo('a', new Message('r'))).toBe(true);
    expect(isReplyTo('a', new Message('r', {}, { request_id: 'b' }))).toBe(false);
  });

  it('replyTypes: default <type>.response, a string, or a copy of a list', () => {
    const m = new Message('ovos.tools.list');
    expect(replyTypes(m)).toEqual(['ovos.tools.list.response']);
    expect(replyTypes(m, 'x')).toEqual(['x']);
    const list = ['a', 'b'];
    expect(replyTypes(m, list)).toEqual(list);
    expect(replyTypes(m, list)).not.toBe(list);
  });
});
