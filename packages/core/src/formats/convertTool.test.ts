import {
  checkToolDefinition,
  compileSchema,
  convertTool,
  restoreStrictArguments,
  toolSpecJson,
  TOOL_FORMATS,
  Type,
  type FormatNote,
  type ToolDescriptor,
  type VendorToolFormat,
} from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';

const VENDORS = TOOL_FORMATS.filter((f): f is VendorToolFormat => f !== 'ovos');

const tool = (argumentSchema: object, extra: Partial<ToolDescriptor> = {}): ToolDescriptor => ({
  name: 'sample',
  description: 'A sample tool.',
  argumentSchema,
  outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
  ...extra,
});

/** A schema with most of what the vendors disagree about. */
const RICH = Type.Object({
  path: Type.String({ description: 'Where', format: 'uri', minLength: 1 }),
  mode: Type.Optional(Type.Union([Type.Literal('read'), Type.Literal('write')])),
  level: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  pair: Type.Optional(Type.Tuple([Type.String(), Type.Number()])),
  headers: Type.Optional(Type.Record(Type.String(), Type.String())),
  when: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  count: Type.Optional(Type.Integer({ exclusiveMinimum: 0, default: 1 })),
  anything: Type.Optional(Type.Unknown({ description: 'free' })),
  tags: Type.Optional(Type.Array(Type.String(), { uniqueItems: true, maxItems: 5 })),
});

const notesAt = (notes: FormatNote[], path: string) => notes.filter((n) => n.path === path);

describe('convertTool: every vendor format passes its own validator', () => {
  for (const format of VENDORS) {
    it(`${format}: a schema using tuples, records, unions, consts, formats and unknowns`, () => {
      const c = convertTool(tool(RICH), format);
      expect(c.ok, c.ok ? '' : c.error).toBe(true);
      if (!c.ok) return;
      expect(checkToolDefinition(format, c.definition)).toEqual([]);
      for (const n of c.notes) {
        expect(n.path).toMatch(/^\/(name|argument_schema|output_schema)(\/|$)/);
        expect(['dropped', 'relaxed', 'rewritten', 'narrowed', 'renamed']).toContain(n.action);
        expect(n.why.length).toBeGreaterThan(10);
      }
    });
  }

  it('a plain schema converts without notes in every format but strict (which makes optionals nullable)', () => {
    const plain = tool(Type.Object({ a: Type.Integer({ description: 'A' }), b: Type.String() }));
    for (const format of VENDORS) {
      const c = convertTool(plain, format);
      expect(c.ok && c.notes).toEqual([]);
    }
  });

  it('ovos is the get spec, unchanged', () => {
    const t = tool(RICH, { tags: ['x'], readOnly: true });
    const c = convertTool(t, 'ovos', 'box');
    expect(c).toEqual({ ok: true, format: 'ovos', name: 'sample', definition: toolSpecJson(t, 'box'), notes: [] });
  });

  it('never changes the tool it converts', () => {
    const schema = structuredClone(RICH);
    const t = tool(schema);
    const before = JSON.stringify(schema);
    for (const format of TOOL_FORMATS) convertTool(t, format);
    expect(JSON.stringify(schema)).toBe(before);
  });
});

describe('what each conversion says it changed', () => {
  it('mcp and anthropic rewrite a TypeBox (draft-07) tuple as 2020-12 prefixItems, losslessly', () => {
    for (const format of ['mcp', 'anthropic'] as const) {
      const c = convertTool(tool(RICH), format);
      if (!c.ok) throw new Error(c.error);
      const schema = (format === 'mcp' ? (c.definition as { inputSchema: object }).inputSchema : (c.definition as { input_schema: object }).input_schema) as { properties: Record<string, Record<string, unknown>> };
      expect(schema.properties.pair).toMatchObject({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false });
      expect(notesAt(c.notes, '/argument_schema/properties/pair/items')).toEqual([expect.objectContaining({ action: 'rewritten' })]);
    }
  });

  it('anthropic merges a root anyOf of objects and says the result is relaxed', () => {
    const schema = { anyOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'object', properties: { b: { type: 'number' } }, required: ['b'] }] };
    const c = convertTool(tool(schema), 'anthropic');
    if (!c.ok) throw new Error(c.error);
    expect(c.definition.input_schema).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } });
    expect(notesAt(c.notes, '/argument_schema/anyOf')).toEqual([expect.objectContaining({ action: 'relaxed' })]);
    expect(checkToolDefinition('anthropic', c.definition)).toEqual([]);
  });

  it('openai adds items: {} to an array without items', () => {
    const c = convertTool(tool({ type: 'object', properties: { xs: { type: 'array' } } }), 'openai');
    if (!c.ok) throw new Error(c.error);
    expect((c.definition.function.parameters as { properties: { xs: object } }).properties.xs).toEqual({ type: 'array', items: {} });
    expect(c.notes).toEqual([expect.objectContaining({ path: '/argument_schema/properties/xs/items', action: 'rewritten' })]);
  });

  it('openai-strict: optionals become required and nullable, objects closed, unsupported keywords moved into the description', () => {
    const c = convertTool(tool(RICH), 'openai-strict');
    if (!c.ok) throw new Error(c.error);
    const p = c.definition.function.parameters as { required: string[]; additionalProperties: boolean; properties: Record<string, Record<string, unknown>> };
    expect(c.definition.function.strict).toBe(true);
    expect(p.additionalProperties).toBe(false);
    expect(p.required.sort()).toEqual(Object.keys(RICH.properties).sort());
    expect(p.properties.count).toMatchObject({ type: ['integer', 'null'] });
    expect(p.properties.count).toMatchObject({ exclusiveMinimum: 0, description: '{default: 1}' });
    expect(p.properties.path).toEqual({ type: 'string', description: 'Where\n\n{format: "uri", minLength: 1}' });
    expect(p.properties.headers).toMatchObject({ additionalProperties: false, properties: {} });
    const actions = (path: string) => notesAt(c.notes, path).map((n) => n.action);
    expect(actions('/argument_schema/properties/headers/patternProperties')).toEqual(['narrowed']);
    expect(actions('/argument_schema/properties/path/format')).toEqual(['relaxed']);
    expect(actions('/argument_schema/properties/count/default')).toEqual(['dropped']);
    expect(actions('/argument_schema/properties/mode')).toEqual(['rewritten']);
    expect(actions('/argument_schema/properties/anything')).toContain('narrowed');
  });

  it('openai-strict: nulls for optional properties are taken back out before validation against the original schema', () => {
    const validate = compileSchema(RICH);
    const fromModel = { path: 'file:///x', mode: null, level: null, pair: null, headers: null, when: null, count: null, anything: null, tags: ['a'] };
    expect(validate.parse(fromModel).ok).toBe(false);
    const restored = restoreStrictArguments(RICH, fromModel);
    expect(restored).toEqual({ path: 'file:///x', when: null, anything: null, tags: ['a'] });
    expect(validate.parse(restored)).toMatchObject({ ok: true });
    expect(fromModel.mode).toBeNull();
  });

  it('restoreStrictArguments follows nested objects, arrays and $refs, and keeps nulls the schema allows', () => {
    const schema = {
      type: 'object',
      $defs: { Item: { type: 'object', properties: { id: { type: 'string' }, note: { type: 'string' } }, required: ['id'] } },
      properties: { items: { type: 'array', items: { $ref: '#/$defs/Item' } }, maybe: { type: ['string', 'null'] }, must: { type: 'string' } },
      required: ['must'],
    };
    expect(restoreStrictArguments(schema, { items: [{ id: 'a', note: null }], maybe: null, must: null })).toEqual({ items: [{ id: 'a' }], maybe: null, must: null });
  });

  it('gemini: $refs inlined (a recursive one cut two levels deep), type lists as nullable, consts as enums, titles as descriptions', () => {
    const schema = {
      type: 'object',
      $defs: { Node: { type: 'object', title: 'Node', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, required: ['name'] } },
      properties: { root: { $ref: '#/$defs/Node' }, kind: { const: 'tree' }, note: { type: ['string', 'null'] }, n: { type: 'integer', enum: [1, 2] } },
      required: ['root'],
    };
    const c = convertTool(tool(schema), 'gemini');
    if (!c.ok) throw new Error(c.error);
    const p = c.definition.parameters!;
    expect(p.properties!.kind).toEqual({ type: 'STRING', enum: ['tree'] });
    expect(p.properties!.note).toEqual({ type: 'STRING', nullable: true });
    expect(p.properties!.n).toEqual({ type: 'INTEGER', description: '{enum: [1,2]}' });
    const root = p.properties!.root!;
    expect(root).toMatchObject({ type: 'OBJECT', description: 'Node', required: ['name'] });
    const child = root.properties!.children!.items!;
    expect(child).toMatchObject({ type: 'OBJECT', properties: { name: { type: 'STRING' } } });
    expect(child.properties).not.toHaveProperty('children');
    expect(c.notes.some((n) => n.action === 'narrowed' && n.what.includes('recursive'))).toBe(true);
    expect(checkToolDefinition('gemini', c.definition)).toEqual([]);
    expect(JSON.stringify(c.definition)).not.toMatch(/\$ref|\$defs|const/);
  });

  it('gemini: a tool without arguments has no parameters; a free-form optional object is left out (narrowed)', () => {
    const none = convertTool(tool({ type: 'object', properties: {} }), 'gemini');
    expect(none.ok && none.definition).toEqual({ name: 'sample', description: 'A sample tool.' });
    const c = convertTool(tool(RICH), 'gemini');
    if (!c.ok) throw new Error(c.error);
    expect(c.definition.parameters!.properties).not.toHaveProperty('headers');
    expect(notesAt(c.notes, '/argument_schema/properties/headers').map((n) => n.action)).toContain('narrowed');
  });
});

describe('tools that cannot be offered in a format get a clear error', () => {
  it('an argument schema that is not an object: every vendor format refuses it (MCP serves it as an object, as before)', () => {
    for (const format of ['openai', 'openai-strict', 'anthropic', 'gemini'] as const) {
      const c = convertTool(tool({ type: 'string' }), format);
      expect(c.ok).toBe(false);
      if (!c.ok) expect(c.error).toMatch(new RegExp(`^tool 'sample' cannot be offered as ${format}: the argument schema is not an object \\(type: "string"\\)`));
    }
    const mcp = convertTool(tool({ type: 'string' }), 'mcp');
    expect(mcp.ok && mcp.notes).toEqual([expect.objectContaining({ path: '/argument_schema/type', action: 'relaxed' })]);
  });

  it('gemini refuses a parameter name it does not take, and a required parameter it cannot express', () => {
    const dash = convertTool(tool({ type: 'object', properties: { 'max-results': { type: 'integer' } } }), 'gemini');
    expect(dash.ok || dash.error).toMatch(/parameter name 'max-results' is not one Gemini takes/);
    const map = convertTool(tool({ type: 'object', properties: { env: { type: 'object', additionalProperties: { type: 'string' } } }, required: ['env'] }), 'gemini');
    expect(map.ok || map.error).toMatch(/required parameter at \/argument_schema\/properties\/env cannot be expressed/);
  });

  it('openai-strict passes on what the openai SDK refuses (an external $ref)', () => {
    const c = convertTool(tool({ type: 'object', properties: { a: { $ref: 'https://example.com/s.json' } }, required: ['a'] }), 'openai-strict');
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.error).toMatch(/^tool 'sample' cannot be offered as openai-strict: .*ref/i);
  });

  it('names a vendor forbids are mapped and noted; the definition carries the mapped name', () => {
    const c = convertTool(tool({ type: 'object', properties: {} }, { name: 'ovos.clock/now' }), 'anthropic');
    if (!c.ok) throw new Error(c.error);
    expect(c.name).toMatch(/^ovos_clock_now_[0-9a-f]{8}$/);
    expect(c.definition.name).toBe(c.name);
    expect(c.notes).toEqual([expect.objectContaining({ path: '/name', action: 'renamed', what: `ovos.clock/now → ${c.name}` })]);
  });
});
