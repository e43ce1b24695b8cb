import { InvalidArgumentsError, InvalidOutputError } from '../errors/ToolError.js';
import type { AgentTool } from '../tool/AgentTool.js';
import { compileSchema } from '../validation/compileSchema.js';
import { pythonTypeName } from './pythonTypeName.js';
import type { ToolResult } from './ToolBoxOptions.js';

/**
 * The tool's arguments, coerced and checked against its argument schema (OVOS `ToolBox.validate_input`).
 * @throws {@link InvalidArgumentsError} `RuntimeError` when `args` is not an object (OVOS's text), `ValueError`
 *   `Tool input validation failed for '<tool>' in ToolBox '<id>'` with one line per problem otherwise.
 */
export function validateArguments(tool: AgentTool, args: unknown, toolboxId: string): ToolResult {
  if (args === null || args === undefined || typeof args !== 'object' || Array.isArray(args)) {
    throw new InvalidArgumentsError(
      'RuntimeError',
      `Tool '${tool.name}' called with unexpected type arguments: ${pythonTypeName(args)}. Must be Dict[str, Any] or ToolArguments.`,
    );
  }
  const parsed = compileSchema(tool.argumentSchema).parse(args);
  if (!parsed.ok) {
    throw new InvalidArgumentsError('ValueError', `Tool input validation failed for '${tool.name}' in ToolBox '${toolboxId}'`, {
      detail: parsed.problems.join('; '),
    });
  }
  return parsed.value as ToolResult;
}

/**
 * The tool's output, coerced and checked against its output schema (OVOS `ToolBox.validate_output`).
 * @throws {@link InvalidOutputError} for a non-object (OVOS's text) or a schema mismatch (one line per problem).
 */
export function validateOutput(tool: AgentTool, raw: unknown, toolboxId: string): ToolResult {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new InvalidOutputError(`Tool '${tool.name}' returned an unexpected type: ${pythonTypeName(raw)}. Must return Dict[str, Any] or ToolOutput.`);
  }
  const parsed = compileSchema(tool.outputSchema).parse(raw);
  if (!parsed.ok) {
    throw new InvalidOutputError(`Tool output validation failed for '${tool.name}' in ToolBox '${toolboxId}'`, {
      detail: parsed.problems.join('; '),
    });
  }
  return parsed.value as ToolResult;
}
