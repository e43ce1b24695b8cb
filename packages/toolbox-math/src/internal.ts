/**
 * Everything the package's modules export for its own tests (not a public entry: package.json `exports` names only
 * `.`, which exports the toolbox class and its tools' schemas).
 */
export { MathToolBox } from './MathToolBox.js';
export { DEFAULT_TIMEOUT_MS, readConfig } from './config.js';
export type { MathConfig } from './config.js';
export { convertUnit } from './units/convertUnit.js';
export type { ConversionResult } from './units/convertUnit.js';
export { EXACT_CASE_UNITS, lookupUnit, UNIT_ALIASES } from './units/unitTable.js';
export type { UnitCategory, UnitDefinition } from './units/unitTable.js';
export { MAX_EXPRESSION_LENGTH, MAX_FACTORIAL, MAX_NESTING_DEPTH } from './expr/limits.js';
export { MAX_STATISTICS_ITEMS } from './tools/statisticsSummary.js';
export { MathWorkerError, MathWorkerPool } from './worker/MathWorkerPool.js';
export type { MathWorkerPoolOptions, RunOptions, WorkerFailureKind } from './worker/MathWorkerPool.js';
