/**
 * @ovos-tools/provider — discovers installed toolbox packages, runs each behind a toolbox host (inline, worker
 * thread or child process), and serves them through a transport-free tool service: on the OVOS messagebus
 * (`ovos.tools.list/get/invoke/reload`, the per-toolbox `ovos.persona.tools.*` topics), with hot reload,
 * execution policy and the `ovos-tools` CLI.
 */
export { ToolsProvider } from './ToolsProvider.js';
export type { ToolsProviderOptions } from './ToolsProvider.js';
export type {
  AccessDecision,
  Authorizer,
  Caller,
  CatalogChange,
  CatalogEntry,
  Collision,
  GetOutcome,
  InvokeOutcome,
  InvokeRequest,
  ListQuery,
  LoadProblem,
  ReloadReport,
  ToolboxStatus,
  ToolService,
} from './service/ToolService.js';
export { defaultPluginRoots, parseProviderConfig, ProviderConfigError, userPluginRoot } from './config/ProviderConfig.js';
export type { BrainConfig, HostSettings, IsolationMode, ProviderSettings } from './config/ProviderConfig.js';
export { scanPluginRoots } from './discovery/scanPluginRoots.js';
export type { DiscoveryProblem, ScanOptions, ScanResult, ToolboxDeclaration } from './discovery/scanPluginRoots.js';
export { readInstallRecords } from './discovery/installRecords.js';
export type { InstallRecords } from './discovery/installRecords.js';
export { ToolboxLoadError } from './loading/ToolboxLoadError.js';
export type { LoadPhase } from './loading/ToolboxLoadError.js';
export { RegistryGeneration } from './registry/RegistryGeneration.js';
export type { DuplicateNamePolicy, HostedToolbox } from './registry/RegistryGeneration.js';
export { ExecutionPolicy } from './policy/ExecutionPolicy.js';
export { QueueFullError, Semaphore } from './policy/Semaphore.js';
export { registerOvosBus, STATIC_CALL_TOPIC } from './transports/ovos-bus/registerOvosBus.js';
export type { OvosBusOptions } from './transports/ovos-bus/registerOvosBus.js';
export { OpenAIChatEngine } from './brain/OpenAIChatEngine.js';
export type { OpenAIChatEngineOptions } from './brain/OpenAIChatEngine.js';
export { createBrain } from './brain/createBrain.js';
export { parseHttpConfig } from './transports/http/HttpConfig.js';
export type { HttpConfig } from './transports/http/HttpConfig.js';
export {
  AgentLimiter,
  allowedAgentsOf,
  busCaller,
  busCallerOf,
  compileToolRule,
  createAgentResolver,
  createAuthorizer,
  credentialFromHeaders,
  hashCredential,
  parseAgentsConfig,
  sha256Hex,
} from './permissions/index.js';
export type { AgentDefinition, AgentResolver, AuthorizerOptions, BusCallerOptions, LimitDecision, StoredCredential, ToolRule } from './permissions/index.js';
export {
  buildLexicon,
  DEFAULT_SEARCH_LIMIT,
  foldTerm,
  LEXICON_TERM_WEIGHT,
  MAX_FIELD_CHARS,
  MAX_QUERY_CHARS,
  MAX_QUERY_TERMS,
  MAX_SEARCH_LIMIT,
  MAX_SEARCH_TAGS,
  SEARCH_FIELD_BOOSTS,
  searchErrors,
  searchTerms,
  splitWords,
  STOP_WORDS,
  toSearchDocument,
  ToolSearchIndex,
  VOICE_LEXICON,
} from './search/index.js';
export type { RebuildOutcome, SearchDocument, SearchField, SearchHit, SearchOptions, SearchOutcome, ToolSearchIndexOptions } from './search/index.js';
export {
  applyOutputBudget,
  budgetErrors,
  CUT_MARK,
  MAX_CUT_DEPTH,
  MAX_OUTPUT_BUDGET_CHARS,
  MAX_RESULT_TTL_S,
  MemoryResultStore,
  MIN_OUTPUT_BUDGET_CHARS,
  RESULT_HANDLE_CHARS,
  RESULT_STORE_DEFAULTS,
  truncateToBudget,
  truncationMarker,
} from './budget/index.js';
export type {
  BudgetedResult,
  MemoryResultStoreOptions,
  OutputBudgetOptions,
  PageOutcome,
  PageRefusal,
  PutOutcome,
  ResultStore,
  ResultStoreStats,
  TruncateOutcome,
  TruncationMarker,
} from './budget/index.js';
export { noopMetrics } from './metrics/index.js';
export type { MetricsRecorder } from './metrics/index.js';
