/**
 * The `MyMathToolBox` example of the ovos-PHAL-plugin-tools README (seed 000, "Writing a ToolBox plugin"),
 * written in TypeScript against the published API, and used the way the README's third-party example does.
 *
 * Python original (paraphrased): AddArgs{a: int "First operand", b: int "Second operand"},
 * AddOutput{result: int "Sum"}, MyMathToolBox.discover_tools() → [AgentTool("add", "Add two integers.", ...,
 * tool_call=lambda args: AddOutput(result=args.a + args.b))], registered as entry point `my-math-tools`.
 */
import { AgentTool, defineTool, FakeBus, Message, silentLogger, ToolBox, toWireError, Type, type Static } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';

const AddArgs = Type.Object(
  {
    a: Type.Integer({ description: 'First operand' }),
    b: Type.Integer({ description: 'Second operand' }),
  },
  { title: 'AddArgs' },
);

const AddOutput = Type.Object({ result: Type.Integer({ description: 'Sum' }) }, { title: 'AddOutput' });

class MyMathToolBox extends ToolBox {
  static override toolboxId = 'my-math-tools'; // = the entry-point name

  discoverTools(): AgentTool[] {
    return [
      defineTool({
        name: 'add',
        description: 'Add two integers.',
        argumentSchema: AddArgs,
        outputSchema: AddOutput,
        toolCall: (args: Static<typeof AddArgs>) => ({ result: args.a + args.b }),
      }),
    ];
  }
}

describe('seed 000 MyMathToolBox, in TypeScript', () => {
  it('works in-process: callTool validates, coerces and adds', async () => {
    const tb = new MyMathToolBox({ logger: silentLogger });
    expect(tb.toolboxId).toBe('my-math-tools');
    await expect(tb.callTool('add', { a: 10, b: 32 })).resolves.toEqual({ result: 42 });
    await expect(tb.callTool('add', { a: '3', b: 4 })).resolves.toEqual({ result: 7 });
  });

  it('lists the tool like the README ToolEntry (name, description, argument_schema, output_schema)', () => {
    const [entry] = new MyMathToolBox({ logger: silentLogger }).toolJsonList;
    expect(entry).toEqual({
      name: 'add',
      description: 'Add two integers.',
      argument_schema: {
        title: 'AddArgs',
        type: 'object',
        properties: { a: { type: 'integer', description: 'First operand' }, b: { type: 'integer', description: 'Second operand' } },
        required: ['a', 'b'],
      },
      output_schema: { title: 'AddOutput', type: 'object', properties: { result: { type: 'integer', description: 'Sum' } }, required: ['result'] },
    });
  });

  it('answers on the bus: discover, then call with kwargs, like the third-party usage example', async () => {
    const bus = new FakeBus();
    new MyMathToolBox({ bus, logger: silentLogger });

    const listed = await bus.waitForResponse(new Message('ovos.persona.tools.discover'));
    expect(listed?.data.toolbox_id).toBe('my-math-tools');
    for (const tool of listed?.data.tools as Array<{ name: string; description: string }>) {
      expect(`${tool.name} — ${tool.description}`).toBe('add — Add two integers.');
    }

    const response = await bus.waitForResponse(new Message('ovos.persona.tools.my-math-tools.call', { name: 'add', kwargs: { a: 10, b: 32 } }));
    expect(response?.data).toEqual({ result: { result: 42 }, toolbox_id: 'my-math-tools' });

    const bad = await bus.waitForResponse(new Message('ovos.persona.tools.my-math-tools.call', { name: 'add', kwargs: { a: 'ten', b: 32 } }));
    expect('error' in (bad?.data ?? {})).toBe(true);
    expect(String(bad?.data.error).startsWith("ValueError: Tool input validation failed for 'add' in ToolBox 'my-math-tools'")).toBe(true);
  });

  it('gives an OpenAI tool definition an agent can use directly', () => {
    expect(new MyMathToolBox({ logger: silentLogger }).toolOpenaiFormat).toEqual([
      {
        type: 'function',
        function: {
          name: 'add',
          description: 'Add two integers.',
          parameters: {
            type: 'object',
            properties: { a: { type: 'integer', description: 'First operand' }, b: { type: 'integer', description: 'Second operand' } },
            required: ['a', 'b'],
          },
        },
      },
    ]);
  });

  it('an unknown tool is a clear error, as in the README', async () => {
    const err = await new MyMathToolBox({ logger: silentLogger }).callTool('nonexistent', {}).catch((e: unknown) => e);
    expect(toWireError(err).error).toBe("ValueError: Unknown tool 'nonexistent' for ToolBox 'my-math-tools'. Available tools: add.");
  });
});
