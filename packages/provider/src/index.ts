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
export type { ToolsProviderOptions } from './compose/ToolsProviderOptions.js';
export { createAccessControl } from './access/AccessControl.js';
export type { AccessControl, AccessControlOptions, Admission, BusExposure, BusReloadRule } from './access/AccessControl.js';
export type { GetOutcome, ListOutcome, ListQuery, ToolService } from './service/ToolService.js';
export type { AccessDecision, ActingRefusal, Authorizer, OperatorAction, SessionRules } from './service/AccessDecision.js';
export type { Refusal } from './service/Refusal.js';
export type { Caller } from './service/Caller.js';
export type { CatalogChange, ReloadOutcome, ReloadReport } from './service/ReloadReport.js';
export type { CatalogEntry } from './service/CatalogEntry.js';
export type { Collision, LoadProblem, ToolboxOrigin, ToolboxStatus } from './service/ToolboxStatus.js';
export type { ConfirmationRequest } from './service/ConfirmationRequest.js';
export type { InvokeOutcome, OutputTruncation } from './service/InvokeOutcome.js';
export type { InvokeRequest } from './service/InvokeRequest.js';
export type { ResultPageOutcome, ResultPageRefusal, ResultPageRequest } from './service/ResultPageRequest.js';
export type { ToolSearchHit, ToolSearchOutcome, ToolSearchRequest } from './service/ToolSearchRequest.js';
export { applyOutputBudget } from './budget/applyOutputBudget.js';
export { MAX_OUTPUT_BUDGET_CHARS, MIN_OUTPUT_BUDGET_CHARS } from './service/outputBudgetRange.js';
export { MemoryResultStore } from './budget/MemoryResultStore.js';
export { RESULT_STORE_DEFAULTS } from './budget/resultStoreLimits.js';
export { truncateToBudget } from './budget/truncateToBudget.js';
export type { BudgetSettings } from './budget/budgetSettings.js';
export type { MemoryResultStoreOptions } from './budget/MemoryResultStore.js';
export type { PageOutcome, PageRefusal, PutOutcome, ResultStore, ResultStoreStats } from './budget/ResultStore.js';
export type { TruncationMarker } from './budget/truncationMarker.js';
export { buildLexicon, VOICE_LEXICON } from './search/voiceLexicon.js';
export {
  checkLocaleUtterances,
  MAX_INTENT_FILE_BYTES,
  MAX_INTENT_FILES,
  MAX_INTENT_PACKAGE_BYTES,
  MAX_SENTENCES_PER_PACKAGE,
  MAX_SENTENCES_PER_TOOL,
  readLocaleUtterances,
} from './search/localeUtterances.js';
export { expandIntentLine, MAX_EXPANSIONS_PER_LINE, MAX_INTENT_LINE_CHARS, MAX_INTENT_NESTING, parseIntentLine } from './search/intentLines.js';
export { ToolSearchIndex } from './search/ToolSearchIndex.js';
export type { HitExplanation, TermOrigin } from './service/HitExplanation.js';
export type { LocaleUtterances } from './search/localeUtterances.js';
export type { ParsedIntentLine } from './search/intentLines.js';
export type { SearchOptions, SearchOutcome, ToolSearchIndexOptions } from './search/ToolSearchIndex.js';
export type { UtterancesOf } from './search/SearchSnapshot.js';
export { defaultPluginRoots, parseProviderConfig, userPluginRoot } from './config/ProviderConfig.js';
export { ProviderConfigError } from './config/ProviderConfigError.js';
export type { ProviderSettings } from './config/ProviderConfig.js';
export type { ConfigIssue } from './config/ConfigIssue.js';
export type { AccessSettings } from './access/accessSettings.js';
export { ConfirmationStoreFullError, MemoryConfirmationStore } from './confirm/MemoryConfirmationStore.js';
export type { ConfirmationStore } from './confirm/ConfirmationStore.js';
export type { ConfirmSettings } from './confirm/confirmSettings.js';
export type { MemoryConfirmationStoreOptions } from './confirm/MemoryConfirmationStore.js';
export type { BrainConfig } from './brain/brainSettings.js';
export type { DiscoverySettings } from './discovery/discoverySettings.js';
export type { SearchSettings } from './search/searchSettings.js';
export type { FederationSettings } from './federation/federationSettings.js';
export type { OwnBusServer } from './federation/OwnBusServer.js';
export type { HostDefaults, HostSettings, IsolationMode } from './hosts/hostSettings.js';
export type { PolicySettings } from './policy/policySettings.js';
export type { RegistrySettings } from './registry/registrySettings.js';
export type { BusSettings } from './transports/ovos-bus/busSettings.js';
export type { McpSettings } from './transports/mcp/mcpSettings.js';
export { registerOvosBus, STATIC_CALL_TOPIC } from './transports/ovos-bus/registerOvosBus.js';
export type { OvosBusOptions } from './transports/ovos-bus/registerOvosBus.js';
export { OpenAIChatEngine } from './brain/OpenAIChatEngine.js';
export type { OpenAIChatEngineOptions } from './brain/OpenAIChatEngine.js';
export { hashCredential } from './access/credential.js';
export { parseAgentsConfig } from './access/AgentDefinition.js';
export type { AgentDefinition, ReadableData } from './access/AgentDefinition.js';
export type { StoredCredential } from './access/credential.js';
export type { ToolRule } from './access/toolRule.js';
export { noopMetrics } from './metrics/MetricsRecorder.js';
export type { MetricsRecorder } from './metrics/MetricsRecorder.js';
// types the public declarations above name (the forgotten-export check in e2e's surface.test.ts)
export type { AgentLimits, LimitDecision } from './access/AgentLimits.js';
export type { CompiledToolRule } from './access/toolRule.js';
export type { CredentialVerifier } from './access/credential.js';
export type { BudgetedResult, OutputBudgetOptions } from './budget/applyOutputBudget.js';
export type { ResultStoreLimitOptions } from './budget/resultStoreLimits.js';
export type { TruncateOutcome } from './budget/truncateToBudget.js';
export type { ExecutionPolicy } from './policy/ExecutionPolicy.js';
export type { DuplicateNamePolicy, HostedToolbox, RegistryGeneration } from './registry/RegistryGeneration.js';
export type { RebuildOutcome, SearchHit } from './search/ToolSearchIndex.js';
export type { RankedHit } from './search/rankSnapshot.js';
export type { SearchDocument } from './search/toSearchDocument.js';
export type { SearchField } from './search/SearchSnapshot.js';
export type { FusionWeights } from './search/semantic/fuseRankings.js';
export type { ModelRanking, ModelRankingOptions } from './search/semantic/ModelRanking.js';
export type { RankerDeclaration, SemanticRanker, SemanticRankerOptions } from './search/semantic/SemanticRanker.js';
export type { SatelliteOrigin } from './service/Caller.js';
export type { RedisStateSettings, StateSettings } from './state/stateSettings.js';
