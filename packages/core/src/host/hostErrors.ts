import { ToolAbortedError } from '../errors/ToolError.js';
import { toWireError, type WireError } from '../errors/wireError.js';
import type { CallOutcome } from './ToolboxHost.js';

/**
 * The errors a toolbox host puts on the wire when the toolbox itself could not answer (OVOS style `"<Python class>:
 * <what happened>"` texts, core `ToolErrorCode`s), in one place for every host kind — the provider's inline, worker,
 * process and federated bus hosts, toolbox-mcp's MCP host, toolbox-http's HTTP host — so a caller reads the same
 * words whatever runs the toolbox. Errors a tool raises are core's `ToolError` classes (`toWireError`).
 */
export const hostErrors = {
  /** A host that was closed (reload or shutdown) when the call arrived. */
  toolboxClosed: (toolboxId: string): WireError => ({ error: `RuntimeError: ToolBox '${toolboxId}' is closed`, code: 'toolbox_unavailable' }),
  /** A host closed (reload or shutdown) while the call was in flight. */
  closedDuringCall: (toolboxId: string): WireError => ({ error: `RuntimeError: ToolBox '${toolboxId}' was closed (reload or shutdown) before the call finished`, code: 'toolbox_unavailable' }),
  /** A host that is unhealthy, down or gone (`why` says which, e.g. `it crashed 5 times within a minute`). */
  toolboxUnavailable: (toolboxId: string, why: string): WireError => ({ error: `RuntimeError: ToolBox '${toolboxId}' is unavailable: ${why}`, code: 'toolbox_unavailable' }),
  /** A host whose runtime died with the call in flight (`reason`: exit code, signal, memory limit, a server that went away…). */
  crashedDuringCall: (toolboxId: string, reason: string): WireError => ({
    error: `RuntimeError: ToolBox '${toolboxId}' crashed during the call: ${reason}; it is being restarted`,
    code: 'toolbox_crashed',
  }),
  /** A host that broke its contract by rejecting instead of answering. */
  hostRejected: (toolboxId: string, name: string, detail: string): WireError => ({ error: `RuntimeError: ToolBox '${toolboxId}' failed to run '${name}': ${detail}`, code: 'internal' }),
  /** Arguments that cannot cross into the host (not structured-clone safe, not JSON). */
  argumentsNotSendable: (name: string, toolboxId: string, detail: string): WireError => ({
    error: `ValueError: Tool '${name}' in ToolBox '${toolboxId}' got arguments that cannot be sent to its host: ${detail}`,
    code: 'invalid_arguments',
  }),
  /** A result that cannot cross back from the host. */
  resultNotSendable: (name: string, detail: string): WireError => ({ error: `RuntimeError: the result of tool '${name}' cannot be sent to the provider: ${detail}`, code: 'internal' }),
} as const;

/**
 * The outcome of a call whose abort fired: the abort's reason as a wire error when it is a tool error (the provider's
 * policy aborts with a `ToolTimeoutError` at the time limit, so the caller reads `timeout`), else `aborted` naming the
 * tool and toolbox. Every host answers an aborted call with it, whatever it was doing, so a timeout reads the same on
 * every host kind. Tells a tool error by shape (`ovosClass`, `code`), not `instanceof`, so a reason from another copy
 * of core converts the same way.
 * @param source - the call's `AbortSignal`, or its `LazyAbortController` (reading its reason creates no signal).
 */
export function abortOutcome(source: { readonly reason: unknown }, name: string, toolboxId: string): CallOutcome {
  const reason = source.reason as { ovosClass?: unknown; code?: unknown } | undefined;
  if (reason && typeof reason.ovosClass === 'string' && typeof reason.code === 'string') return { ok: false, error: toWireError(reason) };
  return { ok: false, error: toWireError(new ToolAbortedError(name, toolboxId, { cause: reason })) };
}
