import type { Static } from 'typebox';
import type {
  StaticToolboxCallRequest,
  ToolboxCallRequest,
  ToolsGetRequest,
  ToolsInvokeRequest,
  ToolsListRequest,
  ToolsResultGetRequest,
  ToolsSearchRequest,
} from './ovosRequests.js';
import type {
  OvosFormatNote,
  OvosLoadProblem,
  OvosSearchHit,
  OvosSkippedTool,
  OvosToolEntry,
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

/** The payload types, for builders and readers of these messages. */
export type ToolsListRequestData = Static<typeof ToolsListRequest>;
/** `ovos.tools.get` request data. */
export type ToolsGetRequestData = Static<typeof ToolsGetRequest>;
/** `ovos.tools.invoke` request data. */
export type ToolsInvokeRequestData = Static<typeof ToolsInvokeRequest>;
/** Per-toolbox call request data. */
export type ToolboxCallRequestData = Static<typeof ToolboxCallRequest>;
/** OVOS-TOOLS-1 static call request data. */
export type StaticToolboxCallRequestData = Static<typeof StaticToolboxCallRequest>;
/** `ovos.tools.list.response` data. */
export type ToolsListResponseData = Static<typeof ToolsListResponse>;
/** `ovos.tools.get.response` data. */
export type ToolsGetResponseData = Static<typeof ToolsGetResponse>;
/** `ovos.tools.invoke.response` data. */
export type ToolsInvokeResponseData = Static<typeof ToolsInvokeResponse>;
/** `ovos.tools.reload.response` data. */
export type ToolsReloadResponseData = Static<typeof ToolsReloadResponse>;
/** `ovos.tools.changed` data. */
export type ToolsChangedEventData = Static<typeof ToolsChangedEvent>;
/** `ovos.persona.tools.discover.response` data. */
export type PersonaDiscoverResponseData = Static<typeof PersonaDiscoverResponse>;
/** Per-toolbox call response data. */
export type ToolboxCallResponseData = Static<typeof ToolboxCallResponse>;
/** `ovos.tools.search` request data. */
export type ToolsSearchRequestData = Static<typeof ToolsSearchRequest>;
/** `ovos.tools.search.response` data. */
export type ToolsSearchResponseData = Static<typeof ToolsSearchResponse>;
/** One tool of `ovos.tools.search.response`. */
export type OvosSearchHitData = Static<typeof OvosSearchHit>;
/** `ovos.tools.result.get` request data. */
export type ToolsResultGetRequestData = Static<typeof ToolsResultGetRequest>;
/** `ovos.tools.result.get.response` data. */
export type ToolsResultGetResponseData = Static<typeof ToolsResultGetResponse>;
/** The `truncated` member of an answer. */
export type OvosTruncationMarkerData = Static<typeof OvosTruncationMarker>;
/** One tool as the provider lists it. */
export type OvosToolEntryData = Static<typeof OvosToolEntry>;
/** A load problem in OVOS answers. */
export type OvosLoadProblemData = Static<typeof OvosLoadProblem>;
/** One note of a vendor-format listing. */
export type OvosFormatNoteData = Static<typeof OvosFormatNote>;
/** A tool a vendor-format listing leaves out. */
export type OvosSkippedToolData = Static<typeof OvosSkippedTool>;
