import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncateToBudget, type TruncateOutcome } from './truncateToBudget.js';
import { CUT_MARK, MAX_CUT_DEPTH } from './Cutter.js';
import { MAX_OUTPUT_BUDGET_CHARS, MIN_OUTPUT_BUDGET_CHARS } from '../service/outputBudgetRange.js';

/** The cut result, asserting it was cut and fits. */
function cut(outcome: TruncateOutcome, maxChars: number): Record<string, unknown> {
  if (!outcome.ok) throw new Error(outcome.error.error);
  expect(outcome.truncated).toBe(true);
  expect(JSON.stringify(outcome.result).length).toBe(outcome.chars);
  expect(outcome.chars).toBeLessThanOrEqual(maxChars);
  return outcome.result as Record<string, unknown>;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// the shape of a read_file answer
const READ_FILE_OUTPUT = {
  type: 'object',
  required: ['path', 'content', 'size'],
  properties: { path: { type: 'string' }, content: { type: 'string' }, size: { type: 'integer' }, encoding: { type: 'string', enum: ['utf-8', 'latin1'] } },
  additionalProperties: false,
};

describe('truncateToBudget', () => {
  it('returns a result that fits as it is', () => {
    const result = { a: 1, b: 'two' };
    const outcome = truncateToBudget(result, 200);
    expect(outcome).toEqual({ ok: true, result, truncated: false, originalChars: 17, chars: 17 });
    expect(outcome.ok && outcome.result).toBe(result);
  });

  it('a 5 MB read_file: the content is shortened with a mark, every key kept, the schema still matched', () => {
    const content = 'The quick brown fox.\n'.repeat(250_000); // 5,250,000 characters
    const result = { path: '/data/big.log', content, size: content.length, encoding: 'utf-8' };
    for (const maxChars of [MIN_OUTPUT_BUDGET_CHARS, 1000, 100_000]) {
      const outcome = truncateToBudget(result, maxChars, READ_FILE_OUTPUT);
      const r = cut(outcome, maxChars);
      expect(outcome.ok && outcome.originalChars).toBe(JSON.stringify(result).length);
      expect(Object.keys(r)).toEqual(['path', 'content', 'size', 'encoding']);
      expect(r.path).toBe('/data/big.log');
      expect(r.encoding).toBe('utf-8');
      expect(r.size).toBe(content.length);
      const text = r.content as string;
      expect(text.endsWith(CUT_MARK)).toBe(true);
      expect(content.startsWith(text.slice(0, -1))).toBe(true);
      expect(outcome.ok && outcome.chars).toBeGreaterThan(maxChars - 10); // the budget is used, not wasted
    }
  });

  it('a 10,000-element array keeps its first items whole and stops at an item boundary', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'] }));
    const r = cut(truncateToBudget({ items, count: 10_000 }, 2000), 2000);
    const kept = r.items as typeof items;
    expect(kept.length).toBeGreaterThan(10);
    expect(kept).toEqual(items.slice(0, kept.length));
    expect(r.count).toBe(10_000);
  });

  it('a huge array of one long string cuts inside that string', () => {
    const r = cut(truncateToBudget({ lines: ['x'.repeat(100_000), 'y'] }, 500), 500);
    expect((r.lines as string[]).length).toBe(1);
    expect((r.lines as string[])[0]).toMatch(/^x+…$/);
  });

  it('respects minItems: the required number of items stays, each cut', () => {
    const schema = { type: 'object', properties: { rows: { type: 'array', minItems: 3, items: { type: 'string' } } }, required: ['rows'] };
    const r = cut(truncateToBudget({ rows: ['a'.repeat(1000), 'b'.repeat(1000), 'c'.repeat(1000), 'd'] }, 300, schema), 300);
    const rows = r.rows as string[];
    expect(rows).toHaveLength(3);
    expect(rows.map((s) => s[0])).toEqual(['a', 'b', 'c']);
  });

  it('deep objects are bounded: within budget, cut at a key boundary, never deeper than needed', () => {
    let deep: Record<string, unknown> = { leaf: 'end' };
    for (let i = 0; i < 3000; i++) deep = { level: i, note: 'n'.repeat(20), child: deep };
    const r = cut(truncateToBudget(deep, 1000), 1000);
    let depth = 0;
    for (let node: Record<string, unknown> | undefined = r; node; node = node.child as Record<string, unknown> | undefined) depth++;
    expect(depth).toBeGreaterThan(5);
    expect(depth).toBeLessThanOrEqual(MAX_CUT_DEPTH + 1);
    expect(r.level).toBe(2999);
  });

  it('a deep chain that fits past the depth bound is kept whole when it fits, emptied otherwise', () => {
    let chain: unknown = 'x'.repeat(5000);
    for (let i = 0; i < MAX_CUT_DEPTH + 10; i++) chain = [chain];
    const r = cut(truncateToBudget({ chain, pad: 'p'.repeat(2000) }, 1000), 1000);
    expect(JSON.stringify(r.chain).length).toBeLessThan(1000);
  });

  it('a wide object keeps every key while their smallest forms fit, then drops optional keys from the end', () => {
    const wide = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`key${i}`, `value ${i} `.repeat(10)]));
    const outcome = truncateToBudget(wide, 30_000);
    const r = cut(outcome, 30_000);
    expect(Object.keys(r)).toHaveLength(2000); // all kept, values cut evenly
    const small = cut(truncateToBudget(wide, 500), 500);
    expect(Object.keys(small)).toEqual(Object.keys(wide).slice(0, Object.keys(small).length));
  });

  it('never drops a required key, and never cuts strings the schema pins (enum, format, pattern)', () => {
    const schema = {
      type: 'object',
      required: ['id', 'body'],
      properties: { id: { type: 'string', format: 'uuid' }, body: { type: 'string', minLength: 50 }, state: { type: 'string', enum: ['open', 'closed'] }, note: { type: 'string' } },
    };
    const result = { note: 'n'.repeat(5000), state: 'closed', id: '123e4567-e89b-12d3-a456-426614174000', body: 'b'.repeat(5000) };
    const r = cut(truncateToBudget(result, 200, schema), 200);
    expect(r.id).toBe(result.id);
    expect((r.body as string).length).toBeGreaterThanOrEqual(50);
    expect(Object.keys(r)).toEqual(expect.arrayContaining(['id', 'body']));
    if ('state' in r) expect(r.state).toBe('closed');
  });

  it('says so when no cut can match the schema or fit at all', () => {
    const pinned = { type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: '^[a-z]+$' } } };
    const noFit = truncateToBudget({ code: 'a'.repeat(500) }, 200, pinned);
    expect(noFit.ok).toBe(false);
    expect(!noFit.ok && noFit.error.error).toMatch(/cannot be cut to max_output_chars 200: even its smallest form/);
    const numbers = truncateToBudget({ n: Array.from({ length: 100 }, (_, i) => i * 1000) }, 150, { type: 'object', required: ['n'], properties: { n: { type: 'array', minItems: 80 } } });
    expect(!numbers.ok && numbers.error.code).toBe('invalid_request');
    // the cut fits, but the schema wants more than a cut can keep
    const strict = { type: 'object', properties: { items: { type: 'array', items: { type: 'integer' }, contains: { const: 99 } } } };
    const failing = truncateToBudget({ items: Array.from({ length: 100 }, (_, i) => i) }, 120, strict);
    expect(failing.ok).toBe(false);
    expect(!failing.ok && failing.error.error).toMatch(/cannot be cut to max_output_chars 120 and still match the tool's output schema \(.+\); raise max_output_chars/);
  });

  it('measures escaped characters and never splits a surrogate pair', () => {
    const result = { text: 'say "hi"\n\t\u0001 — é 😀 '.repeat(2000) };
    for (const maxChars of [107, 200, 333, 1001]) {
      const r = cut(truncateToBudget(result, maxChars), maxChars);
      expect(r.text as string).not.toMatch(LONE_SURROGATE);
    }
  });

  it('keeps a __proto__ key as a key', () => {
    const result = JSON.parse(`{"__proto__": {"polluted": "${'x'.repeat(500)}"}, "b": 1}`) as object;
    const r = cut(truncateToBudget(result, 200), 200);
    expect(Object.keys(r)).toEqual(['__proto__', 'b']);
    expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a budget below the envelope, above the maximum or not an integer, naming the range', () => {
    for (const bad of [0, 1, MIN_OUTPUT_BUDGET_CHARS - 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_OUTPUT_BUDGET_CHARS + 1, '500']) {
      const outcome = truncateToBudget({ a: 1 }, bad as number);
      expect(outcome.ok).toBe(false);
      expect(!outcome.ok && outcome.error).toEqual({
        error: expect.stringContaining(`Invalid field 'max_output_chars': expected an integer from ${MIN_OUTPUT_BUDGET_CHARS} to ${MAX_OUTPUT_BUDGET_CHARS}`),
        code: 'invalid_request',
      });
    }
    expect(MIN_OUTPUT_BUDGET_CHARS).toBe(`"truncated":{"original_chars":9007199254740991,"handle":"${'x'.repeat(26)}","expires_in_s":86400}`.length);
  });

  it('answers an error value for a result that is not JSON (a cycle, a BigInt, a function)', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const bad of [cyclic, { n: 10n }, () => 1]) {
      const outcome = truncateToBudget(bad, 1000);
      expect(outcome.ok).toBe(false);
      expect(!outcome.ok && outcome.error.error).toMatch(/^RuntimeError: the result cannot be serialised as JSON/);
    }
  });

  it('property: any JSON value and any budget give a result within the budget, or a clear refusal', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: MIN_OUTPUT_BUDGET_CHARS, max: 3000 }), (value, maxChars) => {
        const outcome = truncateToBudget(value, maxChars);
        if (outcome.ok) {
          expect(JSON.stringify(outcome.result).length).toBeLessThanOrEqual(maxChars);
          expect(JSON.stringify(outcome.result)).not.toMatch(LONE_SURROGATE);
        } else {
          expect(outcome.error.error).toMatch(/smallest form/); // only numbers longer than the budget can refuse
        }
      }),
      { numRuns: 300 },
    );
  });
});
