import { MalformedMessageError, Message } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';

describe('Message envelope (wire spec §6.1–§6.2)', () => {
  it('data and context default to {} (also for null)', () => {
    const m = new Message('x', null, null);
    expect(m.data).toEqual({});
    expect(m.context).toEqual({});
    expect(new Message('x').serialize()).toBe('{"type":"x","data":{},"context":{}}');
  });

  describe('serialize', () => {
    it('writes exactly the three keys type, data, context, in that order, compact', () => {
      const m = new Message('ovos.tools.invoke', { name: 'add', args: { a: 3, b: 4 } }, { source: 'cli' });
      const text = m.serialize();
      expect(text).toBe('{"type":"ovos.tools.invoke","data":{"name":"add","args":{"a":3,"b":4}},"context":{"source":"cli"}}');
      expect(Object.keys(JSON.parse(text))).toEqual(['type', 'data', 'context']);
    });

    it('never leaks other properties of the instance', () => {
      const m = new Message('x') as Message & { extra?: number };
      m.extra = 1;
      expect(Object.keys(JSON.parse(m.serialize()))).toEqual(['type', 'data', 'context']);
      expect(JSON.stringify(m)).toBe(m.serialize());
    });

    it('turns NaN and ±Infinity into null, at any depth (orjson-era OVOS)', () => {
      const m = new Message('x', { a: NaN, b: [Infinity, -Infinity, 1.5], c: { d: NaN } }, { e: Infinity });
      expect(m.serialize()).toBe('{"type":"x","data":{"a":null,"b":[null,null,1.5],"c":{"d":null}},"context":{"e":null}}');
    });

    it('writes non-ASCII text as raw UTF-8, not \\u escapes', () => {
      expect(new Message('x', { t: 'olá ção 東京' }).serialize()).toContain('"olá ção 東京"');
    });

    it('throws a TypeError for a BigInt, and a MalformedMessageError for a cycle', () => {
      expect(() => new Message('x', { n: 1n }).serialize()).toThrow(TypeError);
      const cyc: Record<string, unknown> = {};
      cyc.self = cyc;
      expect(() => new Message('x', cyc).serialize()).toThrow(MalformedMessageError);
      expect(() => new Message('x', cyc).serialize()).toThrow(/"data" nests deeper than 64 levels or holds a cycle/);
    });
  });

  describe('deserialize', () => {
    it('round-trips a serialized message', () => {
      const m = new Message('a.b', { x: [1, 'two', null] }, { session: { session_id: 'default' } });
      const back = Message.deserialize(m.serialize());
      expect(back).toBeInstanceOf(Message);
      expect(back.type).toBe('a.b');
      expect(back.data).toEqual(m.data);
      expect(back.context).toEqual(m.context);
    });

    it('accepts a Buffer with UTF-8 text', () => {
      expect(Message.deserialize(Buffer.from('{"type":"x","data":{"t":"ção"},"context":{}}')).data).toEqual({ t: 'ção' });
    });

    it('null or missing data/context become {}', () => {
      for (const raw of ['{"type":"x","data":null,"context":null}', '{"type":"x"}']) {
        const m = Message.deserialize(raw);
        expect(m.data).toEqual({});
        expect(m.context).toEqual({});
      }
    });

    it('ignores unknown top-level keys (tolerant reader; it never writes them)', () => {
      const m = Message.deserialize('{"type":"x","data":{},"context":{},"extra":1}');
      expect(m.serialize()).toBe('{"type":"x","data":{},"context":{}}');
    });

    it.each([
      ['not json', /not valid JSON/],
      ['', /not valid JSON/],
      ['[1,2]', /JSON object/],
      ['"x"', /JSON object/],
      ['null', /JSON object/],
      ['42', /JSON object/],
      ['{"data":{}}', /"type" must be a non-empty string/],
      ['{"type":""}', /"type" must be a non-empty string/],
      ['{"type":7}', /"type" must be a non-empty string/],
      ['{"type":null}', /"type" must be a non-empty string/],
      ['{"type":"x","data":[]}', /"data" must be an object/],
      ['{"type":"x","data":"s"}', /"data" must be an object/],
      ['{"type":"x","data":false}', /"data" must be an object/],
      ['{"type":"x","context":5}', /"context" must be an object/],
      ['{"type":"x","context":[]}', /"context" must be an object/],
    ])('rejects %j with MalformedMessageError saying what is wrong', (raw, why) => {
      let err: unknown;
      try {
        Message.deserialize(raw);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(MalformedMessageError);
      expect((err as MalformedMessageError).code).toBe('malformed_message');
      expect((err as Error).name).toBe('MalformedMessageError');
      expect((err as Error).message).toMatch(why);
    });
  });
});

/** The four source/destination shapes of a request context, with a session and utterance_id riding along. */
const SESSION = { session_id: 's1', lang: 'en-US', active_skills: [['skill', 1]] };
const ride = { session: SESSION, utterance_id: 'u-42' };

describe('derivations (wire spec §6.3) — the default rule: ovos-bus-client 1.3.x Message.reply, byte for byte', () => {
  it.each([
    [
      'source and destination: swapped in place (key order kept)',
      { source: 'cli', destination: 'phal', ...ride },
      '{"source":"phal","destination":"cli","session":{"session_id":"s1","lang":"en-US","active_skills":[["skill",1]]},"utterance_id":"u-42"}',
    ],
    [
      'source only: unchanged (no destination is invented)',
      { source: 'cli', ...ride },
      '{"source":"cli","session":{"session_id":"s1","lang":"en-US","active_skills":[["skill",1]]},"utterance_id":"u-42"}',
    ],
    [
      'destination only: unchanged (no source is invented)',
      { ...ride, destination: 'phal' },
      '{"session":{"session_id":"s1","lang":"en-US","active_skills":[["skill",1]]},"utterance_id":"u-42","destination":"phal"}',
    ],
    [
      'neither: unchanged',
      { ...ride },
      '{"session":{"session_id":"s1","lang":"en-US","active_skills":[["skill",1]]},"utterance_id":"u-42"}',
    ],
    [
      'a list destination: swapped as it is',
      { source: 'a', destination: ['b', 'c'], ...ride },
      '{"source":["b","c"],"destination":"a","session":{"session_id":"s1","lang":"en-US","active_skills":[["skill",1]]},"utterance_id":"u-42"}',
    ],
    [
      'null source with a destination: both keys exist, so they are swapped (Python `in`)',
      { source: null, destination: 'b' },
      '{"source":"b","destination":null}',
    ],
  ])('%s', (_why, context, expected) => {
    const m = new Message('ovos.tools.invoke', { name: 'x' }, context);
    const r = m.response({ ok: true });
    expect(r.serialize()).toBe(`{"type":"ovos.tools.invoke.response","data":{"ok":true},"context":${expected}}`);
    expect(m.reply('any.type', { ok: true }).serialize()).toBe(`{"type":"any.type","data":{"ok":true},"context":${expected}}`);
  });

  it('session and utterance_id pass through every reply, response and forward as deep copies (OVOS-TOOLS-1)', () => {
    for (const ctx of [{ source: 'a', destination: 'b' }, { source: 'a' }, { destination: 'b' }, {}]) {
      const m = new Message('t', {}, { ...ctx, session: structuredClone(SESSION), utterance_id: 'u-42' });
      for (const out of [m.reply('r'), m.response(), m.forward('f'), m.response({}, {}, { rule: 'ovos-msg-1' })]) {
        expect(out.context.session).toEqual(SESSION);
        expect(out.context.session).not.toBe(m.context.session);
        expect(out.context.utterance_id).toBe('u-42');
      }
    }
  });

  it('data["destination"] is promoted into the context, then swapped with the source', () => {
    const r = new Message('x', {}, { source: 'a', destination: 'b' }).reply('y', { destination: 'zzz' });
    expect(r.context).toEqual({ source: 'zzz', destination: 'a' });
    expect(r.data).toEqual({ destination: 'zzz' });
    // with a source only, the promoted destination completes the pair and the swap happens
    expect(new Message('x', {}, { source: 'a' }).reply('y', { destination: 'd' }).context).toEqual({ source: 'd', destination: 'a' });
    // with no source, it is only set
    expect(new Message('x', {}, {}).reply('y', { destination: 'd' }).context).toEqual({ destination: 'd' });
  });

  it('forward keeps a deep copy of the context and uses new data (default {})', () => {
    const m = new Message('a', { x: 1 }, { source: 's', destination: 'd', session: { session_id: 'abc' } });
    const f = m.forward('b');
    expect(f.serialize()).toBe('{"type":"b","data":{},"context":{"source":"s","destination":"d","session":{"session_id":"abc"}}}');
    (f.context.session as Record<string, unknown>).session_id = 'changed';
    expect((m.context.session as Record<string, unknown>).session_id).toBe('abc');
    expect(m.forward('c', { y: 2 }).data).toEqual({ y: 2 });
  });

  it('the context argument is merged over a copy before the swap', () => {
    const m = new Message('x', {}, { source: 'a', destination: 'b', keep: 1 });
    const extra = { destination: 'c', added: true };
    const r = m.reply('y', {}, extra);
    expect(r.context).toEqual({ source: 'c', destination: 'a', keep: 1, added: true });
    expect(m.context).toEqual({ source: 'a', destination: 'b', keep: 1 });
    expect(extra).toEqual({ destination: 'c', added: true });
    // a merged-in source completes the pair
    expect(new Message('x', {}, { destination: 'b' }).reply('y', {}, { source: 'me' }).context).toEqual({ destination: 'me', source: 'b' });
  });

  it('the original message context is never mutated, and the copy is deep', () => {
    const m = new Message('x', {}, { source: 'a', destination: 'b', session: { session_id: 's' } });
    const r = m.reply('y');
    (r.context.session as Record<string, unknown>).session_id = 'other';
    expect(m.context).toEqual({ source: 'a', destination: 'b', session: { session_id: 's' } });
  });

  it('response() is reply("<type>.response") with the same swap and context merge', () => {
    const m = new Message('ovos.persona.tools.discover', {}, { source: 'cli', destination: 'phal' });
    const r = m.response({ tools: [] }, { extra: 1 });
    expect(r.type).toBe('ovos.persona.tools.discover.response');
    expect(r.data).toEqual({ tools: [] });
    expect(r.context).toEqual({ source: 'phal', destination: 'cli', extra: 1 });
    expect(m.response().data).toEqual({});
  });

  it('refuses an unknown rule with a RangeError naming the valid ones', () => {
    expect(() => new Message('x').reply('y', {}, {}, { rule: 'nope' as never })).toThrow(/'bus-client' or 'ovos-msg-1'/);
  });
});

describe("derivations — the draft OVOS-MSG-1 §5.2 rule, behind { rule: 'ovos-msg-1' }", () => {
  const msg1 = { rule: 'ovos-msg-1' } as const;

  it.each([
    ['source and destination: swapped', { source: 'cli', destination: 'phal' }, { source: 'phal', destination: 'cli' }],
    ['source only: the reply goes back to it (destination = source)', { source: 'a' }, { source: 'a', destination: 'a' }],
    ['destination only: the reply comes from it (source = destination)', { destination: 'b' }, { destination: 'b', source: 'b' }],
    ['neither: unchanged', { k: 1 }, { k: 1 }],
    ['a list destination: the reply source is its first element', { source: 'a', destination: ['b', 'c'] }, { source: 'b', destination: 'a' }],
    ['an empty list destination is kept as is', { source: 'a', destination: [] }, { source: [], destination: 'a' }],
  ])('%s', (_why, context, expected) => {
    const r = new Message('x', {}, { ...context, ...ride }).reply('y', {}, undefined, msg1);
    expect(r.context).toEqual({ ...expected, ...ride });
    expect(new Message('x', {}, context).response({}, undefined, msg1).context).toEqual(expected);
  });

  it('data["destination"] is NOT promoted', () => {
    const r = new Message('x', {}, { source: 'a', destination: 'b' }).reply('y', { destination: 'zzz' }, undefined, msg1);
    expect(r.context).toEqual({ source: 'b', destination: 'a' });
  });
});
