/**
 * Machine-readable error codes carried next to every OVOS error string.
 *
 * - `unknown_tool`: no tool by that name in the toolbox (or provider registry).
 * - `missing_name`: a request lacked the required `name` field.
 * - `invalid_arguments`: arguments were not an object, or failed the argument schema.
 * - `execution_failed`: the tool implementation threw.
 * - `invalid_output`: the tool returned something that fails its output schema.
 * - `timeout`: the call ran past its time limit; its AbortSignal fired.
 * - `aborted`: the caller's AbortSignal fired before the tool finished.
 * - `overloaded`: a concurrency limit refused the call.
 * - `rate_limited`: the caller's agent is over its own limit (`rate_per_minute`, `max_concurrency`); retry later.
 * - `invalid_request`: a bus payload had the wrong shape (e.g. a non-string name).
 * - `discovery_failed`: `discoverTools()` threw.
 * - `forbidden`: the caller's permissions refuse the tool (the error names the rule).
 * - `toolbox_crashed`: the toolbox's host died during the call (it exited, passed its memory limit, or was
 *   terminated because a timed-out call would not stop); the host is restarted.
 * - `toolbox_unavailable`: the toolbox's host is unhealthy (crashed repeatedly) or gone; retry after a reload.
 * - `confirmation_required`: the provider's policy wants the user to confirm this call first; it was not run. The
 *   answer carries a `confirm_token` and a `prompt` to ask; call again with the token once the user said yes.
 * - `confirmation_declined`: the user was asked (MCP elicitation) and did not confirm; the call was not run.
 * - `state_unavailable`: the call needs state shared by the provider's replicas (e.g. its agent's limits, counted in
 *   Redis) and that store cannot be reached; the call was not started; retry later.
 * - `internal`: anything else.
 */
export type ToolErrorCode =
  | 'unknown_tool'
  | 'missing_name'
  | 'invalid_arguments'
  | 'execution_failed'
  | 'invalid_output'
  | 'timeout'
  | 'aborted'
  | 'overloaded'
  | 'rate_limited'
  | 'invalid_request'
  | 'discovery_failed'
  | 'forbidden'
  | 'toolbox_crashed'
  | 'toolbox_unavailable'
  | 'confirmation_required'
  | 'confirmation_declined'
  | 'state_unavailable'
  | 'internal';

/**
 * The Python exception class OVOS would have raised for the same failure; it prefixes the bus-visible
 * error string (`"<ErrorClass>: <message>"`, ovos-plugin-manager `ToolBox.handle_call`).
 */
export type OvosErrorClass = 'ValueError' | 'RuntimeError' | 'TimeoutError' | 'TypeError';

/** Options shared by every {@link ToolError} subclass. */
export interface ToolErrorOptions {
  /** What exactly was wrong (field path, expected vs received, or the cause's text); appended to the OVOS text. */
  detail?: string;
  /** The underlying error, kept for logs and debugging. */
  cause?: unknown;
}

/**
 * Base class of every error `ToolBox.callTool` throws.
 *
 * `message` is the exact OVOS text (`ovosMessage`) followed by `detail` when there is one, so a model
 * reading it can repair its call; `ovosClass` and `code` let the bus edge build the wire error.
 * Mirrors the exceptions of ovos-plugin-manager `ToolBox.call_tool` (wire spec §2.6).
 */
export class ToolError extends Error {
  /** Stable machine code, e.g. `invalid_arguments`. */
  readonly code: ToolErrorCode;
  /** The Python class name OVOS uses for this failure, e.g. `ValueError`. */
  readonly ovosClass: OvosErrorClass;
  /** The message exactly as OVOS formats it, without our detail. */
  readonly ovosMessage: string;
  /** What was wrong, when known. */
  readonly detail: string | undefined;

  constructor(code: ToolErrorCode, ovosClass: OvosErrorClass, ovosMessage: string, options: ToolErrorOptions = {}) {
    super(withDetail(ovosMessage, options.detail), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.ovosClass = ovosClass;
    this.ovosMessage = ovosMessage;
    this.detail = options.detail;
  }
}

/** Appends a detail to an OVOS message: `"<msg>: <detail>"`, or `"<msg> <detail>"` when the message ends a sentence. */
export function withDetail(message: string, detail: string | undefined): string {
  if (!detail) return message;
  return message.endsWith('.') ? `${message} ${detail}` : `${message}: ${detail}`;
}

/** `ValueError: Unknown tool '<name>' for ToolBox '<id>'.` — the tool is not in the toolbox. */
export class UnknownToolError extends ToolError {
  constructor(toolName: string, toolboxId: string, options: ToolErrorOptions = {}) {
    super('unknown_tool', 'ValueError', `Unknown tool '${toolName}' for ToolBox '${toolboxId}'.`, options);
  }
}

/**
 * Arguments were rejected: either `ValueError: Tool input validation failed for '<name>' in ToolBox '<id>'`
 * (schema mismatch) or `RuntimeError: Tool '<name>' called with unexpected type arguments: <PyType>. ...`
 * (not an object at all).
 */
export class InvalidArgumentsError extends ToolError {
  constructor(ovosClass: 'ValueError' | 'RuntimeError', ovosMessage: string, options: ToolErrorOptions = {}) {
    super('invalid_arguments', ovosClass, ovosMessage, options);
  }
}

/** `RuntimeError: Tool execution failed for '<name>' in ToolBox '<id>'` — the implementation threw; `cause` holds it. */
export class ToolExecutionError extends ToolError {
  constructor(toolName: string, toolboxId: string, options: ToolErrorOptions = {}) {
    super('execution_failed', 'RuntimeError', `Tool execution failed for '${toolName}' in ToolBox '${toolboxId}'`, options);
  }
}

/** `RuntimeError: Tool output validation failed for ...` or `... returned an unexpected type ...`. */
export class InvalidOutputError extends ToolError {
  constructor(ovosMessage: string, options: ToolErrorOptions = {}) {
    super('invalid_output', 'RuntimeError', ovosMessage, options);
  }
}

/** `TimeoutError: Tool '<name>' in ToolBox '<id>' timed out after <ms> ms` — OVOS has no timeouts; the class name follows Python's builtin. */
export class ToolTimeoutError extends ToolError {
  /** The limit that expired, in milliseconds. */
  readonly timeoutMs: number;
  constructor(toolName: string, toolboxId: string, timeoutMs: number) {
    super('timeout', 'TimeoutError', `Tool '${toolName}' in ToolBox '${toolboxId}' timed out after ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** `RuntimeError: Tool '<name>' in ToolBox '<id>' was aborted` — the caller's AbortSignal fired. */
export class ToolAbortedError extends ToolError {
  constructor(toolName: string, toolboxId: string, options: ToolErrorOptions = {}) {
    super('aborted', 'RuntimeError', `Tool '${toolName}' in ToolBox '${toolboxId}' was aborted`, options);
  }
}

/**
 * A toolbox class is unusable: no toolbox id, or an invalid tool definition. Thrown at construction,
 * never across the bus. `code` is `invalid_toolbox` or `invalid_tool`.
 */
export class ToolDefinitionError extends Error {
  readonly code: 'invalid_toolbox' | 'invalid_tool';
  constructor(code: 'invalid_toolbox' | 'invalid_tool', message: string) {
    super(message);
    this.name = 'ToolDefinitionError';
    this.code = code;
  }
}
