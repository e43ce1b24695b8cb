/**
 * @ovos-tools/core/node — the toolbox kit: small Node helpers that the provider and every toolbox share instead of
 * each keeping its own copy: path containment, error texts, Node's timer range, the plain-object check, the config
 * reader (a toolbox's config section read against a TypeBox schema, with one style of problem text), the
 * entry-point scan of installed packages, and a worker pool that terminates a job past its budget (its worker side
 * is `@ovos-tools/core/worker`).
 */
export { isInside } from './paths.js';
export { checkConfigSection } from './checkConfigSection.js';
export { configProblem, configProblemText, readConfig, type ConfigProblem, type ConfigRead } from './readConfig.js';
export { nearestKey } from './nearestKey.js';
export { unknownKeyMessage, unknownKeys } from './unknownKeys.js';
export { errorMessage, errorText, isObject, MAX_TIMER_MS, timerDelay } from './values.js';
export { WorkerPool } from './WorkerPool.js';
export type { WorkerJobFailure, WorkerJobOptions, WorkerJobOutcome, WorkerPoolOptions } from './WorkerPool.js';
export { ENTRY_POINT_NAME_PATTERN, parseEntryPoints, readEntryPointGroup, TOOLBOX_GROUP, typeName } from './entryPoints.js';
export type { EntryPointGroup, EntryPointTarget, ParsedEntryPoints } from './entryPoints.js';
export { listInstalledPackages } from './installedPackages.js';
export type { InstalledPackageDir } from './installedPackages.js';
