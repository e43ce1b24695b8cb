import {
  compactSchema,
  defineTool,
  normalizeTools,
  plainSchema,
  silentLogger,
  toolSpecJson,
  toolSummaryJson,
  toolsToOpenaiSpec,
  Type,
} from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';
import { AddArgs, FailTools, GOLDEN_ADD_ARGS, MathTools } from '../../test/fixtures.js';

describe('OpenAI helpers (wire spec §2.8, §9)', () => {
  const math = () => new MathTools({ logger: silentLogger });

  it('openaiTools: the argument schema as is, titles included (golden)', () => {
    expect(math().openaiTools).toEqual([
      { type: 'function', function: { name: 'add', description: 'Add two integers.', parameters: GOLDEN_ADD_ARGS } },
    ]);
  });

  it('toolJsonListCompact: {name, description, parameters} with top-level title/description and property titles removed (golden)', () => {
    const golden = JSON.parse(
      '[{"name":"add","description":"Add two integers.","parameters":{"properties":{"a":{"description":"First operand","type":"integer"},"b":{"description":"Second operand","type":"integer"}},"required":["a","b"],"type":"object"}}]',
    );
    const compact = math().toolJsonListCompact;
    expect(compact).toEqual(golden);
    expect(Object.keys(compact[0]!)).toEqual(['name', 'description', 'parameters']);
  });

  it('toolOpenaiFormat: the compact schema wrapped as an OpenAI function', () => {
    const [entry] = math().toolOpenaiFormat;
    expect(entry).toEqual({ type: 'function', function: math().toolJsonListCompact[0] });
    expect(entry!.function.parameters).not.toHaveProperty('title');
  });

  it('compactSchema strips the model docstring (top-level description) and leaves its input untouched', () => {
    const schema = { title: 'UnitArgs', description: 'Arguments for unit_convert.', type: 'object', properties: { v: { title: 'V', type: 'number', description: 'value' } } };
    const before = structuredClone(schema);
    expect(compactSchema(schema)).toEqual({ type: 'object', properties: { v: { type: 'number', description: 'value' } } });
    expect(schema).toEqual(before);
  });

  it('compactSchema tolerates schemas without properties and odd property values', () => {
    expect(compactSchema({ type: 'object' })).toEqual({ type: 'object' });
    expect(compactSchema({ title: 'T', properties: { x: true as never } })).toEqual({ properties: { x: true } });
  });

  it('the wire schemas never share objects with the tool definition (mutating one leaves the tool intact)', () => {
    const tb = math();
    const params = tb.toolJsonListCompact[0]!.parameters as { properties: Record<string, unknown> };
    params.properties.a = 'mutated';
    expect(tb.toolJsonListCompact[0]!.parameters).toEqual(
      JSON.parse('{"properties":{"a":{"description":"First operand","type":"integer"},"b":{"description":"Second operand","type":"integer"}},"required":["a","b"],"type":"object"}'),
    );
    expect((AddArgs.properties.a as { description?: string }).description).toBe('First operand');
  });

  it('changing a returned listing never changes the next one (no shared schema objects)', () => {
    const tb = math();
    (tb.openaiTools[0]!.function.parameters as Record<string, unknown>).title = 'HACKED';
    (tb.toolJsonList[0]!.output_schema as Record<string, unknown>).injected = 1;
    expect(tb.toolJsonList[0]!.argument_schema).toEqual(GOLDEN_ADD_ARGS);
    expect(tb.toolJsonList[0]!.output_schema).not.toHaveProperty('injected');
  });

  it('toolsToOpenaiSpec fills a missing description with "" and a missing schema with an empty object schema', () => {
    expect(toolsToOpenaiSpec([{ name: 'bare' }])).toEqual([{ type: 'function', function: { name: 'bare', description: '', parameters: { type: 'object', properties: {} } } }]);
  });

  describe('normalizeTools', () => {
    const addSpec = () => math().openaiTools[0];
    it('null/undefined → []', () => {
      expect(normalizeTools(null)).toEqual([]);
      expect(normalizeTools(undefined)).toEqual([]);
    });
    it('a toolbox → its openaiTools', () => {
      expect(normalizeTools(math())).toEqual(math().openaiTools);
    });
    it('a dict → [dict]', () => {
      const d = { type: 'function', function: { name: 'x' } };
      expect(normalizeTools(d)).toEqual([d]);
    });
    it('an iterable is flattened one level: toolboxes expanded, anything else appended as is', () => {
      const d = { type: 'function', function: { name: 'x' } };
      const out = normalizeTools([math(), d, new FailTools({ logger: silentLogger })]);
      expect(out.map((t) => (t as { function: { name: string } }).function.name)).toEqual(['add', 'x', 'fail']);
      expect(out[0]).toEqual(addSpec());
      expect(normalizeTools(new Set([d]))).toEqual([d]);
      expect(normalizeTools([[d]])).toEqual([[d]]);
    });
  });
});

describe('catalog entries: toolSummaryJson / toolSpecJson', () => {
  const full = defineTool({
    name: 'unit_convert',
    description: 'Convert a value between units. Supports length and mass.',
    argumentSchema: Type.Object({ value: Type.Number() }),
    outputSchema: Type.Object({ result: Type.Union([Type.Number(), Type.Null()]) }),
    toolCall: ({ value }) => ({ result: value }),
    tags: ['math', 'read-only'],
    examples: [{ description: 'metres to feet', arguments: { value: 1 }, result: { result: 3.28 } }],
    readOnly: true,
    idempotent: true,
    errorModes: "Unknown units give {result: null, error: \"Unknown unit: 'x'\"}.",
    timeoutMs: 1000,
  });
  const bare = defineTool({ name: 'bare', description: 'Bare tool', argumentSchema: Type.Object({}), outputSchema: Type.Object({}), toolCall: () => ({}) });

  it('toolSummaryJson: {name, summary, tags, toolbox_id}', () => {
    expect(toolSummaryJson(full, 'ovos-math-tools')).toEqual({ name: 'unit_convert', summary: 'Convert a value between units.', tags: ['math', 'read-only'], toolbox_id: 'ovos-math-tools' });
    expect(Object.keys(toolSummaryJson(bare, 'x'))).toEqual(['name', 'summary', 'tags', 'toolbox_id']);
  });

  it('toolSummaryJson falls back to the description for tool-like objects without a summary', () => {
    expect(toolSummaryJson({ name: 'n', description: 'd', argumentSchema: {}, outputSchema: {} }, 't')).toEqual({ name: 'n', summary: 'd', tags: [], toolbox_id: 't' });
  });

  it('toolSpecJson: the four OVOS keys first, then toolbox_id and catalog metadata in snake_case', () => {
    const spec = toolSpecJson(full, 'ovos-math-tools');
    expect(Object.keys(spec)).toEqual(['name', 'description', 'argument_schema', 'output_schema', 'toolbox_id', 'summary', 'tags', 'examples', 'annotations', 'error_modes', 'timeout_ms']);
    expect(spec.annotations).toEqual({ read_only: true, idempotent: true });
    expect(spec.argument_schema).toEqual({ type: 'object', properties: { value: { type: 'number' } }, required: ['value'] });
    expect(spec.error_modes).toContain('Unknown unit');
    expect(spec.timeout_ms).toBe(1000);
    expect(JSON.parse(JSON.stringify(spec))).toEqual(spec);
  });

  it('toolSpecJson omits error_modes/timeout_ms and undeclared annotations', () => {
    const spec = toolSpecJson(bare, 'x');
    expect(spec).not.toHaveProperty('error_modes');
    expect(spec).not.toHaveProperty('timeout_ms');
    expect(spec.annotations).toEqual({});
    expect(spec.examples).toEqual([]);
  });

  it('plainSchema is plain JSON, a fresh copy on every call', () => {
    const s = Type.Object({ a: Type.Integer() });
    expect(plainSchema(s)).toEqual({ type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] });
    expect(plainSchema(s)).not.toBe(plainSchema(s));
    expect(Object.getOwnPropertySymbols(plainSchema(s))).toEqual([]);
  });
});
