import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkToolDefinition, checkToolDefinitions, type VendorToolFormat } from '@ovos-tools/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';

/** A definition of each format that passes every rule; each fixture below breaks exactly the rule it names. */
const GOOD: Record<VendorToolFormat, () => Record<string, any>> = {
  openai: () => ({ type: 'function', function: { name: 'get_weather', description: 'Weather.', parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'array', items: { type: 'integer' } } }, required: ['city'] } } }),
  'openai-strict': () => ({
    type: 'function',
    function: { name: 'get_weather', description: 'Weather.', strict: true, parameters: { type: 'object', properties: { city: { type: 'string', format: 'email' }, unit: { type: ['string', 'null'], enum: ['C', 'F', null] } }, required: ['city', 'unit'], additionalProperties: false } },
  }),
  anthropic: () => ({ name: 'get_weather', description: 'Weather.', input_schema: { type: 'object', properties: { city: { type: 'string' }, pair: { type: 'array', prefixItems: [{ type: 'string' }], items: false } }, required: ['city'] } }),
  gemini: () => ({ name: 'get_weather', description: 'Weather.', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING', format: 'date-time', nullable: true }, days: { type: 'ARRAY', items: { type: 'INTEGER', format: 'int32' }, maxItems: '7' }, unit: { type: 'STRING', enum: ['C', 'F'] } }, required: ['city'] } }),
  mcp: () => ({ name: 'get.weather', title: 'Weather', description: 'Weather.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } }, outputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }),
};

const deepObjects = (n: number): Record<string, unknown> => (n === 0 ? { type: 'string' } : { type: 'object', properties: { a: deepObjects(n - 1) }, required: ['a'], additionalProperties: false });
const manyProps = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string' }]));

type Fixture = [rule: string, format: VendorToolFormat, breakIt: (d: Record<string, any>) => unknown];
const FIXTURES: Fixture[] = [
  ['openai.type', 'openai', (d) => ({ ...d, type: 'custom' })],
  ['openai.name', 'openai', (d) => ((d.function.name = 'get.weather'), d)],
  ['openai.description', 'openai', (d) => ((d.function.description = 42), d)],
  ['openai.parameters.object', 'openai', (d) => ((d.function.parameters = { type: 'array', items: {} }), d)],
  ['openai.json-schema', 'openai', (d) => ((d.function.parameters.properties.pair = { type: 'array', items: [{ type: 'string' }] }), d)],
  ['openai.array-items', 'openai', (d) => (delete d.function.parameters.properties.days.items, d)],
  ['openai.strict', 'openai', (d) => ((d.function.strict = 'yes'), d)],
  ['openai-strict.strict', 'openai-strict', (d) => (delete d.function.strict, d)],
  ['openai-strict.root', 'openai-strict', (d) => ((d.function.parameters.anyOf = [{ type: 'object', properties: {}, required: [], additionalProperties: false }]), d)],
  ['openai-strict.keywords', 'openai-strict', (d) => ((d.function.parameters.properties.city.minLength = 1), d)],
  ['openai-strict.format', 'openai-strict', (d) => ((d.function.parameters.properties.city.format = 'uri'), d)],
  ['openai-strict.typed', 'openai-strict', (d) => ((d.function.parameters.properties.city = { description: 'anything' }), d)],
  ['openai-strict.additional-properties', 'openai-strict', (d) => (delete d.function.parameters.additionalProperties, d)],
  ['openai-strict.required', 'openai-strict', (d) => ((d.function.parameters.required = ['city']), d)],
  ['openai-strict.limits.depth', 'openai-strict', (d) => ((d.function.parameters.properties.deep = deepObjects(11)), d.function.parameters.required.push('deep'), d)],
  ['openai-strict.limits.properties', 'openai-strict', (d) => ((d.function.parameters.properties = manyProps(5001)), (d.function.parameters.required = Object.keys(d.function.parameters.properties)), d)],
  ['openai-strict.limits.enum', 'openai-strict', (d) => ((d.function.parameters.properties.unit.enum = Array.from({ length: 1001 }, (_, i) => `u${i}`)), d)],
  ['openai-strict.limits.strings', 'openai-strict', (d) => ((d.function.parameters.properties.unit.enum = Array.from({ length: 200 }, (_, i) => `${i}${'x'.repeat(700)}`)), d)],
  ['anthropic.name', 'anthropic', (d) => ({ ...d, name: 'x'.repeat(65) })],
  ['anthropic.keys', 'anthropic', (d) => ({ ...d, parameters: d.input_schema })],
  ['anthropic.input-schema.object', 'anthropic', (d) => ({ ...d, input_schema: { properties: {} } })],
  ['anthropic.input-schema.top-level', 'anthropic', (d) => ((d.input_schema.anyOf = [{ required: ['city'] }]), d)],
  ['anthropic.json-schema', 'anthropic', (d) => ((d.input_schema.properties.n = { type: 'number', exclusiveMinimum: true, minimum: 0 }), d)],
  ['gemini.name', 'gemini', (d) => ({ ...d, name: '2fa' })],
  ['gemini.keys', 'gemini', (d) => ({ ...d, input_schema: {} })],
  ['gemini.parameters.object', 'gemini', (d) => ({ ...d, parameters: { type: 'object', properties: {} } })],
  ['gemini.parameter-name', 'gemini', (d) => ((d.parameters.properties['max-days'] = { type: 'INTEGER' }), d)],
  ['gemini.schema.fields', 'gemini', (d) => ((d.parameters.additionalProperties = false), d)],
  ['gemini.schema.type', 'gemini', (d) => ((d.parameters.properties.city.type = ['STRING', 'NULL']), d)],
  ['gemini.schema.enum', 'gemini', (d) => ((d.parameters.properties.days.items.enum = [1, 2]), d)],
  ['gemini.schema.format', 'gemini', (d) => ((d.parameters.properties.city.format = 'email'), d)],
  ['gemini.array-items', 'gemini', (d) => (delete d.parameters.properties.days.items, d)],
  ['gemini.object-properties', 'gemini', (d) => ((d.parameters.properties.meta = { type: 'OBJECT' }), d)],
  ['gemini.required-declared', 'gemini', (d) => (d.parameters.required.push('country'), d)],
  ['mcp.name', 'mcp', (d) => ({ ...d, name: 'get weather' })],
  ['mcp.tool', 'mcp', (d) => ({ ...d, description: null })],
  ['mcp.input-schema', 'mcp', (d) => ({ ...d, inputSchema: { type: 'string' } })],
  ['mcp.output-schema', 'mcp', (d) => ({ ...d, outputSchema: { type: 'array' } })],
  ['mcp.json-schema', 'mcp', (d) => ((d.inputSchema.properties.pair = { type: 'array', items: [{ type: 'string' }], additionalItems: false }), d)],
  ['mcp.annotations', 'mcp', (d) => ((d.annotations.destructiveHint = 'no'), d)],
];

describe('vendor rule validators', () => {
  for (const format of Object.keys(GOOD) as VendorToolFormat[]) {
    it(`${format}: the reference definition passes`, () => expect(checkToolDefinition(format, GOOD[format]())).toEqual([]));
  }

  for (const [rule, format, breakIt] of FIXTURES) {
    it(`${rule}: a definition breaking it is refused`, () => {
      const violations = checkToolDefinition(format, breakIt(GOOD[format]()));
      expect(violations.map((v) => v.rule)).toContain(rule);
      for (const v of violations) expect(v.message.length).toBeGreaterThan(5);
    });
  }

  it('list rules: names unique within one request (paths name the entry)', () => {
    for (const format of ['openai', 'anthropic', 'gemini', 'mcp'] as const) {
      const out = checkToolDefinitions(format, [GOOD[format](), GOOD[format]()]);
      expect(out).toEqual([expect.objectContaining({ rule: `${format}.unique-names`, path: '/1' })]);
    }
    expect(checkToolDefinitions('gemini', [{ ...GOOD.gemini(), name: '' }])[0]).toMatchObject({ rule: 'gemini.name', path: '/0/name' });
  });

  it('every rule id in the validators has a failing fixture here', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const ids = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.startsWith('check') && f.endsWith('.ts'))) {
      for (const m of readFileSync(`${dir}/${file}`, 'utf8').matchAll(/'((?:openai|openai-strict|anthropic|gemini|mcp)\.[a-z.-]+)'/g)) ids.add(m[1]!);
    }
    const covered = new Set([...FIXTURES.map(([r]) => r), 'anthropic.unique-names']);
    expect([...ids].filter((id) => !covered.has(id))).toEqual([]);
    expect(ids.size).toBeGreaterThan(30);
  });
});

describe('the JSON Schema 2020-12 structure check agrees with Ajv2020 on the meta-schema', () => {
  const ajv = new Ajv2020({ strict: false });
  const schemas: Array<[string, unknown]> = [
    ['a tuple, 2020-12 style', { type: 'array', prefixItems: [{ type: 'string' }], items: false }],
    ['a draft-07 tuple', { type: 'array', items: [{ type: 'string' }] }],
    ['a boolean exclusiveMinimum', { type: 'number', exclusiveMinimum: true }],
    ['an unknown type', { type: 'text' }],
    ['duplicate required names', { type: 'object', required: ['a', 'a'] }],
    ['a negative maxLength', { type: 'string', maxLength: -1 }],
    ['an empty anyOf', { anyOf: [] }],
    ['a nested bad schema', { type: 'object', properties: { a: { properties: 3 } } }],
    ['draft-07 definitions and $ref', { definitions: { A: { type: 'string' } }, properties: { a: { $ref: '#/definitions/A' } } }],
    ['type lists', { type: ['string', 'null'], enum: ['a', null] }],
  ];
  for (const [label, schema] of schemas) {
    it(label, async () => {
      const { checkAnthropicTool } = await import('@ovos-tools/core');
      const ours = checkAnthropicTool({ name: 'x', input_schema: { type: 'object', properties: { v: schema } } }).filter((v) => v.rule === 'anthropic.json-schema');
      expect(ours.length === 0).toBe(ajv.validateSchema(schema) as boolean);
    });
  }
});
