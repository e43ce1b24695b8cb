import type { ToolExample } from '../tool/AgentTool.js';
import type { ToolBoxLike } from '../contract/checkToolBox.js';
import { invokeTool, jsonEqual, type InvokeToolOptions } from './invokeTool.js';

/** One example whose outcome differed from what it declares. */
export interface ExampleFailure {
  /** The tool's name. */
  tool: string;
  /** Index in the tool's `examples`. */
  index: number;
  /** The example as declared. */
  example: ToolExample;
  /** What was expected and what happened, one line. */
  message: string;
}

/** Options of {@link checkExamples}. */
export interface CheckExamplesOptions extends InvokeToolOptions {
  /** Only these tools (default: every tool). Leave out tools whose results depend on the clock or the network. */
  tools?: readonly string[];
}

/**
 * Runs every tool example through {@link invokeTool} and compares the outcome with what the example declares:
 * `result` must equal the output exactly (deep, key order ignored); `error` must be the start of, or contained in,
 * the error text; an example with neither must succeed. Never throws.
 * @returns every failure, in tool then example order; empty when all examples hold.
 */
export async function checkExamples(toolbox: ToolBoxLike, options: CheckExamplesOptions = {}): Promise<ExampleFailure[]> {
  const failures: ExampleFailure[] = [];
  for (const tool of toolbox.tools.values()) {
    if (options.tools && !options.tools.includes(tool.name)) continue;
    const examples = tool.examples ?? [];
    for (let index = 0; index < examples.length; index++) {
      const example = examples[index]!;
      const outcome = await invokeTool(toolbox, tool.name, example.arguments, options);
      const fail = (message: string) => failures.push({ tool: tool.name, index, example, message });
      if (example.error !== undefined) {
        if (outcome.ok) fail(`expected an error containing ${JSON.stringify(example.error)}, got result ${JSON.stringify(outcome.result)}`);
        else if (!outcome.error.includes(example.error)) fail(`expected an error containing ${JSON.stringify(example.error)}, got ${JSON.stringify(outcome.error)}`);
      } else if (!outcome.ok) {
        fail(`expected success, got ${outcome.error} [${outcome.code}]`);
      } else if (example.result !== undefined && !jsonEqual(outcome.result, example.result)) {
        fail(`expected result ${JSON.stringify(example.result)}, got ${JSON.stringify(outcome.result)}`);
      }
    }
  }
  return failures;
}

/**
 * {@link checkExamples}, for test runners (`node:test`, vitest): resolves when every example holds.
 * @throws an `Error` named `AssertionError` listing every failing example as `<tool> example <n>: <message>`.
 */
export async function assertExamples(toolbox: ToolBoxLike, options: CheckExamplesOptions = {}): Promise<void> {
  const failures = await checkExamples(toolbox, options);
  if (!failures.length) return;
  const err = new Error(`${failures.length} example(s) failed:\n${failures.map((f) => `  ${f.tool} example ${f.index}: ${f.message}`).join('\n')}`);
  err.name = 'AssertionError';
  throw err;
}
