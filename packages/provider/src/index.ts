/**
 * @ovos-tools/provider — discovers installed toolbox packages, runs each behind a toolbox host (inline, worker
 * thread or child process), and serves them through a transport-free tool service: on the OVOS messagebus
 * (`ovos.tools.list/get/invoke/reload`, the per-toolbox `ovos.persona.tools.*` topics), with hot reload,
 * execution policy and the `ovos-tools` CLI. The HTTP API is `@ovos-tools/provider/http`, MCP
 * `@ovos-tools/provider/mcp`. What is exported here is what an embedder needs: the provider, its settings, the
 * service vocabulary every transport is written against, access control, and the bus transport; the machinery
 * (registry generations, hosts, policy, discovery) stays inside.
 */
export { ToolsProvider } from './compose/ToolsProvider.js';
export type { ToolsProviderOptions } from './compose/ToolsProvider.js';
export { createAccessControl } from './access/AccessControl.js';
export type { AccessControl, AccessControlOptions, Admission, BusExposure, BusReloadRule } from './access/AccessControl.js';
export type {
  AccessDecision,
  Authorizer,
  Caller,
  CatalogChange,
  CatalogEntry,
  Collision,
  ConfirmationRequest,
  GetOutcome,
  ListOutcome,
  InvokeOutcome,
  InvokeRequest,
  ListQuery,
  LoadProblem,
  OperatorAction,
  OutputTruncation,
  ReloadOutcome,
  ReloadReport,
  ResultPageOutcome,
  ResultPageRefusal,
  ResultPageRequest,
  SessionRules,
  ToolboxOrigin,
  ToolboxStatus,
  ToolSearchHit,
  ToolSearchOutcome,
  ToolSearchRequest,
  ToolService,
} from './service/ToolService.js';
export type { Refusal } from './service/Refusal.js';
export type { ActingRefusal } from './service/AccessDecision.js';
export { applyOutputBudget, MAX_OUTPUT_BUDGET_CHARS, MemoryResultStore, MIN_OUTPUT_BUDGET_CHARS, RESULT_STORE_DEFAULTS, truncateToBudget } from './budget/index.js';
export type { BudgetSettings, MemoryResultStoreOptions, PageOutcome, PageRefusal, PutOutcome, ResultStore, ResultStoreStats, TruncationMarker } from './budget/index.js';
export {
  buildLexicon,
  checkLocaleUtterances,
  expandIntentLine,
  MAX_EXPANSIONS_PER_LINE,
  MAX_INTENT_FILE_BYTES,
  MAX_INTENT_FILES,
  MAX_INTENT_LINE_CHARS,
  MAX_INTENT_NESTING,
  MAX_INTENT_PACKAGE_BYTES,
  MAX_SENTENCES_PER_PACKAGE,
  MAX_SENTENCES_PER_TOOL,
  parseIntentLine,
  readLocaleUtterances,
  ToolSearchIndex,
  VOICE_LEXICON,
} from './search/index.js';
export type {
  HitExplanation,
  LocaleUtterances,
  ParsedIntentLine,
  SearchOptions,
  SearchOutcome,
  TermOrigin,
  ToolSearchIndexOptions,
  UtterancesOf,
} from './search/index.js';
export { defaultPluginRoots, parseProviderConfig, ProviderConfigError, userPluginRoot } from './config/ProviderConfig.js';
export type { ProviderSettings } from './config/ProviderConfig.js';
export type { ConfigIssue } from './config/ConfigIssue.js';
export type { AccessSettings } from './access/accessSettings.js';
export { ConfirmationStoreFullError, MemoryConfirmationStore } from './confirm/index.js';
export type { ConfirmationStore, ConfirmSettings, MemoryConfirmationStoreOptions } from './confirm/index.js';
export type { BrainConfig } from './brain/brainSettings.js';
export type { DiscoverySettings } from './discovery/discoverySettings.js';
export type { SearchSettings } from './search/searchSettings.js';
export type { FederationSettings } from './federation/federationSettings.js';
export type { OwnBusServer } from './federation/BusFederation.js';
export type { HostDefaults, HostSettings, IsolationMode } from './hosts/hostSettings.js';
export type { PolicySettings } from './policy/policySettings.js';
export type { RegistrySettings } from './registry/registrySettings.js';
export type { BusSettings } from './transports/ovos-bus/busSettings.js';
export type { McpSettings } from './transports/mcp/mcpSettings.js';
export { registerOvosBus, STATIC_CALL_TOPIC } from './transports/ovos-bus/registerOvosBus.js';
export type { OvosBusOptions } from './transports/ovos-bus/registerOvosBus.js';
export { OpenAIChatEngine } from './brain/OpenAIChatEngine.js';
export type { OpenAIChatEngineOptions } from './brain/OpenAIChatEngine.js';
export { hashCredential, parseAgentsConfig } from './access/index.js';
export type { AgentDefinition, ReadableData, StoredCredential, ToolRule } from './access/index.js';
export { noopMetrics } from './metrics/index.js';
export type { MetricsRecorder } from './metrics/index.js';
