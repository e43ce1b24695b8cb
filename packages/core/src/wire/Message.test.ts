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

    it('throws a TypeError for values JSON cannot hold (BigInt, cycles)', () => {
      expect(() => new Message('x', { n: 1n }).serialize()).toThrow(TypeError);
      const cyc: Record<string, unknown> = {};
      cyc.self = cyc;
      expect(() => new Message('x', cyc).serialize()).toThrow(TypeError);
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

describe('derivations (wire spec §6.3) — the NEW variant: ovos-spec-tools Message.reply / OVOS-MSG-1 §5.2', () => {
  it('forward keeps a deep copy of the context and uses new data (default {})', () => {
    const m = new Message('a', { x: 1 }, { source: 's', session: { session_id: 'abc' } });
    const f = m.forward('b');
    expect(f.type).toBe('b');
    expect(f.data).toEqual({});
    expect(f.context).toEqual(m.context);
    (f.context.session as Record<string, unknown>).session_id = 'changed';
    expect((m.context.session as Record<string, unknown>).session_id).toBe('abc');
    expect(m.forward('c', { y: 2 }).data).toEqual({ y: 2 });
  });

  it('{source, destination} are swapped; key order and session are preserved', () => {
    const session = { session_id: 'default', lang: 'en-US' };
    const m = new Message('ovos.tools.invoke', {}, { source: 'cli', destination: 'phal', session });
    const r = m.reply('ovos.tools.invoke.response', { ok: true });
    expect(r.context).toEqual({ source: 'phal', destination: 'cli', session });
    expect(Object.keys(r.context)).toEqual(['source', 'destination', 'session']);
    expect(r.context.session).not.toBe(session);
    expect(r.serialize()).toBe(
      '{"type":"ovos.tools.invoke.response","data":{"ok":true},"context":{"source":"phal","destination":"cli","session":{"session_id":"default","lang":"en-US"}}}',
    );
  });

  it('{source} only: the reply is addressed back to the source (destination = source)', () => {
    expect(new Message('x', {}, { source: 'a' }).reply('y').context).toEqual({ source: 'a', destination: 'a' });
  });

  it('{destination} only: the reply comes from the destination (source = destination)', () => {
    expect(new Message('x', {}, { destination: 'b' }).reply('y').context).toEqual({ destination: 'b', source: 'b' });
  });

  it('a list destination: the reply source is its first element', () => {
    expect(new Message('x', {}, { source: 'a', destination: ['b', 'c'] }).reply('y').context).toEqual({ source: 'b', destination: 'a' });
  });

  it('an empty list destination is kept as is', () => {
    expect(new Message('x', {}, { source: 'a', destination: [] }).reply('y').context).toEqual({ source: [], destination: 'a' });
  });

  it('no source and no destination: the context passes through unchanged', () => {
    const r = new Message('x', {}, { session: { session_id: 's1' }, request_id: 'r1' }).reply('y');
    expect(r.context).toEqual({ session: { session_id: 's1' }, request_id: 'r1' });
  });

  it('data["destination"] is NOT promoted into the context (old-client behaviour not followed)', () => {
    const r = new Message('x', {}, { source: 'a', destination: 'b' }).reply('y', { destination: 'zzz' });
    expect(r.context).toEqual({ source: 'b', destination: 'a' });
    expect(r.data).toEqual({ destination: 'zzz' });
  });

  it('the context argument is merged over a copy before the swap', () => {
    const m = new Message('x', {}, { source: 'a', destination: 'b', keep: 1 });
    const extra = { destination: 'c', added: true };
    const r = m.reply('y', {}, extra);
    expect(r.context).toEqual({ source: 'c', destination: 'a', keep: 1, added: true });
    expect(m.context).toEqual({ source: 'a', destination: 'b', keep: 1 });
    expect(extra).toEqual({ destination: 'c', added: true });
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
});
