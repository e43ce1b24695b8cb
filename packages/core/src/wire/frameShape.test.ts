import { frameTypePrefix, MalformedMessageError, MAX_MESSAGE_VALUES, MAX_OBJECT_KEYS, Message, scanFrame } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';

/** The error `Message.deserialize(text)` throws (fails the test when it parses). */
function refusal(text: string): MalformedMessageError {
  try {
    Message.deserialize(text);
  } catch (err) {
    expect(err).toBeInstanceOf(MalformedMessageError);
    return err as MalformedMessageError;
  }
  throw new Error('the frame was accepted');
}

const ctx = '{"session":{"session_id":"s1"},"request_id":"r1","source":"py","destination":"phal"}';

describe('frameTypePrefix', () => {
  it('reads the type of a frame that starts with it, from its first characters only', () => {
    expect(frameTypePrefix('{"type":"ovos.tools.invoke","data":{}}')).toBe('ovos.tools.invoke');
    expect(frameTypePrefix(' {\n "type" : "a.b", "data": [' + '1,'.repeat(1_000_000) + '1]}')).toBe('a.b');
    expect(frameTypePrefix('{"data":{},"type":"late"}')).toBeUndefined();
    expect(frameTypePrefix('{"type":"esc\\u0061ped"}')).toBeUndefined();
    expect(frameTypePrefix('{"type":""}')).toBeUndefined();
    expect(frameTypePrefix('[1,2]')).toBeUndefined();
  });
});

describe('scanFrame', () => {
  it('reports type, depth, values, widest object and the members of data and context', () => {
    const text = '{"data":{"name":"add","args":{"a":[1,2,3]},"n":7},"type":"x.y","context":{"s":"q\\"}"}}';
    const shape = scanFrame(text);
    expect(shape.object).toBe(true);
    expect(shape.type).toBe('x.y');
    expect(shape.depth).toBe(4);
    expect(shape.widest).toBe(3);
    expect(shape.members.map((m) => [m.part, JSON.parse(m.key), JSON.parse(text.slice(m.start, m.end))])).toEqual([
      ['data', 'name', 'add'],
      ['data', 'args', { a: [1, 2, 3] }],
      ['data', 'n', 7],
      ['context', 's', 'q"}'],
    ]);
    expect(shape.members[1]!.depth).toBe(2);
    expect(scanFrame('[{"type":"x"}]').object).toBe(false);
    expect(scanFrame('{"type":"x","data":{"k":"[[[[[[","j":"\\\\"}}').depth).toBe(2);
  });

  it('counts a duplicate "type" key as JSON.parse does (the last wins)', () => {
    expect(scanFrame('{"type":"a","data":{},"type":"b"}').type).toBe('b');
  });

  it('never throws on text that is not JSON', () => {
    for (const t of ['{', '{"', '{"type":', '{]]]]}}}', '{"a":"\\', '{' + '['.repeat(100) + '"']) expect(() => scanFrame(t)).not.toThrow();
  });
});

describe('Message.deserialize refuses frames too costly to parse, before parsing them', () => {
  it('2.7 million {} (8 MiB) is refused for its values, and the request is salvaged from the shallow keys', () => {
    const text = `{"type":"ovos.tools.invoke","data":{"name":"add","arguments":[${Array(2_700_000).fill('{}').join(',')}]},"context":${ctx}}`;
    const err = refusal(text);
    expect(err.message).toMatch(/^'ovos.tools.invoke': the frame holds about \d+ JSON values \(most in data.arguments\), more than the 100000 a message may hold; send fewer values/);
    expect(err.request!.data).toEqual({ name: 'add' });
    expect(err.request!.context).toEqual(JSON.parse(ctx));
    expect(err.request!.response({ error: 'x' }).context.request_id).toBe('r1');
  });

  it('a frame nested a million levels deep is refused naming the key, the rest of the context kept', () => {
    const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    const err = refusal(`{"type":"ovos.tools.invoke","data":{"name":"t","args":${deep}},"context":${ctx}}`);
    expect(err.message).toBe("'ovos.tools.invoke': data.args nests deeper than 64 levels; send flatter data");
    expect(err.request!.context.request_id).toBe('r1');
    // deep outside data/context too
    expect(refusal(`{"type":"t","extra":${deep}}`).message).toBe("'t': the frame nests deeper than 64 levels; send flatter data");
  });

  it('an object with too many keys is refused; exactly the limits are accepted', () => {
    const keys = (n: number) => '{' + Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',') + '}';
    expect(refusal(`{"type":"t","data":${keys(MAX_OBJECT_KEYS + 1)}}`).message).toMatch(/an object in the frame has 10001 keys, more than the 10000/);
    expect(Object.keys(Message.deserialize(`{"type":"t","data":${keys(MAX_OBJECT_KEYS)}}`).data)).toHaveLength(MAX_OBJECT_KEYS);
    const list = (n: number) => `{"type":"t","data":{"l":[${Array(n).fill(0).join(',')}]}}`;
    expect(Message.deserialize(list(MAX_MESSAGE_VALUES - 10)).data.l).toHaveLength(MAX_MESSAGE_VALUES - 10);
    expect(refusal(list(MAX_MESSAGE_VALUES + 10)).request!.type).toBe('t');
    // a receiver that reads only answers it asked for may raise the limits
    expect(Message.deserialize(list(MAX_MESSAGE_VALUES + 10), { maxValues: Infinity, maxObjectKeys: Infinity }).data.l).toHaveLength(MAX_MESSAGE_VALUES + 10);
    expect(Object.keys(Message.deserialize(`{"type":"t","data":${keys(MAX_OBJECT_KEYS + 1)}}`, { maxValues: Infinity, maxObjectKeys: 20_000 }).data)).toHaveLength(MAX_OBJECT_KEYS + 1);
  });

  it('a long frame that is not an object is refused without parsing; short ones keep the JSON error', () => {
    expect(refusal(`[${Array(1_000_000).fill(1).join(',')}]`).message).toBe('frame must be a JSON object {"type", "data", "context"}');
    expect(refusal('[1').message).toMatch(/not valid JSON/);
    expect(refusal('{"type":"t","data":{"a":').message).toMatch(/not valid JSON/);
  });

  it('ordinary frames parse as before, texts full of brackets included', () => {
    const m = new Message('x', { text: '{{{[[['.repeat(1000), list: [1, { a: null }, true] }, { session: { session_id: 's' } });
    expect(Message.deserialize(m.serialize())).toEqual(m);
  });
});
