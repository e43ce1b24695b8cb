import { isDeepStrictEqual } from 'node:util';
import { toWireError } from '../errors/wireError.js';
import type { JsonObject } from '../wire/Message.js';
import type { ToolBoxLike } from '../contract/checkToolBox.js';

/** The provider's default time limit per tool call (`default_timeout_ms`), in milliseconds. */
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

/**
 * How one call ended, in the provider's wire terms (`ovos.tools.invoke.response`): the validated `result`, or the
 * OVOS error text (`"ValueError: Tool input validation failed for ..."`) and its machine `code`.
 */
export type InvokeOutcome =
  | {
      /** The tool returned. */
      ok: true;
      /** Its validated output. */
      result: JsonObject;
    }
  | {
      /** The call failed. */
      ok: false;
      /** The OVOS error text, e.g. `ValueError: Tool input validation failed for 'add' in ToolBox 'm': ...`. */
      error: string;
      /** The machine code, e.g. `invalid_arguments`, `timeout`, `tool_error`. */
      code: string;
    };

/** Options of {@link invokeTool}. */
export interface InvokeToolOptions {
  /** Time limit in ms; default {@link DEFAULT_TOOL_TIMEOUT_MS} (the provider's default). */
  timeoutMs?: number;
  /** Aborts the call (code `aborted`). */
  signal?: AbortSignal;
}

/**
 * Calls a tool the way the provider does and never throws: `args` cross a JSON round trip first (as they would over
 * the bus, so `undefined` keys vanish and `Date`s become strings), the toolbox validates and coerces them, the call
 * runs under a time limit, and the result must survive JSON unchanged (no `NaN`, `Infinity`, `Date`, `BigInt`,
 * class instances or functions, which the bus would mangle or refuse). Errors become `{ok: false, error, code}`
 * exactly as the provider puts them on the wire.
 *
 * @param toolbox - a constructed toolbox (any copy of `@ovos-tools/core` with contract 1).
 * @param args - the arguments as an agent would send them; `undefined` means `{}`.
 */
export async function invokeTool(toolbox: ToolBoxLike, name: string, args: unknown = {}, options: InvokeToolOptions = {}): Promise<InvokeOutcome> {
  let sent: unknown;
  try {
    sent = JSON.parse(JSON.stringify(args) ?? 'null');
  } catch (err) {
    return { ok: false, error: `TypeError: arguments cannot be sent over the bus as JSON: ${(err as Error).message}`, code: 'invalid_arguments' };
  }
  let result: Record<string, unknown>;
  try {
    result = await toolbox.callTool(name, sent, { timeoutMs: options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS, signal: options.signal });
  } catch (err) {
    const wire = toWireError(err);
    return { ok: false, error: wire.error, code: wire.code };
  }
  const problem = jsonProblem(result, 'result');
  if (problem) {
    return { ok: false, error: `RuntimeError: Tool '${name}' in ToolBox '${toolbox.toolboxId}' returned a value the bus cannot carry: ${problem}`, code: 'invalid_output' };
  }
  return { ok: true, result: result as JsonObject };
}

/** The path of the first value that does not survive `JSON.stringify` → `JSON.parse` unchanged, or `null`. */
export function jsonProblem(value: unknown, path: string): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path} is ${value}, which JSON turns into null`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (value[i] === undefined) return `${path}[${i}] is undefined, which JSON turns into null`;
      const p = jsonProblem(value[i], `${path}[${i}]`);
      if (p) return p;
    }
    return null;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return `${path} is a ${(value as object).constructor?.name ?? 'class instance'}, not a plain object`;
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue; // dropped by JSON, as an absent optional field
      const p = jsonProblem(v, `${path}.${k}`);
      if (p) return p;
    }
    return null;
  }
  return `${path} is a ${typeof value}, which JSON cannot carry`;
}

/** Deep equality of two JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(a, b);
}
