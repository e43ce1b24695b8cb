/**
 * @ovos-tools/core — the agent-tools templates: tools, toolboxes, validation, the OVOS message envelope
 * and the bus interface. Every other `@ovos-tools` package stands on this one.
 */
export { AgentTool, defineTool, TOOL_NAME_PATTERN } from './tool/AgentTool.js';
export type { AgentToolDefinition, ToolContext, ToolExample } from './tool/AgentTool.js';
export { checkConfirmationTemplate, parseTemplateText } from './tool/ConfirmationTemplate.js';
export type { ConfirmationTemplate, TemplatePart } from './tool/ConfirmationTemplate.js';
export { DEFAULT_CONFIRMATIONS, renderConfirmation } from './tool/renderConfirmation.js';
export type { ConfirmationSubject, RenderConfirmationOptions, RenderedConfirmation } from './tool/renderConfirmation.js';
export { normalizeTag, pickLanguage } from './tool/pickLanguage.js';
export { ToolBox } from './toolbox/ToolBox.js';
export type { CallToolOptions, ToolBoxOptions, ToolResult } from './toolbox/ToolBoxOptions.js';
export { TOOLBOX_BRAND, TOOLBOX_CONTRACT_VERSION } from './toolbox/brand.js';
export { compactSchema, normalizeTools, toCompactOpenaiTools, toCompactToolJson, toolsToOpenaiSpec } from './toolbox/openaiFormat.js';
export type { CompactToolJson, OpenAITool, ToolsInput } from './toolbox/openaiFormat.js';
export { isToolFormat, parseToolFormat, TOOL_FORMATS } from './formats/ToolFormat.js';
export type { ToolFormat, VendorToolFormat } from './formats/ToolFormat.js';
export type { FormatNote } from './formats/FormatNote.js';
export type { ToolConversion } from './formats/ToolConversion.js';
export { convertTool } from './formats/convertTool.js';
export type { ToolDefinitionByFormat } from './formats/convertTool.js';
export { toMcpToolDefinition } from './formats/toMcpToolDefinition.js';
export type { McpToolDefinition } from './formats/toMcpToolDefinition.js';
export { toOpenaiTool } from './formats/toOpenaiTool.js';
export { OPENAI_STRICT_FORMATS, OPENAI_STRICT_KEYWORDS, toOpenaiStrictTool } from './formats/toOpenaiStrictTool.js';
export { toAnthropicTool } from './formats/toAnthropicTool.js';
export type { AnthropicTool } from './formats/toAnthropicTool.js';
export { GEMINI_PARAMETER_NAME, toGeminiFunctionDeclaration } from './formats/toGeminiFunctionDeclaration.js';
export type { GeminiFunctionDeclaration } from './formats/toGeminiFunctionDeclaration.js';
export { GEMINI_FORMATS } from './formats/toGeminiSchema.js';
export type { GeminiSchema, GeminiType } from './formats/toGeminiSchema.js';
export { restoreStrictArguments } from './formats/restoreStrictArguments.js';
export { ANTHROPIC_TOOL_NAME, GEMINI_TOOL_NAME, OPENAI_TOOL_NAME, VendorNameIndex, vendorToolName } from './formats/vendorToolName.js';
export { fromMcpToolName, MCP_TOOL_NAME, MCP_TOOL_NAME_MAX, toMcpToolName } from './formats/mcpToolName.js';
export { checkToolDefinition, checkToolDefinitions } from './formats/rules/checkToolDefinition.js';
export { checkAnthropicTool } from './formats/rules/checkAnthropicTool.js';
export { checkGeminiFunctionDeclaration } from './formats/rules/checkGeminiFunctionDeclaration.js';
export { checkMcpTool } from './formats/rules/checkMcpTool.js';
export { checkOpenaiTool } from './formats/rules/checkOpenaiTool.js';
export type { RuleViolation } from './formats/rules/RuleViolation.js';
export {
  InvalidArgumentsError,
  InvalidOutputError,
  ToolAbortedError,
  ToolDefinitionError,
  ToolError,
  ToolExecutionError,
  ToolTimeoutError,
  UnknownToolError,
} from './errors/ToolError.js';
export type { OvosErrorClass, ToolErrorCode, ToolErrorOptions } from './errors/ToolError.js';
export { toWireError } from './errors/wireError.js';
export type { WireError } from './errors/wireError.js';
export { compileSchema } from './validation/compileSchema.js';
export type { CompiledSchema, ParseResult } from './validation/compileSchema.js';
export { Message, safeResponse } from './wire/Message.js';
export type { JsonObject } from './wire/Message.js';
export { MalformedMessageError } from './wire/MalformedMessageError.js';
export { copyWithinDepth, MAX_MESSAGE_DEPTH, nestsDeeperThan, shallowContext } from './wire/nesting.js';
export { DEFAULT_FRAME_LIMITS, frameTypePrefix, MAX_MESSAGE_VALUES, MAX_UNTYPED_FRAME_CHARS, MAX_OBJECT_KEYS, scanFrame, type FrameLimits, type FrameMember, type FrameShape } from './wire/frameShape.js';
export { applyReplyRule, DEFAULT_REPLY_RULE } from './wire/replyContext.js';
export type { ReplyOptions, ReplyRule } from './wire/replyContext.js';
export { personaCallTopic, responseTopic, Topics } from './wire/topics.js';
export { checkPayload } from './wire/checkPayload.js';
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
} from './wire/ovosResponses.js';
export {
  OvosToolName,
  StaticToolboxCallRequest,
  ToolboxCallRequest,
  ToolFormatField,
  ToolboxIdField,
  ToolsGetRequest,
  ToolsInvokeRequest,
  ToolsListRequest,
  ToolsResultGetRequest,
  ToolsSearchRequest,
} from './wire/ovosRequests.js';
export type {
  OvosFormatNoteData,
  OvosLoadProblemData,
  OvosSearchHitData,
  OvosSkippedToolData,
  OvosToolEntryData,
  OvosTruncationMarkerData,
  PersonaDiscoverResponseData,
  ToolboxCallResponseData,
  ToolsChangedEventData,
  ToolsGetResponseData,
  ToolsInvokeResponseData,
  ToolsListResponseData,
  ToolsReloadResponseData,
  ToolsResultGetResponseData,
  ToolsSearchResponseData,
} from './wire/ovosResponses.js';
export type {
  StaticToolboxCallRequestData,
  ToolboxCallRequestData,
  ToolsGetRequestData,
  ToolsInvokeRequestData,
  ToolsListRequestData,
  ToolsResultGetRequestData,
  ToolsSearchRequestData,
} from './wire/ovosRequests.js';
export type { PayloadMismatch } from './wire/checkPayload.js';
export { plainSchema, toolJson, toolSpecJson, toolSummaryJson } from './wire/toolJson.js';
export type { ToolAnnotationsJson, ToolJson, ToolLike, ToolSpecJson, ToolSummaryJson } from './wire/toolJson.js';
export type { Bus, BusHandler, MalformedMessageHandler } from './bus/Bus.js';
export { BusEndpoint } from './bus/BusEndpoint.js';
export type { BusEndpointOptions, WaitForResponseOptions } from './bus/BusEndpoint.js';
export { FakeBus } from './bus/FakeBus.js';
export type { FakeBusOptions } from './bus/FakeBus.js';
export type { HandlerRegistry, RawMessageHandler } from './bus/HandlerRegistry.js';
export type { ResponseWaiter, ResponseWaiters } from './bus/ResponseWaiters.js';
export { ResponseTimeoutError } from './errors/ResponseTimeoutError.js';
export { REQUEST_ID_KEY, stampRequestId } from './bus/correlation.js';
export { HOST_SOURCE_BRAND, HOST_SOURCE_CONTRACT_VERSION, HOST_SOURCE_GROUP } from './host/ToolboxHost.js';
export { SEARCH_RANKER_BRAND, SEARCH_RANKER_CONTRACT_VERSION, SEARCH_RANKER_GROUP } from './search/SearchRanker.js';
export type { SearchRanker, SearchRankerLoadOptions, TextEmbedder } from './search/SearchRanker.js';
export { LazyAbortController, listenForAbort } from './host/LazyAbortController.js';
export { abortOutcome, hostErrors } from './host/hostErrors.js';
export { SupervisedHost } from './host/SupervisedHost.js';
export type { SupervisionOptions } from './host/SupervisedHost.js';
export { defaultWorkspace, ovosToolsDataDir } from './host/workspace.js';
export type {
  CallOutcome,
  HostCallContext,
  HostHealth,
  HostKind,
  HostSource,
  HostSourceOptions,
  HostSourceResult,
  HostState,
  ToolboxDescription,
  ToolboxHost,
  ToolDescriptor,
} from './host/ToolboxHost.js';
export type { ToolProgress } from './tool/ToolProgress.js';
export type { ChatEngine, ChatMessage, ChatOptions } from './chat/ChatEngine.js';
export { createLogger, isLogEnabled, LOG_LEVELS, parseLogLevel, parseTraceparent, silentLogger, withTraceparent } from './logging/Logger.js';
export type { Logger, LogLevel } from './logging/Logger.js';
export { Type } from 'typebox';
export type { Static, TObject, TSchema } from 'typebox';
