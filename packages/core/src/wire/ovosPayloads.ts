/**
 * The OVOS payloads of every topic in {@link Topics} and of `ovos.persona.tools.<toolbox_id>.call`, as TypeBox
 * schemas (JSON Schema at runtime, types at compile time): the provider API of ovos-PHAL-plugin-tools (wire spec
 * §4.4), the per-toolbox API of ovos-plugin-manager `ToolBox.bind` (§2.2–2.5) and OVOS-TOOLS-1's additions (§7).
 * Requests are as lax as OVOS reads them (a `name` may be any scalar, formatted with Python's `str()`); responses
 * are exactly what this project sends. Keys are the wire keys, snake_case.
 * @module
 */

// One concept per file: the request schemas, the response schemas, their TypeScript types and the payload check,
// re-exported here as one module.
export {
  OvosToolName,
  StaticToolboxCallRequest,
  ToolboxCallRequest,
  ToolboxIdField,
  ToolFormatField,
  ToolsGetRequest,
  ToolsInvokeRequest,
  ToolsListRequest,
  ToolsResultGetRequest,
  ToolsSearchRequest,
} from './ovosRequests.js';
export {
  ConfirmationKeys,
  OvosFormatNote,
  OvosLoadProblem,
  OvosSearchHit,
  OvosSkippedTool,
  OvosToolEntry,
  OvosToolJson,
  OvosToolSummary,
  OvosTruncationMarker,
  PersonaDiscoverResponse,
  ToolboxCallResponse,
  ToolsChangedEvent,
  ToolsGetResponse,
  ToolsInvokeResponse,
  ToolsListResponse,
  ToolsReloadResponse,
  ToolsResultGetResponse,
  ToolsSearchResponse,
} from './ovosResponses.js';
export type {
  OvosFormatNoteData,
  OvosLoadProblemData,
  OvosSearchHitData,
  OvosSkippedToolData,
  OvosToolEntryData,
  OvosTruncationMarkerData,
  PersonaDiscoverResponseData,
  StaticToolboxCallRequestData,
  ToolboxCallRequestData,
  ToolboxCallResponseData,
  ToolsChangedEventData,
  ToolsGetRequestData,
  ToolsGetResponseData,
  ToolsInvokeRequestData,
  ToolsInvokeResponseData,
  ToolsListRequestData,
  ToolsListResponseData,
  ToolsReloadResponseData,
  ToolsResultGetRequestData,
  ToolsResultGetResponseData,
  ToolsSearchRequestData,
  ToolsSearchResponseData,
} from './ovosPayloadData.js';
export { checkPayload } from './checkPayload.js';
export type { PayloadMismatch } from './checkPayload.js';
