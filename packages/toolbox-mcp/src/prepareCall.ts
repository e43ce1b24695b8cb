import { compileSchema, InvalidArgumentsError, toWireError, UnknownToolError, type WireError } from '@ovos-tools/core';
import type { ServedTool } from './listServedTools.js';

/** A tool found and its arguments validated (and coerced): ready to send; or the error to answer. */
export type PreparedCall =
  | {
      /** Found, and the arguments are valid. */
      ok: true;
      /** The tool as the server knows it. */
      tool: ServedTool;
      /** The arguments, validated and coerced. */
      args: Record<string, unknown>;
    }
  | {
      /** Not sendable. */
      ok: false;
      /** `unknown_tool` or `invalid_arguments`. */
      error: WireError;
    };

/**
 * Finds tool `name` (as served) among `served` and validates `args` against its input schema with core's
 * `compileSchema`: `unknown_tool` or `invalid_arguments` (naming the failing fields) before anything is sent.
 */
export function prepareCall(toolboxId: string, served: ReadonlyMap<string, ServedTool>, name: string, args: unknown): PreparedCall {
  const tool = served.get(name);
  if (!tool) return { ok: false, error: toWireError(new UnknownToolError(name, toolboxId)) };
  const parsed = compileSchema(tool.input).parse(args ?? {});
  if (!parsed.ok) {
    return { ok: false, error: toWireError(new InvalidArgumentsError('ValueError', `Invalid arguments for tool '${name}'`, { detail: parsed.problems.join('; ') })) };
  }
  return { ok: true, tool, args: parsed.value as Record<string, unknown> };
}
