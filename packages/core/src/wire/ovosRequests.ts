import { Type, type Static } from 'typebox';

// The request payloads of the OVOS topics, each schema with its `Static` type: as lax as OVOS reads them.

/**
 * A request's `name`: OVOS reads it with Python truthiness and `str()`, so a number or boolean is a name (`42` →
 * `"42"`, `true` → `"True"`) and a falsy value (absent, `""`, `0`, `false`, `null`, `[]`, `{}`) is a missing name. A
 * non-empty list or object is refused with `invalid_request` (the Python plugin crashes on it).
 */
export const OvosToolName = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()], { description: 'The tool name (Python str() of a scalar)' });

/**
 * A request's `format`: the tool-definition format to answer in (`TOOL_FORMATS`: `ovos`, `mcp`, `openai`,
 * `openai-strict`, `anthropic`, `gemini`); absent or `null` is `ovos`, the answer of a request without it.
 */
export const ToolFormatField = Type.Union([Type.String(), Type.Null()], { description: 'ovos (default), mcp, openai, openai-strict, anthropic or gemini' });

/** `ovos.tools.list` request: `{summary?, tags?, format?}`; all optional, unknown keys ignored. */
export const ToolsListRequest = Type.Object({
  summary: Type.Optional(Type.Unknown({ description: 'Exactly `true` for the light catalog (seed 004); anything else lists full entries' })),
  tags: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String()), Type.Null()], { description: 'Keep tools carrying every tag; one string is one tag' })),
  format: Type.Optional(ToolFormatField),
});
/** `ovos.tools.list` request data (the payload types are for builders and readers of these messages). */
export type ToolsListRequestData = Static<typeof ToolsListRequest>;

/**
 * A request's `toolbox_id`: only that toolbox's tool of the name, also when another toolbox's tool of the same name
 * wins the bare name (the qualified name of a shadowed tool); absent or `null` is the collision winner.
 */
export const ToolboxIdField = Type.Union([Type.String(), Type.Null()], { description: 'Only the tool of this toolbox (reaches a shadowed tool)' });

/** `ovos.tools.get` request: `{name, format?, toolbox_id?}`; `name` may be a tool's vendor-mapped name. */
export const ToolsGetRequest = Type.Object({ name: Type.Optional(OvosToolName), format: Type.Optional(ToolFormatField), toolbox_id: Type.Optional(ToolboxIdField) });
/** `ovos.tools.get` request data. */
export type ToolsGetRequestData = Static<typeof ToolsGetRequest>;

/**
 * A request's `max_output_chars` (issue 27): the most characters of the result's JSON the caller wants in the answer,
 * an integer from 106 (the size of the `truncated` member itself) to 2^31 - 1. Checked by the provider, which names
 * the accepted range when it is wrong; absent: the agent's or the provider's default, else no limit.
 */
const MaxOutputChars = Type.Unknown({ description: 'Most characters of the result JSON to answer with (106 to 2^31-1); the rest is paged with ovos.tools.result.get' });

/**
 * `ovos.tools.invoke` request: `{name, args, format?, toolbox_id?, max_output_chars?, confirm_token?}`; `args`
 * defaults to `{}` and is checked against the tool's schema; `name` may be a vendor-mapped name; `format:
 * "openai-strict"` turns the nulls strict mode sends for left-out optional properties back into absent keys first;
 * `toolbox_id` picks that toolbox's tool of the name (a shadowed one included); a result longer than
 * `max_output_chars` is cut and the answer carries `truncated`. Other keys are ignored, as OVOS does, and named in
 * the answer (`warnings`, or the error).
 */
export const ToolsInvokeRequest = Type.Object({
  name: Type.Optional(OvosToolName),
  args: Type.Optional(Type.Unknown({ description: 'The tool arguments; validated by the tool, not here' })),
  format: Type.Optional(ToolFormatField),
  max_output_chars: Type.Optional(MaxOutputChars),
  confirm_token: Type.Optional(Type.Unknown({ description: 'The confirm_token of a confirmation_required answer, once the user confirmed' })),
  toolbox_id: Type.Optional(ToolboxIdField),
});
/** `ovos.tools.invoke` request data. */
export type ToolsInvokeRequestData = Static<typeof ToolsInvokeRequest>;

/**
 * `ovos.persona.tools.<toolbox_id>.call` request (OPM `ToolBox.handle_call`): `{name, kwargs, max_output_chars?,
 * confirm_token?}`;
 * `name` is read with `String()`.
 */
export const ToolboxCallRequest = Type.Object({
  name: Type.Optional(Type.Unknown({ description: 'The tool name' })),
  kwargs: Type.Optional(Type.Unknown({ description: 'The tool arguments; default `{}`' })),
  confirm_token: Type.Optional(Type.Unknown({ description: 'The confirm_token of a confirmation_required answer, once the user confirmed' })),
  max_output_chars: Type.Optional(MaxOutputChars),
});
/** Per-toolbox call request data. */
export type ToolboxCallRequestData = Static<typeof ToolboxCallRequest>;

/**
 * `ovos.tools.search` request (issue 27): `{query, limit?, include_schema?, tags?}`. `query` is natural language
 * (at most 1,000 characters), `limit` an integer from 1 to 100 (default 5), `include_schema` adds each tool's full
 * spec, `tags` (a list, or one string) keeps tools carrying every tag. `query` and `limit` are checked by the
 * provider's search, whose errors say what was wrong.
 */
export const ToolsSearchRequest = Type.Object({
  query: Type.Optional(Type.Unknown({ description: 'What the tool should do, in any language, e.g. "set a timer for ten minutes"' })),
  limit: Type.Optional(Type.Unknown({ description: 'Most tools to answer, 1 to 100; default 5' })),
  include_schema: Type.Optional(Type.Union([Type.Boolean(), Type.Null()], { description: 'true: each tool also carries its full spec as ovos.tools.get answers it' })),
  tags: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String()), Type.Null()], { description: 'Keep tools carrying every tag; one string is one tag' })),
});
/** `ovos.tools.search` request data. */
export type ToolsSearchRequestData = Static<typeof ToolsSearchRequest>;

/** `ovos.tools.result.get` request (issue 27): `{handle, offset?, limit?}`; `offset` default 0, `limit` in characters. */
export const ToolsResultGetRequest = Type.Object({
  handle: Type.Optional(Type.Unknown({ description: 'The handle of a `truncated` member' })),
  offset: Type.Optional(Type.Unknown({ description: 'First character of the page, from 0; default 0' })),
  limit: Type.Optional(Type.Unknown({ description: 'Most characters of the page; default 100,000 (or the caller’s configured max_output_chars when lower)' })),
});
/** `ovos.tools.result.get` request data. */
export type ToolsResultGetRequestData = Static<typeof ToolsResultGetRequest>;

/** OVOS-TOOLS-1's `ovos.persona.tools.call` request: `{toolbox_id, name, kwargs}`; a host not serving `toolbox_id` stays silent. */
export const StaticToolboxCallRequest = Type.Object({
  toolbox_id: Type.String({ description: 'The toolbox to call' }),
  name: Type.Optional(Type.Unknown({ description: 'The tool name' })),
  kwargs: Type.Optional(Type.Unknown({ description: 'The tool arguments; default `{}`' })),
  confirm_token: Type.Optional(Type.Unknown({ description: 'The confirm_token of a confirmation_required answer, once the user confirmed' })),
});
/** OVOS-TOOLS-1 static call request data. */
export type StaticToolboxCallRequestData = Static<typeof StaticToolboxCallRequest>;
