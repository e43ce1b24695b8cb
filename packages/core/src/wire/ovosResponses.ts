import { Type, type Static } from 'typebox';

// The response and event payloads of the OVOS topics, each schema with its `Static` type: exactly what this project
// sends.

const JsonSchemaObject = Type.Record(Type.String(), Type.Unknown(), { description: 'A JSON Schema, plain JSON' });
const ErrorCode = Type.String({ description: 'A `ToolErrorCode`, e.g. `unknown_tool`, `invalid_arguments`, `timeout`' });
const ErrorText = Type.String({ description: 'OVOS-style text: `<Python class>: <what happened>`' });

/** One `tool_json_list` entry (wire spec §2.7): `{name, description, argument_schema, output_schema}`. */
export const OvosToolJson = Type.Object({
  name: Type.String(),
  description: Type.String(),
  argument_schema: JsonSchemaObject,
  output_schema: JsonSchemaObject,
});

const ShadowedBy = Type.String({ description: 'Another toolbox serves this name with higher precedence and answers the bare name; call this one with its toolbox_id' });

/** One tool as the provider lists it: a `tool_json_list` entry plus `toolbox_id` (and `shadowed_by` when another toolbox wins its name). */
export const OvosToolEntry = Type.Object({ ...OvosToolJson.properties, toolbox_id: Type.String(), shadowed_by: Type.Optional(ShadowedBy) });
/** One tool as the provider lists it. */
export type OvosToolEntryData = Static<typeof OvosToolEntry>;

/** The light entry of `ovos.tools.list {"summary": true}` (seed 004), plus `shadowed_by` when another toolbox wins its name. */
export const OvosToolSummary = Type.Object({ name: Type.String(), summary: Type.String(), tags: Type.Array(Type.String()), toolbox_id: Type.String(), shadowed_by: Type.Optional(ShadowedBy) });

/** A load problem as OVOS answers carry it. */
export const OvosLoadProblem = Type.Object({
  entry_point: Type.String({ description: 'The entry-point name (or the source) that failed' }),
  package: Type.Optional(Type.String({ description: 'The npm package that declares it' })),
  error: Type.String({ description: 'What went wrong and how to fix it' }),
});
/** A load problem in OVOS answers. */
export type OvosLoadProblemData = Static<typeof OvosLoadProblem>;

/** One note of a vendor-format listing: a `FormatNote` (`path`, `action`, `what`, `why`) and the tool it is about. */
export const OvosFormatNote = Type.Object({
  name: Type.String({ description: 'The tool name' }),
  toolbox_id: Type.String(),
  path: Type.String({ description: 'JSON Pointer into the tool as ovos.tools.get shows it, e.g. /argument_schema/properties/x/format' }),
  action: Type.Union([Type.Literal('dropped'), Type.Literal('relaxed'), Type.Literal('rewritten'), Type.Literal('narrowed'), Type.Literal('renamed')]),
  what: Type.String(),
  why: Type.String({ description: 'The vendor rule' }),
});
/** One note of a vendor-format listing. */
export type OvosFormatNoteData = Static<typeof OvosFormatNote>;

/** A tool a vendor-format listing leaves out because it cannot be expressed in that format. */
export const OvosSkippedTool = Type.Object({ name: Type.String(), toolbox_id: Type.String(), error: Type.String({ description: 'What cannot be expressed and why' }) });
/** A tool a vendor-format listing leaves out. */
export type OvosSkippedToolData = Static<typeof OvosSkippedTool>;

/** A vendor tool definition (an OpenAI function tool, an Anthropic tool, a Gemini function declaration, an MCP Tool). */
const VendorToolDefinition = Type.Record(Type.String(), Type.Unknown(), { description: 'The tool in the vendor format, ready to send' });

/**
 * `ovos.tools.list.response`: `{tools}`, plus `collisions` and `problems` when there are any, or `{tools: [], error,
 * code}`. With a vendor `format`: `tools` are that vendor's definitions (collision winners only, so names are
 * unique), with `format`, `notes` (what each conversion dropped or relaxed) and `skipped` (tools it cannot express).
 */
export const ToolsListResponse = Type.Object({
  tools: Type.Array(Type.Union([OvosToolEntry, OvosToolSummary, VendorToolDefinition])),
  format: Type.Optional(Type.String({ description: 'The vendor format of tools (absent for ovos)' })),
  notes: Type.Optional(Type.Array(OvosFormatNote)),
  skipped: Type.Optional(Type.Array(OvosSkippedTool)),
  collisions: Type.Optional(
    Type.Array(Type.Object({ name: Type.String(), toolbox_ids: Type.Array(Type.String()), winner: Type.String({ description: 'The toolbox that answers the bare name' }) })),
  ),
  problems: Type.Optional(Type.Array(OvosLoadProblem)),
  error: Type.Optional(ErrorText),
  code: Type.Optional(ErrorCode),
});
/** `ovos.tools.list.response` data. */
export type ToolsListResponseData = Static<typeof ToolsListResponse>;

/**
 * `ovos.tools.get.response`: the full spec (OVOS keys first, then catalog metadata) or `{error, code}`; with a vendor
 * `format`, `{format, name, toolbox_id, tool, notes}` (`tool` is the vendor definition).
 */
export const ToolsGetResponse = Type.Union([
  Type.Object({
    format: Type.String({ description: 'The vendor format of tool' }),
    name: Type.String({ description: 'The tool name (tool.name may be its vendor-mapped name)' }),
    toolbox_id: Type.String(),
    tool: VendorToolDefinition,
    notes: Type.Array(OvosFormatNote),
  }),
  Type.Object({
    name: Type.String(),
    description: Type.String(),
    argument_schema: JsonSchemaObject,
    output_schema: JsonSchemaObject,
    toolbox_id: Type.String(),
    summary: Type.String(),
    tags: Type.Array(Type.String()),
    examples: Type.Array(Type.Unknown()),
    annotations: Type.Object(
      {
        read_only: Type.Optional(Type.Boolean({ description: 'MCP readOnlyHint' })),
        destructive: Type.Optional(Type.Boolean({ description: 'MCP destructiveHint' })),
        idempotent: Type.Optional(Type.Boolean({ description: 'MCP idempotentHint' })),
        open_world: Type.Optional(Type.Boolean({ description: 'MCP openWorldHint' })),
      },
      { description: 'The behaviour hints the tool declares' },
    ),
    error_modes: Type.Optional(Type.String()),
    confirmation: Type.Optional(
      Type.Union([Type.String(), Type.Record(Type.String(), Type.String())], { description: 'The confirmation question template: one text, or texts by language' }),
    ),
    timeout_ms: Type.Optional(Type.Number({ description: 'The time limit calls of this tool run under, ms (config tool_timeouts, else the tool’s own, else default_timeout_ms)' })),
    shadowed_by: Type.Optional(ShadowedBy),
  }),
  Type.Object({ error: ErrorText, code: ErrorCode }),
]);
/** `ovos.tools.get.response` data. */
export type ToolsGetResponseData = Static<typeof ToolsGetResponse>;

const Warnings = Type.Array(Type.String(), { description: 'What the request had that was ignored, e.g. an unknown key `arguments` (the arguments go in `args`)' });

/**
 * The `truncated` member of an answer whose result was cut to the caller's `max_output_chars` (issue 27), beside the
 * result, never inside it: the full result's length, and, when it was kept, the handle that pages it
 * (`ovos.tools.result.get`) and how long it stays valid; when the store refused to keep it, `not_kept` says why.
 */
export const OvosTruncationMarker = Type.Object({
  original_chars: Type.Integer({ description: 'Length of the full result JSON, in UTF-16 code units' }),
  handle: Type.Optional(Type.String({ description: 'Pages the full result (ovos.tools.result.get); absent when it could not be kept' })),
  expires_in_s: Type.Optional(Type.Integer({ description: 'Seconds the handle stays valid' })),
  not_kept: Type.Optional(Type.String({ description: 'Why the full result was not kept (no handle): the store’s error code, state_unavailable or overloaded' })),
});
/** The `truncated` member of an answer. */
export type OvosTruncationMarkerData = Static<typeof OvosTruncationMarker>;

/**
 * The keys a `confirmation_required` answer adds: `confirm_token` (send it back, once the user said yes, to run exactly
 * this call once), `prompt` (the question to speak) and `prompt_lang` (its language, when known).
 */
export const ConfirmationKeys = {
  confirm_token: Type.Optional(Type.String({ description: 'With code confirmation_required: send it back with the same call once the user confirmed' })),
  prompt: Type.Optional(Type.String({ description: 'With code confirmation_required: the question to ask the user' })),
  prompt_lang: Type.Optional(Type.String({ description: 'The language of prompt (a BCP 47 tag), when known' })),
};

/**
 * `ovos.tools.invoke.response`: `{name, result, toolbox_id, latency_ms, truncated?}` or `{name, error, code}` (+
 * `toolbox_id`, `latency_ms` once a toolbox was found; + `confirm_token`, `prompt`, `prompt_lang` with code
 * `confirmation_required`); `warnings` on a success whose request had keys that were ignored (an error says so in its
 * text).
 */
export const ToolsInvokeResponse = Type.Union([
  Type.Object({
    name: Type.Unknown({ description: 'Echoed as sent' }),
    result: Type.Unknown(),
    toolbox_id: Type.String(),
    latency_ms: Type.Number({ description: 'ms' }),
    truncated: Type.Optional(OvosTruncationMarker),
    warnings: Type.Optional(Warnings),
  }),
  Type.Object({
    name: Type.Unknown({ description: 'Echoed as sent (`""` when missing)' }),
    error: ErrorText,
    code: ErrorCode,
    toolbox_id: Type.Optional(Type.String()),
    latency_ms: Type.Optional(Type.Number({ description: 'ms' })),
    ...ConfirmationKeys,
  }),
]);
/** `ovos.tools.invoke.response` data. */
export type ToolsInvokeResponseData = Static<typeof ToolsInvokeResponse>;

/** `ovos.tools.reload.response`: OVOS's `{loaded, total_tools}` plus the list after the refresh and what changed. */
export const ToolsReloadResponse = Type.Object({
  loaded: Type.Array(Type.String(), { description: 'Entry-point names loaded (OVOS)' }),
  total_tools: Type.Integer(),
  tools: Type.Optional(Type.Array(OvosToolEntry)),
  generation: Type.Optional(Type.Integer()),
  added: Type.Optional(Type.Array(Type.String())),
  removed: Type.Optional(Type.Array(Type.String())),
  updated: Type.Optional(Type.Array(Type.String())),
  problems: Type.Optional(Type.Array(OvosLoadProblem)),
  duration_ms: Type.Optional(Type.Number({ description: 'ms' })),
  digest: Type.Optional(Type.String({ description: 'What the provider serves after the reload: a digest of its packages, their versions and its config (equal on replicas that serve the same)' })),
  error: Type.Optional(ErrorText),
  code: Type.Optional(ErrorCode),
});
/** `ovos.tools.reload.response` data. */
export type ToolsReloadResponseData = Static<typeof ToolsReloadResponse>;

/** `ovos.tools.changed` (broadcast by the provider after the catalog changed; not in OVOS). */
export const ToolsChangedEvent = Type.Object({
  loaded: Type.Array(Type.String()),
  total_tools: Type.Integer(),
  added: Type.Array(Type.String()),
  removed: Type.Array(Type.String()),
  updated: Type.Array(Type.String()),
  generation: Type.Integer(),
  tools_host: Type.Optional(Type.String({ description: 'The id on the bus of the provider that sent it' })),
});
/** `ovos.tools.changed` data. */
export type ToolsChangedEventData = Static<typeof ToolsChangedEvent>;

/**
 * `ovos.persona.tools.discover.response` of one toolbox: `{tools, toolbox_id}` (+ `error`, `code` when discovery
 * failed); the provider adds `toolbox_id` to each tool, a bare `ToolBox.bind` sends OVOS's four keys. An ovos-tools
 * provider also sends `tools_host` (its id on the bus), so providers never federate each other's toolboxes; the
 * context of every answer is the request's, as `Message.response()` makes it.
 */
export const PersonaDiscoverResponse = Type.Object({
  tools: Type.Array(OvosToolJson),
  toolbox_id: Type.String(),
  tools_host: Type.Optional(Type.String({ description: 'Set by an ovos-tools provider answering for the toolboxes it serves: its id on the bus' })),
  error: Type.Optional(ErrorText),
  code: Type.Optional(ErrorCode),
});
/** `ovos.persona.tools.discover.response` data. */
export type PersonaDiscoverResponseData = Static<typeof PersonaDiscoverResponse>;

/**
 * The answer to a per-toolbox call: `{result, toolbox_id, truncated?}` or `{error, toolbox_id, code}` (OPM
 * `ToolBox.handle_call`, plus `code`, the output-budget marker, and the {@link ConfirmationKeys} with code
 * `confirmation_required`); `warnings` on a success whose request had keys that were ignored.
 */
export const ToolboxCallResponse = Type.Union([
  Type.Object({ result: Type.Unknown(), toolbox_id: Type.String(), truncated: Type.Optional(OvosTruncationMarker), warnings: Type.Optional(Warnings) }),
  Type.Object({ error: ErrorText, toolbox_id: Type.String(), code: ErrorCode, ...ConfirmationKeys }),
]);
/** Per-toolbox call response data. */
export type ToolboxCallResponseData = Static<typeof ToolboxCallResponse>;

/**
 * One tool found by `ovos.tools.search`: `{name, toolbox_id, description, summary, tags, score}`, best first; with
 * `include_schema`, also the rest of the full spec as `ovos.tools.get` answers it (`argument_schema`,
 * `output_schema`, `examples`, `annotations`, …). `score` is a BM25+ relevance, comparable within one answer only.
 */
export const OvosSearchHit = Type.Object(
  {
    name: Type.String(),
    toolbox_id: Type.String(),
    description: Type.String(),
    summary: Type.String(),
    tags: Type.Array(Type.String()),
    score: Type.Number({ description: 'Relevance (higher is better), comparable within one answer' }),
  },
  { additionalProperties: true },
);
/** One tool of `ovos.tools.search.response`. */
export type OvosSearchHitData = Static<typeof OvosSearchHit>;

/**
 * `ovos.tools.search.response`: `{query, tools, total}` (`total`: how many of the caller's tools matched before the
 * limit), or `{query, tools: [], total: 0, error, code}`.
 */
export const ToolsSearchResponse = Type.Object({
  query: Type.Unknown({ description: 'Echoed as sent' }),
  tools: Type.Array(OvosSearchHit),
  total: Type.Integer(),
  error: Type.Optional(ErrorText),
  code: Type.Optional(ErrorCode),
});
/** `ovos.tools.search.response` data. */
export type ToolsSearchResponseData = Static<typeof ToolsSearchResponse>;

/**
 * `ovos.tools.result.get.response`: `{handle, text, offset, next_offset, total_chars}` (`text` is the characters
 * `[offset, offset + text.length)` of the full result's JSON; `next_offset` is `null` at the end), or `{handle,
 * error, code}` (unknown, expired or evicted handle; another caller's handle, code `forbidden`; a bad range).
 */
export const ToolsResultGetResponse = Type.Union([
  Type.Object({
    handle: Type.String(),
    text: Type.String({ description: 'A slice of the full result JSON' }),
    offset: Type.Integer(),
    next_offset: Type.Union([Type.Integer(), Type.Null()], { description: 'Where the next page starts; null at the end' }),
    total_chars: Type.Integer({ description: 'Length of the full result JSON' }),
  }),
  Type.Object({ handle: Type.Unknown({ description: 'Echoed as sent' }), error: ErrorText, code: ErrorCode }),
]);
/** `ovos.tools.result.get.response` data. */
export type ToolsResultGetResponseData = Static<typeof ToolsResultGetResponse>;
