/**
 * @ovos-tools/core/testing — the toolbox author's testing kit: check a toolbox class or a package directory
 * against the contract exactly as the provider checks it at load, call tools as the provider would, assert
 * tool examples, and run a toolbox on an in-process FakeBus. Works with any test runner (`node:test`, vitest).
 * Re-exports `@ovos-tools/core/contract`, so tests written against the kit keep working.
 */
// the contract checks, as the provider makes them at load (also their own entry, `@ovos-tools/core/contract`)
export {
  checkEntryPointName,
  checkHostSource,
  checkToolBoxClass,
  checkTools,
  checkToolsProblems,
  ENTRY_POINT_NAME_PATTERN,
  parseEntryPoints,
  TOOLBOX_GROUP,
  typeName,
} from '../contract/index.js';
export type { EntryPointTarget, HostSourceCheck, ParsedEntryPoints, ToolBoxClass, ToolBoxClassCheck, ToolBoxLike } from '../contract/index.js';
export { verifyToolbox } from './verifyToolbox.js';
export type { ToolboxVerdict, VerifyToolboxOptions } from './verifyToolbox.js';
export { checkToolboxPackage } from './checkPackage.js';
export type { CheckPackageOptions, PackageCheck, ToolboxCheck } from './checkPackage.js';
export { DEFAULT_TOOL_TIMEOUT_MS, invokeTool, jsonProblem } from './invokeTool.js';
export type { InvokeOutcome, InvokeToolOptions } from './invokeTool.js';
export { assertExamples, checkExamples } from './checkExamples.js';
export type { CheckExamplesOptions, ExampleFailure } from './checkExamples.js';
export { runOnFakeBus } from './runOnFakeBus.js';
export type { FakeBusRun } from './runOnFakeBus.js';
export { countAbortControllers } from './countAbortControllers.js';
