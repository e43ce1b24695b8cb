import { compileSchema, toolJson, defineTool, Type, type ParseResult } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';

/** Parses `{field: value}` against `Type.Object({field: schema})` and returns the result. */
function parseField(schema: ReturnType<typeof Type.Integer> | object, value: unknown): ParseResult {
  return compileSchema(Type.Object({ v: schema as never })).parse({ v: value });
}
const ok = (r: ParseResult) => (r.ok ? r.value : { failed: r.problems });
const accepted = (schema: object, value: unknown) => {
  const r = parseField(schema, value);
  expect(r.ok, `expected ${JSON.stringify(value)} to be accepted, got ${JSON.stringify(r)}`).toBe(true);
  return (r as { value: { v: unknown } }).value.v;
};
const rejected = (schema: object, value: unknown) => {
  const r = parseField(schema, value);
  expect(r.ok, `expected ${String(value)} to be rejected`).toBe(false);
  return (r as { problems: string[] }).problems.join('; ');
};

describe('pydantic v2 lax coercion table (wire spec §2.10)', () => {
  describe('int', () => {
    it.each([
      [3, 3],
      ['3', 3],
      ['3.0', 3],
      [3.0, 3],
      ['  4 ', 4],
      [true, 1],
      [false, 0],
      ['-12', -12],
      ['+5', 5],
    ])('accepts %j as %j', (input, out) => expect(accepted(Type.Integer(), input)).toBe(out));

    it.each([3.5, '3.5', 'x', '', [], {}, '1_000', null])('rejects %j and says which field and what it received', (input) => {
      const problem = rejected(Type.Integer(), input);
      expect(problem).toMatch(/^v: /);
      expect(problem).toMatch(/integer/);
      expect(problem).toContain(`received ${JSON.stringify(input)}`);
    });
  });

  describe('float', () => {
    it.each([
      [2, 2],
      ['3.5', 3.5],
      [' 1e3 ', 1000],
      ['.5', 0.5],
      [true, 1],
      [-0.25, -0.25],
    ])('accepts %j as %j', (input, out) => expect(accepted(Type.Number(), input)).toBe(out));

    it.each(['x', '', '3,5', [], null])('rejects %j', (input) => {
      expect(rejected(Type.Number(), input)).toMatch(/^v: .*number/);
    });

    it('rejects "nan"/"inf" and non-finite numbers (pydantic accepts them; JSON cannot carry them) — a documented deviation', () => {
      for (const input of ['nan', 'inf', '-inf', 'Infinity', NaN, Infinity]) rejected(Type.Number(), input);
    });

    it('names a non-finite received value readably, not as JSON null', () => {
      expect(rejected(Type.Number(), NaN)).toContain('received NaN');
      expect(rejected(Type.Number(), -Infinity)).toContain('received -Infinity');
    });
  });

  describe('str', () => {
    it('accepts strings as they are (no trimming)', () => expect(accepted(Type.String(), ' hi ')).toBe(' hi '));
    it.each([3, 3.5, true, false, null, [], {}])('never coerces %j to a string', (input) => {
      expect(rejected(Type.String(), input)).toMatch(/^v: .*string/);
    });
  });

  describe('bool', () => {
    it.each([
      [true, true],
      [false, false],
      [1, true],
      [0, false],
      ['true', true],
      ['True', true],
      ['yes', true],
      ['on', true],
      ['1', true],
      ['y', true],
      ['t', true],
      ['false', false],
      ['no', false],
      ['off', false],
      ['0', false],
      ['n', false],
      ['f', false],
    ])('accepts %j as %j', (input, out) => expect(accepted(Type.Boolean(), input)).toBe(out));

    it.each([2, -1, 0.5, 'x', 'maybe', '', null, []])('rejects %j', (input) => {
      expect(rejected(Type.Boolean(), input)).toMatch(/^v: .*boolean/);
    });
  });

  describe('List[float]', () => {
    const schema = Type.Array(Type.Number());
    it('coerces items: [1, "2"] → [1, 2]', () => expect(accepted(schema, [1, '2'])).toEqual([1, 2]));
    it('accepts an empty list', () => expect(accepted(schema, [])).toEqual([]));
    it('rejects a plain string', () => expect(rejected(schema, '1,2')).toMatch(/^v: .*array/));
    it('rejects a bad item and gives its index in the path', () => expect(rejected(schema, [1, 'x'])).toMatch(/^v\.1: .*number.*"x"/));
  });

  describe('Dict[str, str]', () => {
    const schema = Type.Record(Type.String(), Type.String());
    it('accepts string values', () => expect(accepted(schema, { a: 'b', c: '' })).toEqual({ a: 'b', c: '' }));
    it('rejects non-string values (no coercion to string), naming the key', () => {
      expect(rejected(schema, { a: 1 })).toMatch(/^v\.a: .*string/);
      expect(rejected(schema, { a: null })).toMatch(/^v\.a: /);
    });
    it('Dict[str, int] coerces numeric-string values', () => {
      expect(accepted(Type.Record(Type.String(), Type.Integer()), { a: '2' })).toEqual({ a: 2 });
    });
  });

  describe('objects', () => {
    const Args = Type.Object({
      path: Type.Optional(Type.String({ default: '.' })),
      n: Type.Optional(Type.Integer({ default: 5 })),
      ctx: Type.Optional(Type.Union([Type.String(), Type.Null()], { default: null })),
      tags: Type.Optional(Type.Array(Type.String(), { default: [] })),
      xs: Type.Array(Type.Number()),
    });
    const parse = (v: unknown) => compileSchema(Args).parse(v);

    it('unknown keys are ignored (dropped from what the tool sees)', () => {
      expect(ok(parse({ xs: [], extra: 9, __proto__x: 1 }))).toEqual({ path: '.', n: 5, ctx: null, tags: [], xs: [] });
    });

    it('defaults are applied for missing fields and for undefined values', () => {
      expect(ok(parse({ xs: [1], path: undefined }))).toEqual({ path: '.', n: 5, ctx: null, tags: [], xs: [1] });
    });

    it('given values win over defaults and are coerced', () => {
      expect(ok(parse({ xs: ['1'], path: '/tmp', n: '7', ctx: 'c' }))).toEqual({ path: '/tmp', n: 7, ctx: 'c', tags: [], xs: [1] });
    });

    it('a mutable default is copied, never shared between calls', () => {
      const first = ok(parse({ xs: [] })) as { tags: string[] };
      first.tags.push('mutated');
      expect(ok(parse({ xs: [] }))).toMatchObject({ tags: [] });
    });

    it('a missing required field is rejected and named', () => {
      const r = parse({});
      expect(r.ok).toBe(false);
      expect((r as { problems: string[] }).problems.join('; ')).toBe('xs: required property is missing');
    });

    it('None (null) for a non-optional field is rejected; for Optional[str] it is accepted', () => {
      expect(parse({ xs: null }).ok).toBe(false);
      expect(ok(parse({ xs: [], ctx: null }))).toMatchObject({ ctx: null });
    });

    it('null for a field with a default is not replaced by the default (pydantic rejects it too)', () => {
      expect(parse({ xs: [], n: null }).ok).toBe(false);
    });

    it('the input object is never mutated', () => {
      const input = { xs: ['1'], extra: true };
      parse(input);
      expect(input).toEqual({ xs: ['1'], extra: true });
    });

    it('nested objects are coerced and pruned too', () => {
      const Nested = Type.Object({ inner: Type.Object({ k: Type.Integer() }) });
      expect(ok(compileSchema(Nested).parse({ inner: { k: '3', junk: 1 } }))).toEqual({ inner: { k: 3 } });
      const r = compileSchema(Nested).parse({ inner: { k: 'x' } });
      expect((r as { problems: string[] }).problems[0]).toMatch(/^inner\.k: /);
    });

    it('additionalProperties: true keeps unknown keys', () => {
      const Open = Type.Object({ a: Type.Integer() }, { additionalProperties: true });
      expect(ok(compileSchema(Open).parse({ a: '1', b: 'kept' }))).toEqual({ a: 1, b: 'kept' });
    });

    it('a "__proto__" key from JSON stays plain data: it cannot swap the prototype and smuggle unvalidated values', () => {
      const Rec = Type.Object({ d: Type.Record(Type.String(), Type.String()) });
      const bad = compileSchema(Rec).parse(JSON.parse('{"d": {"__proto__": {"polluted": 1}, "a": "b"}}'));
      expect(bad.ok).toBe(false);
      expect((bad as { problems: string[] }).problems[0]).toMatch(/^d\.__proto__: .*string/);
      const Open = Type.Object({ path: Type.Optional(Type.String()) }, { additionalProperties: true });
      const r = compileSchema(Open).parse(JSON.parse('{"__proto__": {"path": "/etc"}}'));
      expect(r.ok).toBe(true);
      const value = (r as { value: Record<string, unknown> }).value;
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(value.path).toBeUndefined();
      expect(Object.keys(value)).toEqual(['__proto__']);
    });

    it('a non-object where an object is expected is rejected, not coerced', () => {
      expect(compileSchema(Args).parse('xs=1').ok).toBe(false);
      expect(compileSchema(Args).parse(null).ok).toBe(false);
    });

    it('reports at most five problems', () => {
      const Many = Type.Object(Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}`, Type.Integer()])));
      const bad = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}`, 'x']));
      const r = compileSchema(Many).parse(bad) as { ok: false; problems: string[] };
      expect(r.ok).toBe(false);
      expect(r.problems.length).toBe(5);
    });
  });

  describe('unions', () => {
    it('Union[int, null]: a numeric string becomes an int, null stays null', () => {
      const s = Type.Union([Type.Integer(), Type.Null()]);
      expect(accepted(s, '4')).toBe(4);
      expect(accepted(s, null)).toBe(null);
      expect(parseField(s, 'x').ok).toBe(false);
    });
    it('Union[str, int]: a string already valid for a branch is kept as is', () => {
      expect(accepted(Type.Union([Type.String(), Type.Integer()]), '4')).toBe('4');
      expect(accepted(Type.Union([Type.Integer(), Type.String()]), '4')).toBe('4');
    });
    it('literal enums are checked strictly', () => {
      const s = Type.Union([Type.Literal('c'), Type.Literal('f')]);
      expect(accepted(s, 'c')).toBe('c');
      expect(parseField(s, 'k').ok).toBe(false);
    });
  });

  it('compiles once per schema object (the same compiled validator is returned)', () => {
    const s = Type.Object({ a: Type.Integer() });
    expect(compileSchema(s)).toBe(compileSchema(s));
  });

  it('plain JSON Schema objects (not built with TypeBox) work too', () => {
    const s = { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] };
    expect(ok(compileSchema(s).parse({ a: '2', b: 1 }))).toEqual({ a: 2 });
  });
});

describe('schemas on the wire (wire spec §2.7, §9 "Schema with defaults/optionals")', () => {
  it('a TypeBox schema can state exactly the pydantic schema of the golden sample (JSON-value equality)', () => {
    const Opt = Type.Object(
      {
        path: Type.Optional(Type.String({ default: '.', description: 'Root directory', title: 'Path' })),
        n: Type.Optional(Type.Integer({ default: 5, description: 'Max', title: 'N' })),
        ctx: Type.Optional(Type.Union([Type.String(), Type.Null()], { default: null, description: 'ctx', title: 'Ctx' })),
        xs: Type.Array(Type.Number(), { description: 'nums', title: 'Xs' }),
        d: Type.Array(Type.Record(Type.String(), Type.String()), { description: 'dicts', title: 'D' }),
      },
      { title: 'Opt' },
    );
    const golden = JSON.parse(
      '{"properties":{"path":{"default":".","description":"Root directory","title":"Path","type":"string"},"n":{"default":5,"description":"Max","title":"N","type":"integer"},"ctx":{"anyOf":[{"type":"string"},{"type":"null"}],"default":null,"description":"ctx","title":"Ctx"},"xs":{"description":"nums","items":{"type":"number"},"title":"Xs","type":"array"},"d":{"description":"dicts","items":{"additionalProperties":{"type":"string"},"type":"object"},"title":"D","type":"array"}},"required":["xs","d"],"title":"Opt","type":"object"}',
    );
    const tool = defineTool({ name: 'opt', description: '', argumentSchema: Opt, outputSchema: Type.Object({}), toolCall: () => ({}) });
    const wire = toolJson(tool).argument_schema as typeof golden;
    // TypeBox spells Dict[str, str] with patternProperties; everything else is value-equal.
    expect({ ...wire, properties: { ...wire.properties, d: undefined } }).toEqual({ ...golden, properties: { ...golden.properties, d: undefined } });
    expect(Object.keys(wire.properties)).toEqual(['path', 'n', 'ctx', 'xs', 'd']);
    expect(wire.properties.d.items.patternProperties).toEqual({ '^.*$': { type: 'string' } });
  });

  it('the same shape written as plain JSON Schema with additionalProperties validates Dict[str, str]', () => {
    const s = { type: 'object', properties: { d: { type: 'object', additionalProperties: { type: 'string' } } }, required: ['d'] };
    expect(compileSchema(s).parse({ d: { a: 'b' } }).ok).toBe(true);
    expect(compileSchema(s).parse({ d: { a: 1 } }).ok).toBe(false);
  });
});

describe('arrays over maxItems are refused before anything else', () => {
  const Args = Type.Object({ numbers: Type.Array(Type.Number(), { maxItems: 3 }), inner: Type.Optional(Type.Object({ tags: Type.Array(Type.String(), { maxItems: 1 }) })) });

  it('in the validator words, without reading the elements', () => {
    const numbers: unknown[] = Array.from({ length: 100 }, (_, i) => i + 1);
    Object.defineProperty(numbers, 90, {
      get() {
        throw new Error('an element was read');
      },
    });
    const r = compileSchema(Args).parse({ numbers });
    expect(r).toEqual({ ok: false, problems: [expect.stringMatching(/^numbers: must not have more than 3 items, received \[1,2,3,4,/)] });
  });

  it('also in declared nested properties; within the limits, parsing is as before', () => {
    expect(compileSchema(Args).parse({ numbers: [1], inner: { tags: ['a', 'b'] } })).toEqual({ ok: false, problems: ['inner.tags: must not have more than 1 items, received ["a","b"]'] });
    expect(compileSchema(Args).parse({ numbers: ['1', 2], inner: { tags: ['a'] } })).toEqual({ ok: true, value: { numbers: [1, 2], inner: { tags: ['a'] } } });
  });

  it('a preview of a huge value writes out only its start', () => {
    const huge = Array.from({ length: 1_000_000 }, (_, i) => i % 10);
    const r = compileSchema(Type.Object({ xs: Type.Array(Type.Integer(), { maxItems: 10 }) })).parse({ xs: huge });
    expect(r).toEqual({ ok: false, problems: ['xs: must not have more than 10 items, received [0,1,2,3,4,5,6,7,8,9,0,1,2,3,4,5,6,7,8,9,0,1,2,3,4,5,6,7,...'] });
  });
});
