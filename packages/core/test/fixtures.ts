/**
 * Shared fixtures for the core tests: the toolboxes of the OVOS golden samples (wire spec §9) written
 * against the published API, plus small helpers. Not part of the build (tsconfig includes `src` only).
 */
import { AgentTool, defineTool, type Logger, ToolBox, Type } from '@ovos-tools/core';

/** `AddArgs{a:int "First operand", b:int "Second operand"}` with the titles pydantic would print. */
export const AddArgs = Type.Object(
  {
    a: Type.Integer({ description: 'First operand', title: 'A' }),
    b: Type.Integer({ description: 'Second operand', title: 'B' }),
  },
  { title: 'AddArgs' },
);

/** `AddOutput{result:int "Sum of a and b"}`. */
export const AddOutput = Type.Object({ result: Type.Integer({ description: 'Sum of a and b', title: 'Result' }) }, { title: 'AddOutput' });

/** The golden `AddArgs` schema exactly as pydantic 2.13.4 printed it (§9). */
export const GOLDEN_ADD_ARGS = JSON.parse(
  '{"properties":{"a":{"description":"First operand","title":"A","type":"integer"},"b":{"description":"Second operand","title":"B","type":"integer"}},"required":["a","b"],"title":"AddArgs","type":"object"}',
);

/** The golden `AddOutput` schema (§9, `ovos.tools.get` sample). */
export const GOLDEN_ADD_OUTPUT = JSON.parse(
  '{"properties":{"result":{"description":"Sum of a and b","title":"Result","type":"integer"}},"required":["result"],"title":"AddOutput","type":"object"}',
);

/** The `add` tool of the `math_tools` fixture. */
export function addTool(): AgentTool {
  return defineTool({
    name: 'add',
    description: 'Add two integers.',
    argumentSchema: AddArgs,
    outputSchema: AddOutput,
    toolCall: (args) => ({ result: args.a + args.b }),
  });
}

/** Toolbox `math_tools` with the single tool `add` (§9 fixture). */
export class MathTools extends ToolBox {
  static override toolboxId = 'math_tools';
  discoverCount = 0;
  discoverTools(): AgentTool[] {
    this.discoverCount++;
    return [addTool()];
  }
}

/** Toolbox `fail_tools` whose tool `fail` always raises (§9 fixture). */
export class FailTools extends ToolBox {
  static override toolboxId = 'fail_tools';
  discoverTools(): AgentTool[] {
    return [
      defineTool({
        name: 'fail',
        description: 'Always raises.',
        argumentSchema: Type.Object({}),
        outputSchema: Type.Object({}),
        toolCall: () => {
          throw new Error('Always raises');
        },
      }),
    ];
  }
}

/** A logger that records every line, for asserting what was logged. */
export function recordingLogger(): Logger & { lines: Array<{ level: string; message: string; args: unknown[] }> } {
  const lines: Array<{ level: string; message: string; args: unknown[] }> = [];
  const rec = (level: string) => (message: string, ...args: unknown[]) => void lines.push({ level, message, args });
  return { lines, debug: rec('debug'), info: rec('info'), warn: rec('warn'), error: rec('error') };
}

/** Awaits the rejection of `p` and returns the error (fails the test when `p` resolves). */
export async function rejectionOf(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await p;
  } catch (err) {
    return err as Error & Record<string, unknown>;
  }
  throw new Error('expected the promise to reject, but it resolved');
}
