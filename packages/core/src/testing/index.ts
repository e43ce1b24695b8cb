/**
 * @ovos-tools/core/testing — the toolbox author's testing kit: check a toolbox class or a package directory
 * against the contract exactly as the provider checks it at load, call tools as the provider would, assert
 * tool examples, and run a toolbox on an in-process FakeBus. Works with any test runner (`node:test`, vitest).
 */
export { ENTRY_POINT_NAME_PATTERN, parseEntryPoints, TOOLBOX_GROUP, typeName } from '../node/entryPoints.js';
export type { EntryPointTarget, ParsedEntryPoints } from '../node/entryPoints.js';
export { checkEntryPointName, checkToolBoxClass, checkTools } from './checkToolBox.js';
export type { ToolBoxClass, ToolBoxClassCheck, ToolBoxLike } from './checkToolBox.js';
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
