import { ToolBox, type AgentTool, type ToolBoxOptions } from '@ovos-tools/core';
import { readShellConfig } from './config.js';
import type { SpawnFunction } from './exec/runProcess.js';
import { WRAPPER_PROGRAMS } from './policy/checkCommand.js';
import { createRunCommandTool } from './tools/runCommand.js';

/** Constructor options of {@link ShellToolBox}: the usual toolbox options plus an optional `spawn` replacement. */
export interface ShellToolBoxOptions extends ToolBoxOptions {
  /** Replaces `child_process.spawn` (instrumentation, tests); called as `spawn('/bin/sh', ['-c', script], opts)`. */
  spawn?: SpawnFunction;
}

/**
 * The shell toolbox (`ovos-shell-tools`), the TypeScript form of OVOS `ShellToolBox`
 * (`ovos_agentic_loop/tools/shell.py`, wire spec §5.3). One tool, `run_command`.
 *
 * Config (its own section): `allow_shell` (default `false`), `max_timeout` (120), `allowed_commands` (`[]`),
 * plus `allow_redirections`, `strict_syntax`, `max_output_bytes`, `env_allowlist`, `root_path` — see the
 * README for the security model. Config is read on every call.
 */
export class ShellToolBox extends ToolBox {
  static override toolboxId = 'ovos-shell-tools';
  private readonly spawnFn: SpawnFunction | undefined;

  constructor(options: ShellToolBoxOptions = {}) {
    super(options);
    this.spawnFn = options.spawn;
    const cfg = readShellConfig(this.config, this.logger);
    const wrappers = (cfg.allowedCommands ?? []).map((e) => e[0]!).filter((p) => WRAPPER_PROGRAMS.has(p.split('/').pop()!));
    if (cfg.allowShell && wrappers.length) {
      this.logger.warn(`ovos-shell-tools: allowed_commands lists programs that can run other programs: ${wrappers.join(', ')}`);
    }
  }

  discoverTools(): AgentTool[] {
    return [createRunCommandTool(this.config, { spawn: this.spawnFn })];
  }
}
