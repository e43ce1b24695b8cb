import { AgentTool, defineTool, TOOL_NAME_PATTERN, ToolDefinitionError, Type, type AgentToolDefinition } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';

const base = (): AgentToolDefinition => ({
  name: 'add',
  description: 'Add two integers. Returns their sum.',
  argumentSchema: Type.Object({ a: Type.Integer(), b: Type.Integer() }),
  outputSchema: Type.Object({ result: Type.Integer() }),
  toolCall: ((args: { a: number; b: number }) => ({ result: args.a + args.b })) as never,
});

function definitionError(def: unknown): ToolDefinitionError {
  try {
    new AgentTool(def as AgentToolDefinition);
  } catch (err) {
    expect(err).toBeInstanceOf(ToolDefinitionError);
    expect((err as ToolDefinitionError).code).toBe('invalid_tool');
    return err as ToolDefinitionError;
  }
  throw new Error('expected a ToolDefinitionError');
}

describe('tool names (OpenAI function-name rules: ^[a-zA-Z0-9_-]{1,64}$)', () => {
  it.each(['add', 'unit_convert', 'get-time', 'A', '9lives', 'MiXeD_Case-1', 'x'.repeat(64)])('accepts %j', (name) => {
    expect(new AgentTool({ ...base(), name }).name).toBe(name);
    expect(TOOL_NAME_PATTERN.test(name)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['65 characters', 'x'.repeat(65)],
    ['a space', 'add numbers'],
    ['a leading space', ' add'],
    ['a dot', 'math.add'],
    ['a colon', 'math:add'],
    ['a slash', 'math/add'],
    ['unicode letters', 'añadir'],
    ['CJK', 'ツール'],
    ['an emoji', 'add_😀'],
    ['a trailing newline', 'add\n'],
  ])('rejects a name with %s, quoting it and stating the rule', (_why, name) => {
    const err = definitionError({ ...base(), name });
    expect(err.message).toContain(JSON.stringify(name));
    expect(err.message).toContain("1-64 characters from a-z, A-Z, 0-9, '_' and '-'");
  });

  it.each([42, undefined, null, ['add']])('rejects a non-string name %j', (name) => {
    expect(definitionError({ ...base(), name }).message).toMatch(/^Invalid tool name/);
  });
});

describe('AgentTool definition checks', () => {
  it('rejects a non-string description', () => {
    expect(definitionError({ ...base(), description: undefined }).message).toBe("tool 'add': description must be a string");
  });
  it('rejects schemas that are not objects', () => {
    expect(definitionError({ ...base(), argumentSchema: 'object' }).message).toContain('argumentSchema must be a JSON Schema object');
    expect(definitionError({ ...base(), outputSchema: [] }).message).toContain('outputSchema must be a JSON Schema object');
    expect(definitionError({ ...base(), outputSchema: null }).message).toContain('outputSchema');
  });
  it('rejects a toolCall that is not a function', () => {
    expect(definitionError({ ...base(), toolCall: 'add' }).message).toContain('toolCall must be a function');
  });
  it.each([0, -5, '100', NaN])('rejects timeoutMs %j', (timeoutMs) => {
    expect(definitionError({ ...base(), timeoutMs }).message).toContain('timeoutMs must be a positive number');
  });
  it('rejects a missing definition', () => {
    definitionError(undefined);
  });
});

describe('AgentTool metadata', () => {
  it('summary defaults to the first sentence of the description', () => {
    expect(new AgentTool(base()).summary).toBe('Add two integers.');
    expect(defineTool({ ...base(), description: 'No full stop here' }).summary).toBe('No full stop here');
    expect(defineTool({ ...base(), description: 'First line only\nsecond line.' }).summary).toBe('First line only');
    expect(defineTool({ ...base(), description: 'Version 1.5 is supported. More.' }).summary).toBe('Version 1.5 is supported.');
  });

  it('a long first sentence is cut to 120 characters with an ellipsis', () => {
    const s = defineTool({ ...base(), description: 'w'.repeat(300) }).summary;
    expect(s.length).toBe(120);
    expect(s.endsWith('...')).toBe(true);
  });

  it('an explicit summary wins', () => {
    expect(defineTool({ ...base(), summary: 'Sum.' }).summary).toBe('Sum.');
  });

  it('keeps the optional catalog metadata, with tags/examples frozen copies', () => {
    const tags = ['math'];
    const examples = [{ description: 'three plus four', arguments: { a: 3, b: 4 }, result: { result: 7 } }];
    const t = defineTool({ ...base(), tags, examples, readOnly: true, destructive: false, idempotent: true, openWorld: false, errorModes: 'none', timeoutMs: 250 });
    tags.push('mutated');
    expect(t.tags).toEqual(['math']);
    expect(Object.isFrozen(t.tags)).toBe(true);
    expect(Object.isFrozen(t.examples)).toBe(true);
    expect(t.examples).toEqual(examples);
    expect([t.readOnly, t.destructive, t.idempotent, t.openWorld, t.errorModes, t.timeoutMs]).toEqual([true, false, true, false, 'none', 250]);
  });

  it('unset metadata stays undefined / empty', () => {
    const t = new AgentTool(base());
    expect(t.tags).toEqual([]);
    expect(t.examples).toEqual([]);
    expect([t.readOnly, t.destructive, t.idempotent, t.openWorld, t.errorModes, t.timeoutMs]).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  it('defineTool is new AgentTool', () => {
    expect(defineTool(base())).toBeInstanceOf(AgentTool);
  });
});
