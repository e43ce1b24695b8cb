/**
 * @ovos-tools/provider — discovers installed toolbox packages and serves them on the OVOS messagebus
 * (`ovos.tools.list/get/invoke/reload`), with hot reload, execution policy and the `ovos-tools` CLI.
 */
export { ToolsProvider } from './ToolsProvider.js';
export type { ReloadReport, ToolsProviderOptions } from './ToolsProvider.js';
export { defaultPluginRoots, parseProviderConfig, ProviderConfigError, userPluginRoot } from './config/ProviderConfig.js';
export type { BrainConfig, ProviderSettings } from './config/ProviderConfig.js';
export { parseEntryPoints, TOOLBOX_GROUP } from './discovery/entryPoints.js';
export type { EntryPointTarget, ParsedEntryPoints } from './discovery/entryPoints.js';
export { scanPluginRoots } from './discovery/scanPluginRoots.js';
export type { DiscoveryProblem, ScanOptions, ScanResult, ToolboxDeclaration } from './discovery/scanPluginRoots.js';
export { readInstallRecords } from './discovery/installRecords.js';
export type { InstallRecords } from './discovery/installRecords.js';
export { checkToolBoxClass, checkTools } from './loading/checkToolBox.js';
export type { ToolBoxClass, ToolBoxLike } from './loading/checkToolBox.js';
export { ToolboxLoadError } from './loading/ToolboxLoadError.js';
export type { LoadPhase } from './loading/ToolboxLoadError.js';
export type { LoadedToolbox } from './loading/loadToolbox.js';
export { RegistryGeneration } from './registry/RegistryGeneration.js';
export type { Collision, LoadProblem, RegisteredTool } from './registry/RegistryGeneration.js';
export { ExecutionPolicy } from './policy/ExecutionPolicy.js';
export type { InvokeOutcome } from './policy/ExecutionPolicy.js';
export { QueueFullError, Semaphore } from './policy/Semaphore.js';
export { OpenAIChatEngine } from './brain/OpenAIChatEngine.js';
export type { OpenAIChatEngineOptions } from './brain/OpenAIChatEngine.js';
export { createBrain } from './brain/createBrain.js';
