import type { WireError } from '@ovos-tools/core';

/**
 * Every error the provider itself puts on the wire (`{error, code}` of OVOS answers, MCP `isError` texts and HTTP
 * bodies), in one place: the text a caller — often a model — reads, written as OVOS writes its errors (`<Python
 * class>: <what happened>`), and the machine `code` from core's `ToolErrorCode`. Errors a tool or a toolbox raises are
 * core's `ToolError` classes (`toWireError`).
 */
export const wireErrors = {
  /** OVOS provider API text for a name no toolbox serves (no class prefix, as ovos-PHAL-plugin-tools). */
  unknownTool: (name: string): WireError => ({ error: `Unknown tool: '${name}'`, code: 'unknown_tool' }),
  /** The caller's permissions do not cover the tool (`rule` names the rule that refused). */
  forbidden: (name: string, rule: string): WireError => ({ error: `PermissionError: Tool '${name}' is not allowed for this caller: ${rule}`, code: 'forbidden' }),
  /** `duplicate_tool_names: "error"` (OVOS-TOOLS-1) and a name several toolboxes serve, called without a toolbox. */
  ambiguousName: (name: string, toolboxIds: readonly string[]): WireError => ({
    error: `ValueError: Tool name '${name}' is provided by several toolboxes (${toolboxIds.join(', ')}); call it through its toolbox (duplicate_tool_names is "error", OVOS-TOOLS-1)`,
    code: 'invalid_request',
  }),
  /** An agent over its `rate_per_minute` or `max_concurrency` (`rule` names which); the caller should wait and retry. */
  rateLimited: (rule: string): WireError => ({ error: `refused by ${rule}`, code: 'rate_limited' }),
  /**
   * A call that needs state the replicas share (its agent's limits, counted in Redis) while that store cannot be
   * reached (`why` names the agent, the store and the cause); the call was not started.
   */
  stateUnavailable: (why: string): WireError => ({ error: `RuntimeError: shared state unavailable: ${why}; the call was not started, retry later`, code: 'state_unavailable' }),
  /** An operator action (reload, the bus traffic stream) asked by a caller that may not (`rule` says why). */
  operatorOnly: (rule: string): WireError => ({ error: `PermissionError: ${rule}`, code: 'forbidden' }),
  /** A call that arrived while the provider was starting and its toolboxes did not finish loading in time. */
  stillLoading: (waitedMs: number): WireError => ({
    error: `RuntimeError: the provider is still loading its toolboxes (waited ${waitedMs} ms); retry in a moment`,
    code: 'toolbox_unavailable',
  }),
  /** A concurrency queue is full (`message` says which limit). */
  overloaded: (message: string): WireError => ({ error: `RuntimeError: ${message}`, code: 'overloaded' }),
  /** Something failed that no rule covers (`message` says what). */
  internal: (message: string): WireError => ({ error: `RuntimeError: ${message}`, code: 'internal' }),
  /** A host broke its contract by rejecting instead of answering. */
  hostRejected: (toolboxId: string, name: string, detail: string): WireError => ({ error: `RuntimeError: ToolBox '${toolboxId}' failed to run '${name}': ${detail}`, code: 'internal' }),
  /** An inline toolbox that was closed (reload or shutdown). */
  toolboxClosed: (toolboxId: string): WireError => ({ error: `RuntimeError: ToolBox '${toolboxId}' is closed`, code: 'toolbox_unavailable' }),
  /** A worker/process host closed while the call was in flight. */
  closedDuringCall: (toolboxId: string): WireError => ({ error: `RuntimeError: ToolBox '${toolboxId}' was closed (reload or shutdown) before the call finished`, code: 'toolbox_unavailable' }),
  /** A host that is unhealthy or closed (`why` says which). */
  toolboxUnavailable: (toolboxId: string, why: string): WireError => ({ error: `RuntimeError: ToolBox '${toolboxId}' is unavailable: ${why}`, code: 'toolbox_unavailable' }),
  /** A worker/process host that died with the call in flight (`reason`: exit code, signal, memory limit…). */
  crashedDuringCall: (toolboxId: string, reason: string): WireError => ({ error: `RuntimeError: ToolBox '${toolboxId}' crashed during the call: ${reason}; it is being restarted`, code: 'toolbox_crashed' }),
  /** Arguments that cannot cross into a worker or process (not structured-clone safe). */
  argumentsNotSendable: (name: string, toolboxId: string, detail: string): WireError => ({ error: `ValueError: Tool '${name}' in ToolBox '${toolboxId}' got arguments that cannot be sent to its host: ${detail}`, code: 'invalid_arguments' }),
  /** A result that cannot cross back from a worker or process. */
  resultNotSendable: (name: string, detail: string): WireError => ({ error: `RuntimeError: the result of tool '${name}' cannot be sent to the provider: ${detail}`, code: 'internal' }),
  /** A federated toolbox the provider no longer serves. */
  remoteGone: (toolboxId: string): WireError => ({ error: `RuntimeError: ToolBox '${toolboxId}' on the messagebus is no longer served here`, code: 'toolbox_unavailable' }),
  /** A federated toolbox that did not answer within the time limit. */
  remoteSilent: (toolboxId: string): WireError => ({ error: `RuntimeError: ToolBox '${toolboxId}' on the messagebus did not answer; it may have stopped (it is dropped at the next discovery)`, code: 'toolbox_unavailable' }),
  /** A federated toolbox whose answer had neither `error` nor a `result` object. */
  remoteNoResult: (toolboxId: string): WireError => ({ error: `RuntimeError: ToolBox '${toolboxId}' on the messagebus answered without a result object`, code: 'invalid_output' }),
  /** An OVOS request whose frame nests too deep to be read (`detail`: the parser's message). */
  unreadableRequest: (detail: string): WireError => ({ error: `ValueError: ${detail}`, code: 'invalid_request' }),
  /** OVOS's text for a request without a usable `name` (ovos-PHAL-plugin-tools). */
  missingName: (): WireError => ({ error: "Missing required field: 'name'", code: 'missing_name' }),
  /** A list or object given as `name` (the Python plugin crashes on it; we answer). */
  invalidName: (received: string): WireError => ({ error: `Invalid field 'name': expected a string, received ${received}`, code: 'invalid_request' }),
  /** A `format` that is not one of core's `TOOL_FORMATS` (`detail`: `parseToolFormat`'s text naming the accepted ones). */
  invalidFormat: (detail: string): WireError => ({ error: `Invalid field 'format': ${detail}`, code: 'invalid_request' }),
  /** `summary` and a vendor `format` together: light entries have no schema to convert. */
  summaryWithFormat: (format: string): WireError => ({ error: `Invalid request: 'summary' lists light entries without schemas, which have no ${format} form; drop 'summary' to list tools as ${format}`, code: 'invalid_request' }),
  /** A tool that cannot be expressed in the requested format (`detail`: the conversion's error, naming tool, format and reason). */
  unexpressible: (detail: string): WireError => ({ error: `ValueError: ${detail}`, code: 'invalid_request' }),
  /** `ovos.tools.list` with a `tags` that is neither a string nor a list of strings. */
  invalidTags: (tags: unknown): WireError => ({ error: `Invalid field 'tags': expected a list of strings, received ${JSON.stringify(tags)}`, code: 'invalid_request' }),
} as const;
