import { describe, expect, test } from 'vitest';
import { readDiscoverAnswer } from './readDiscoverAnswer.js';

const ADD = { name: 'add', description: 'Add two integers.', argument_schema: { type: 'object' }, output_schema: { type: 'object' } };

describe('readDiscoverAnswer (core PersonaDiscoverResponse)', () => {
  test('an OPM ToolBox answer: its tools as descriptors tagged remote', () => {
    expect(readDiscoverAnswer({ tools: [ADD], toolbox_id: 'math_tools' })).toEqual({
      toolboxId: 'math_tools',
      tools: [{ name: 'add', description: 'Add two integers.', argumentSchema: { type: 'object' }, outputSchema: { type: 'object' }, tags: ['remote'] }],
      problems: [],
    });
    expect(readDiscoverAnswer({ tools: [], toolbox_id: 'math_tools', tools_host: 'p1' })).toEqual({ toolboxId: 'math_tools', tools: [], toolsHost: 'p1', problems: [] });
  });

  test('bad tool entries are left out and named; the rest are served', () => {
    const a = readDiscoverAnswer({ tools: [ADD, { ...ADD, name: 'bad name!' }, { ...ADD, argument_schema: 'x' }, 7], toolbox_id: 'math_tools' })!;
    expect(a.tools.map((t) => t.name)).toEqual(['add']);
    expect(a.problems).toEqual([
      'tools[1].name: "bad name!" is not a tool name (letters, digits, _ and -, at most 64)',
      'tools[2].argument_schema: expected a JSON Schema object, received "x"',
      'tools[3]: expected an object {name, description, argument_schema, output_schema}, received 7',
    ]);
  });

  test('no usable toolbox id, or no tools list: not an answer', () => {
    for (const data of [{ tools: [ADD] }, { tools: [ADD], toolbox_id: 'a:b' }, { tools: [ADD], toolbox_id: '' }, { toolbox_id: 'x' }, { tools: 'x', toolbox_id: 'x' }, undefined]) {
      expect(readDiscoverAnswer(data as never)).toBeUndefined();
    }
  });
});
