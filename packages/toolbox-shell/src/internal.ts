/**
 * Everything the package's modules export for its own tests (not a public entry: package.json `exports` names only
 * `.`, which exports the toolbox class and its tools' schemas).
 */
export { ShellConfigError, ShellToolBox } from './ShellToolBox.js';
export type { ShellToolBoxOptions } from './ShellToolBox.js';
export { createRunCommandTool, runCommand, RunCommandArgs, RunCommandOutput, SHELL_DISABLED } from './tools/runCommand.js';
export type { CommandSandbox, RunCommandResult, RunCommandToolOptions } from './tools/runCommand.js';
export { readShellConfig, DEFAULT_ENV_ALLOWLIST, DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_MAX_TIMEOUT } from './config.js';
export type { SandboxMode, ShellConfig } from './config.js';
export { unprovableReason } from './policy/unprovablePrograms.js';
export { confinePaths } from './policy/confinePaths.js';
export type { Confinement } from './policy/confinePaths.js';
export { bwrapArgv, BWRAP_LOCATIONS, probeBwrap } from './exec/bwrap.js';
export type { BwrapPlan, BwrapProbe } from './exec/bwrap.js';
export { argumentSizeProblem, MAX_ARG_STRLEN, MAX_ARGV_BYTES } from './exec/argumentLimits.js';
export { checkCommand, SAFE_BUILTINS, WRAPPER_PROGRAMS } from './policy/checkCommand.js';
export type { CheckResult, CommandPolicy } from './policy/checkCommand.js';
export { runProcess } from './exec/runProcess.js';
export type { ProcessOutcome, RunProcessOptions, SpawnFunction } from './exec/runProcess.js';
export { buildChildEnv } from './exec/childEnv.js';
export { pyRepr } from './pyRepr.js';
