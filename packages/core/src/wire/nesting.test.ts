import { copyWithinDepth, MalformedMessageError, MAX_MESSAGE_DEPTH, Message, nestsDeeperThan, safeResponse, shallowContext } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';

/** `levels` nested arrays as JSON text, e.g. 3 → `[[[]]]`, built without recursion. */
const deepText = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
/** A value nesting `levels` objects: {"a":{"a":…{}}}. */
function deepObject(levels: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let node = root;
  for (let i = 1; i < levels; i++) node = (node.a = {}) as Record<string, unknown>;
  return root;
}

describe('nesting limits (MAX_MESSAGE_DEPTH)', () => {
  it('is 64, counting data/context themselves as level 1', () => {
    expect(MAX_MESSAGE_DEPTH).toBe(64);
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({ a: { b: 1 } }, 2)).toBe(false);
    expect(nestsDeeperThan({ a: { b: 1 } }, 1)).toBe(true);
    expect(nestsDeeperThan({ a: [1, [2]] }, 2)).toBe(true);
    expect(nestsDeeperThan(deepObject(64), 64)).toBe(false);
    expect(nestsDeeperThan(deepObject(65), 64)).toBe(true);
  });

  it('checks and copies 20,000 levels (recursive JSON code overflows near 5,000) without overflowing the stack', () => {
    const deep = JSON.parse(deepText(20_000)) as unknown;
    expect(nestsDeeperThan(deep, 64)).toBe(true);
    expect(copyWithinDepth(deep, 64)).toBeUndefined();
    const wide = { list: Array.from({ length: 10_000 }, (_, i) => ({ i })) };
    const copy = copyWithinDepth(wide, 64)!;
    expect(JSON.stringify(copy)).toBe(JSON.stringify(wide));
    expect(copy.list).not.toBe(wide.list);
    expect(copy.list[9_999]).not.toBe(wide.list[9_999]);
  });

  it('copies keep key order and keep a "__proto__" key as an own key', () => {
    const parsed = JSON.parse('{"z":1,"__proto__":{"polluted":true},"a":[{"b":2}]}') as Record<string, unknown>;
    const copy = copyWithinDepth(parsed, 8)!;
    expect(Object.keys(copy)).toEqual(['z', '__proto__', 'a']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(copy)).toBe('{"z":1,"__proto__":{"polluted":true},"a":[{"b":2}]}');
  });

  it('shallowContext drops only the keys that nest too deep', () => {
    const ctx = { session: { session_id: 's' }, request_id: 'r', evil: JSON.parse(deepText(1000)) as unknown, utterance_id: 'u' };
    expect(shallowContext(ctx)).toEqual({ session: { session_id: 's' }, request_id: 'r', utterance_id: 'u' });
    expect(shallowContext({ ok: deepObject(63), no: deepObject(64) })).toEqual({ ok: deepObject(63) });
  });
});

describe('Message with deep or huge payloads', () => {
  const frame = (context: string, data = '{}') => `{"type":"ovos.tools.invoke","data":${data},"context":${context}}`;

  it('deserialize refuses a 20k-deep context with a MalformedMessageError that keeps the safe context to answer', () => {
    const raw = frame(`{"source":"py","destination":"phal","session":{"session_id":"s9"},"request_id":"r1","utterance_id":"u1","d":${deepText(20_000)}}`);
    let err: unknown;
    try {
      Message.deserialize(raw);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MalformedMessageError);
    const e = err as MalformedMessageError;
    expect(e.code).toBe('malformed_message');
    expect(e.message).toBe("'ovos.tools.invoke': context.d nests deeper than 64 levels; send flatter data");
    expect(e.request!.type).toBe('ovos.tools.invoke');
    expect(e.request!.data).toEqual({});
    // shallow data keys are kept too, so e.g. an invoke error can name the tool
    const withName = frame('{"d":[[1]]}', `{"name":"add","args":${deepText(100)}}`);
    expect(() => Message.deserialize(withName)).toThrow(/data\.args nests deeper/);
    try {
      Message.deserialize(withName);
    } catch (x) {
      expect((x as MalformedMessageError).request!.data).toEqual({ name: 'add' });
      expect((x as MalformedMessageError).request!.context).toEqual({ d: [[1]] });
    }
    const reply = e.request!.response({ error: e.message, code: e.code });
    expect(reply.serialize()).toBe(
      '{"type":"ovos.tools.invoke.response","data":{"error":"\'ovos.tools.invoke\': context.d nests deeper than 64 levels; send flatter data","code":"malformed_message"},' +
        '"context":{"source":"phal","destination":"py","session":{"session_id":"s9"},"request_id":"r1","utterance_id":"u1"}}',
    );
  });

  it('deserialize names every too-deep key of data and context, and accepts exactly 64 levels', () => {
    expect(() => Message.deserialize(frame(`{"a":${deepText(70)}}`, `{"x":${deepText(70)},"y":1}`))).toThrow(
      "'ovos.tools.invoke': data.x, context.a nest deeper than 64 levels; send flatter data",
    );
    expect(Message.deserialize(frame(`{"a":${deepText(63)}}`, `{"x":${deepText(63)}}`)).type).toBe('ovos.tools.invoke');
  });

  it('reply/response/forward of an in-process deep context throw MalformedMessageError, and safeResponse answers', () => {
    const m = new Message('ovos.tools.invoke', {}, { source: 'py', destination: 'phal', session: { session_id: 's' }, d: JSON.parse(deepText(20_000)) });
    for (const f of [() => m.response({}), () => m.reply('x'), () => m.forward('y')]) {
      expect(f).toThrow(MalformedMessageError);
      expect(f).toThrow(/nests deeper than 64 levels or holds a cycle; answer with safeResponse\(\)/);
    }
    expect(() => m.serialize()).toThrow(/"context" nests deeper than 64 levels/);
    const r = safeResponse(m, { error: 'too deep' });
    expect(r.serialize()).toBe(
      '{"type":"ovos.tools.invoke.response","data":{"error":"too deep"},"context":{"source":"phal","destination":"py","session":{"session_id":"s"}}}',
    );
    expect(m.checkDepth()).toBeInstanceOf(MalformedMessageError);
    expect(new Message('ok', {}, { a: 1 }).checkDepth()).toBeUndefined();
  });

  it('a deep context argument to reply is refused the same way', () => {
    expect(() => new Message('x').reply('y', {}, { d: JSON.parse(deepText(200)) })).toThrow(/the context argument nests deeper/);
  });

  it('a huge but shallow frame round-trips', () => {
    const data = { items: Array.from({ length: 5_000 }, (_, i) => ({ i, s: 'x'.repeat(200) })) };
    const m = Message.deserialize(new Message('big', data, { source: 'a', destination: 'b' }).serialize());
    expect(m.response(data).serialize().length).toBeGreaterThan(1_000_000);
  });
  it('serialize refuses data nesting 65 levels or 20,000 levels, and sends 64 levels and shallow text full of brackets', () => {
    for (const levels of [65, 20_000]) {
      expect(() => new Message('deep', { a: deepObject(levels) }).serialize()).toThrow(MalformedMessageError);
    }
    const ok = new Message('ok', deepObject(64), { s: '{['.repeat(500) });
    expect(Message.deserialize(ok.serialize())).toEqual(ok);
  });
});
