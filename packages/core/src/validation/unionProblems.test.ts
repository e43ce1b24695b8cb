import { Type } from 'typebox';
import { defineTool, silentLogger, toWireError, ToolBox, type AgentTool } from '../index.js';
import { compileSchema, type ParseResult } from './compileSchema.js';
import { describe, expect, it } from 'vitest';

const problems = (r: ParseResult) => (r.ok ? [] : r.problems);

// A union of constants (TypeBox Union(Literal...), the way a tool declares an enum argument) fails once per branch in
// TypeBox's validator: the problem must read as one line naming the values it accepts and the value received.
describe('problems of unions and enums name the accepted values', () => {
  const Args = Type.Object({
    disambiguation: Type.Union([Type.Literal('earlier'), Type.Literal('later'), Type.Literal('compatible'), Type.Literal('reject')]),
    level: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
    mode: Type.Optional(Type.Enum(['fast', 'slow'])),
    inner: Type.Optional(Type.Object({ k: Type.Union([Type.Literal('a'), Type.Literal('b')]) })),
    mixed: Type.Optional(Type.Union([Type.Literal('auto'), Type.Number()])),
    nullable: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    list: Type.Optional(Type.Array(Type.Union([Type.Literal('x'), Type.Literal('y')]))),
    shaped: Type.Optional(Type.Union([Type.Object({ n: Type.Integer() }), Type.String()])),
  });
  const parse = (v: object) => problems(compileSchema(Args).parse({ disambiguation: 'earlier', ...v }));

  it('a union of string literals: one line with every value and what was received', () => {
    expect(parse({ disambiguation: 'latest' })).toEqual(['disambiguation: must be "earlier", "later", "compatible" or "reject", received "latest"']);
  });

  it('number literals, an enum, a nested field and an array item', () => {
    expect(parse({ level: 3 })).toEqual(['level: must be 1 or 2, received 3']);
    expect(parse({ mode: 'medium' })).toEqual(['mode: must be "fast" or "slow", received "medium"']);
    expect(parse({ inner: { k: 'c' } })).toEqual(['inner.k: must be "a" or "b", received "c"']);
    expect(parse({ list: ['x', 'z'] })).toEqual(['list.1: must be "x" or "y", received "z"']);
  });

  it('constants mixed with types, and a nullable type', () => {
    expect(parse({ mixed: 'manual' })).toEqual(['mixed: must be "auto" or number, received "manual"']);
    expect(parse({ nullable: 5 })).toEqual(['nullable: must be string or null, received 5']);
  });

  it('several problems at once are each said once', () => {
    expect(parse({ disambiguation: 'x', level: 9 })).toEqual(['disambiguation: must be "earlier", "later", "compatible" or "reject", received "x"', 'level: must be 1 or 2, received 9']);
  });

  it('a branch that nearly matched keeps the problem inside it, not a list of types', () => {
    const lines = parse({ shaped: { n: 'many' } });
    expect(lines.some((l) => l.startsWith('shaped.n: must be integer, received "many"'))).toBe(true);
  });

  it('a long enum is cut after 20 values and says how many more', () => {
    const many = Type.Object({ c: Type.Union(Array.from({ length: 30 }, (_, i) => Type.Literal(`v${i}`))) });
    const [line] = problems(compileSchema(many).parse({ c: 'nope' }));
    expect(line).toMatch(/^c: must be "v0", "v1", .*"v19" or one of 10 more, received "nope"$/);
  });

  it('a plain JSON Schema enum and const (not TypeBox) read the same way', () => {
    const plain = { type: 'object', properties: { unit: { enum: ['c', 'f'] }, v: { const: 2 } }, required: ['unit'] };
    expect(problems(compileSchema(plain).parse({ unit: 'k', v: 3 }))).toEqual(['unit: must be "c" or "f", received "k"', 'v: must be 2, received 3']);
  });
});

describe('ToolBox.callTool: the error string every door carries names the values', () => {
  it("keeps OVOS's ValueError prefix and adds the accepted values and the one received", async () => {
    class Clock extends ToolBox {
      static override toolboxId = 'clock_tools';
      discoverTools(): AgentTool[] {
        return [
          defineTool({
            name: 'convert_time',
            description: 'Convert.',
            argumentSchema: Type.Object({ disambiguation: Type.Union([Type.Literal('earlier'), Type.Literal('later')]) }),
            outputSchema: Type.Object({ ok: Type.Boolean() }),
            toolCall: () => ({ ok: true }),
          }),
        ];
      }
    }
    const err = await new Clock({ logger: silentLogger }).callTool('convert_time', { disambiguation: 'latest' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(toWireError(err).error).toBe(
      `ValueError: Tool input validation failed for 'convert_time' in ToolBox 'clock_tools': disambiguation: must be "earlier" or "later", received "latest"`,
    );
  });
});

describe("a schema's own words for its problems (errorMessage, writeOnly)", () => {
  const Agent = Type.Object(
    {
      tools: Type.Array(Type.String({ minLength: 1 }), { errorMessage: 'expected a list of rules' }),
      rate: Type.Optional(Type.Integer({ minimum: 1, errorMessage: 'expected a positive integer' })),
      token: Type.Optional(Type.String({ minLength: 16, writeOnly: true })),
      rule: Type.Optional(Type.Refine(Type.String(), (v) => !v.startsWith('x'), (v) => `no rule starts with x: ${v}`)),
      key: Type.Optional(Type.String({ pattern: '^[0-9a-f]+$', errorMessage: 'expected hex digits' })),
    },
    { additionalProperties: false },
  );
  const Agents = Type.Record(Type.String(), Agent);
  const problems = (value: unknown) => {
    const parsed = compileSchema(Agents).parse(value);
    return parsed.ok ? [] : parsed.problems;
  };

  it("the errorMessage of the value's own node says it (not its list's), with what was received", () => {
    expect(problems({ a: { tools: ['*'], rate: 0 } })).toEqual(['a.rate: expected a positive integer, received 0']);
    expect(problems({ a: { tools: 'everything' } })).toEqual(['a.tools: expected a list of rules, received "everything"']);
    expect(problems({ a: { tools: ['ok', ''] } })).toEqual(['a.tools.1: must not have fewer than 1 characters, received ""']);
    expect(problems({ a: { tools: ['*'], key: 'XYZ' } })).toEqual(['a.key: expected hex digits, received "XYZ"']);
  });

  it("a missing property's own message, a Refine's message as written", () => {
    expect(problems({ a: {} })).toEqual(['a.tools: expected a list of rules']);
    expect(problems({ a: { tools: ['*'], rule: 'xy' } })).toEqual(['a.rule: no rule starts with x: xy, received "xy"']);
  });

  it('a writeOnly value is never repeated', () => {
    const lines = problems({ a: { tools: ['*'], token: 'hunter2' } });
    expect(lines).toEqual(['a.token: must not have fewer than 16 characters']);
  });
});

describe('a union a branch of which nearly matched', () => {
  it('keeps what the branch says, not the other branches (an object or false)', () => {
    const Off = Type.Union([Type.Object({ secret: Type.Optional(Type.String({ minLength: 16, writeOnly: true })), port: Type.Optional(Type.Integer()) }), Type.Literal(false)], {
      errorMessage: 'must be an object or false',
    });
    expect(problems(compileSchema(Off).parse({ secret: 'short' }))).toEqual(['secret: must not have fewer than 16 characters']);
    expect(problems(compileSchema(Off).parse({ port: 'x' }))).toEqual(['port: must be integer, received "x"']);
    expect(problems(compileSchema(Off).parse('yes'))).toEqual(['(arguments): must be an object or false, received "yes"']);
  });
});
