import { hostErrors, type WireError } from '@ovos-tools/core';
import { previewValue } from './previewValue.js';

/**
 * Every error the provider itself puts on the wire (`{error, code}` of OVOS answers, MCP `isError` texts and HTTP
 * bodies), in one place: the text a caller — often a model — reads, written as OVOS writes its errors (`<Python
 * class>: <what happened>`), and the machine `code` from core's `ToolErrorCode`. Errors a tool or a toolbox raises are
 * core's `ToolError` classes (`toWireError`).
 */
export const wireErrors = {
  /** The host errors every host kind shares (core `hostErrors`): closed, unavailable, crashed, not sendable, rejected. */
  ...hostErrors,
  /** OVOS provider API text for a name no toolbox serves (no class prefix, as ovos-PHAL-plugin-tools). */
  unknownTool: (name: string): WireError => ({ error: `Unknown tool: '${name}'`, code: 'unknown_tool' }),
  /** The caller's permissions do not cover the tool (`rule` names the rule that refused). */
  forbidden: (name: string, rule: string): WireError => ({ error: `PermissionError: Tool '${name}' is not allowed for this caller: ${rule}`, code: 'forbidden' }),
  /** `duplicate_tool_names: "error"` (OVOS-TOOLS-1) and a name several toolboxes serve, called without a toolbox. */
  ambiguousName: (name: string, toolboxIds: readonly string[]): WireError => ({
    error: `ValueError: Tool name '${name}' is provided by several toolboxes (${toolboxIds.join(', ')}); call it through its toolbox (duplicate_tool_names is "error", OVOS-TOOLS-1)`,
    code: 'invalid_request',
  }),
  /**
   * Arguments with an own `__proto__` key (at `path`): refused on every door, as HTTP refuses such a JSON body, so a
   * confirmed or validated call can never carry a member that a copy would turn into a prototype.
   */
  protoKey: (path: string): WireError => ({
    error: `ValueError: Invalid arguments: the key "__proto__" (at ${path}) is not accepted; rename it`,
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
  /** A federated toolbox the provider no longer serves. */
  remoteGone: (toolboxId: string): WireError => ({ error: `RuntimeError: ToolBox '${toolboxId}' on the messagebus is no longer served here`, code: 'toolbox_unavailable' }),
  /** A federated toolbox that did not answer within the time limit (`ms`); it is unavailable until it answers a discovery. */
  remoteSilent: (toolboxId: string, ms: number): WireError => ({
    error: `RuntimeError: ToolBox '${toolboxId}' on the messagebus did not answer within ${ms} ms; it may have stopped (it is served again once it answers a discovery)`,
    code: 'toolbox_unavailable',
  }),
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
  /** `GET /internal/tools/search` without `q`. */
  missingSearchQuery: (): WireError => ({ error: `ValueError: Missing query parameter 'q': describe what the tool should do, e.g. ?q=set%20a%20timer`, code: 'invalid_request' }),
  /** A search's `include_schema` that is not a boolean. */
  invalidIncludeSchema: (received: unknown): WireError => ({ error: `ValueError: Invalid field 'include_schema': expected true or false, received ${previewValue(received)}`, code: 'invalid_request' }),
  /** A `toolbox_id` that is not a non-empty string. */
  invalidToolboxId: (value: unknown): WireError => ({ error: `Invalid field 'toolbox_id': expected a toolbox id (a non-empty string), received ${JSON.stringify(value)}`, code: 'invalid_request' }),
  /** `ovos.tools.list` with a `tags` that is neither a string nor a list of strings. */
  invalidTags: (tags: unknown): WireError => ({ error: `Invalid field 'tags': expected a list of strings, received ${JSON.stringify(tags)}`, code: 'invalid_request' }),
} as const;
