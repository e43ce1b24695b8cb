import type { ToolErrorCode } from './ToolError.js';

/** An error as it travels on the bus: the OVOS string plus our machine code. */
export interface WireError {
  /** `"<ErrorClass>: <message>"` exactly as OVOS formats it (plus our detail), e.g. `"ValueError: Unknown tool 'x' for ToolBox 'math_tools'."`. */
  error: string;
  /** Stable machine code, e.g. `unknown_tool`; `internal` for errors that are not ToolErrors. */
  code: ToolErrorCode;
}

/**
 * Turns anything thrown into a {@link WireError}. ToolErrors are recognised by shape (`ovosClass`, `code`),
 * not `instanceof`, so errors from another copy of this package convert the same way. Other errors read
 * `"<name>: <message>"` like Python's `f"{type(e).__name__}: {e}"` (ovos-PHAL-plugin-tools invoke handler).
 * Never throws.
 */
export function toWireError(err: unknown): WireError {
  try {
    if (err !== null && typeof err === 'object') {
      const e = err as { ovosClass?: unknown; code?: unknown; message?: unknown; name?: unknown };
      const message = typeof e.message === 'string' ? e.message : safeString(err);
      if (typeof e.ovosClass === 'string' && typeof e.code === 'string') {
        return { error: `${e.ovosClass}: ${message}`, code: e.code as ToolErrorCode };
      }
      const name = typeof e.name === 'string' && e.name ? e.name : 'Error';
      return { error: `${name}: ${message}`, code: 'internal' };
    }
    return { error: `Error: ${safeString(err)}`, code: 'internal' };
  } catch {
    // A getter that throws (e.g. a revoked Proxy): still answer with something.
    return { error: 'Error: unprintable error value', code: 'internal' };
  }
}

/** `String(value)`, or a fallback for values that cannot be converted (null-prototype objects, throwing `toString`). */
function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
