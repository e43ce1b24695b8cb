/**
 * @ovos-tools/toolbox-shell — the OVOS shell toolbox (`ovos-shell-tools`): `run_command` with an
 * allowlist that cannot be bypassed, timeouts that kill the whole process group, output caps and a
 * reduced environment.
 */
export { ShellToolBox } from './ShellToolBox.js';
export type { ShellToolBoxOptions } from './ShellToolBox.js';
export { RUN_COMMAND_CONFIRMATION, RunCommandArgs, RunCommandOutput } from './tools/runCommand.js';
export type { CommandSandbox } from './tools/runCommand.js';
export type { BwrapProbe } from './exec/bwrap.js';
export type { SpawnFunction } from './exec/runProcess.js';
