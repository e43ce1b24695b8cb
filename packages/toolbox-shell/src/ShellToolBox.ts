import fs from 'node:fs';
import path from 'node:path';
import { defaultWorkspace, ToolBox, type AgentTool, type ToolBoxOptions, type TObject } from '@ovos-tools/core';
import { ShellConfigSchema, readShellConfig, type ShellConfig } from './config.js';
import { configProblemText, isInside } from '@ovos-tools/core/node';
import { probeBwrap, type BwrapProbe } from './exec/bwrap.js';
import type { SpawnFunction } from './exec/runProcess.js';
import { unprovableReason } from './policy/unprovablePrograms.js';
import { createRunCommandTool, type CommandSandbox } from './tools/runCommand.js';

/** Constructor options of {@link ShellToolBox}: the usual toolbox options plus an optional `spawn` replacement. */
export interface ShellToolBoxOptions extends ToolBoxOptions {
  /** Replaces `child_process.spawn` (instrumentation, tests); called as `spawn('/bin/sh', ['-c', script], opts)`, or with the bwrap launcher first. */
  spawn?: SpawnFunction;
  /** Replaces the bubblewrap probe (tests that simulate a host without a working bwrap). */
  probeBwrap?: () => BwrapProbe;
}

/** Thrown by the {@link ShellToolBox} constructor for a config that cannot be run safely; names the key. */
export class ShellConfigError extends Error {
  /** The offending config key, e.g. `allowed_commands`. */
  readonly key: string;
  /**
   * @param key - the offending config key.
   * @param message - what is wrong and how to fix it; the error reads `ovos-shell-tools config '<key>': <message>`.
   */
  constructor(key: string, message: string) {
    super(configProblemText('ovos-shell-tools', { key, message }));
    this.name = 'ShellConfigError';
    this.key = key;
  }
}

/**
 * The shell toolbox (`ovos-shell-tools`), the TypeScript form of OVOS `ShellToolBox`
 * (`ovos_agentic_loop/tools/shell.py`, wire spec §5.3). One tool, `run_command`.
 *
 * Config (its own section): `allow_shell` (default `false`), `max_timeout` (120), `allowed_commands` (`[]`),
 * plus `allow_redirections`, `strict_syntax`, `max_output_bytes`, `env_allowlist`, `root_path` (default the
 * workspace `$XDG_DATA_HOME/ovos-tools/workspace`, created when the shell is allowed) and `sandbox`
 * (`auto`/`bwrap`/`none`) — see the README for the security model. Config is read on every call; the sandbox
 * is decided once, here.
 *
 * @throws {@link ShellConfigError} when `allowed_commands` lists a program that cannot be proven safe (git,
 *   find, awk, tar, interpreters, wrappers, ...: every offending entry is named with why), when `root_path`
 *   lies in a plugin root or protected path, or when `sandbox: "bwrap"` is set and bubblewrap does not work here.
 */
export class ShellToolBox extends ToolBox {
  static override toolboxId = 'ovos-shell-tools';
  /** The keys of its config section (the provider checks the section against them at every load). */
  static override configSchema: TObject = ShellConfigSchema;
  private readonly spawnFn: SpawnFunction | undefined;
  /** How commands are confined (decided at construction; `none` when the shell is off). */
  readonly sandbox: CommandSandbox;

  constructor(options: ShellToolBoxOptions = {}) {
    super(options);
    this.spawnFn = options.spawn;
    const cfg = readShellConfig(this.config, this.logger);
    const refused = (cfg.allowedCommands ?? [])
      .map((entry) => ({ entry: entry.join(' '), why: unprovableReason(entry[0]!) }))
      .filter((r) => r.why !== null);
    if (refused.length) {
      throw new ShellConfigError(
        'allowed_commands',
        `${refused.map((r) => `'${r.entry}' is refused: ${r.why}`).join('; ')}. These programs cannot be proven safe from their arguments; remove them (list narrow read-only programs such as ls, cat, grep, wc).`,
      );
    }
    this.sandbox = cfg.allowShell ? this.decideSandbox(cfg, options.probeBwrap ?? probeBwrap) : { kind: 'none' };
  }

  discoverTools(): AgentTool[] {
    return [createRunCommandTool(this.config, { spawn: this.spawnFn, sandbox: this.sandbox })];
  }

  private decideSandbox(cfg: ShellConfig, probe: () => BwrapProbe): CommandSandbox {
    if (cfg.rootIsDefault) fs.mkdirSync(cfg.rootPath, { recursive: true, mode: 0o700 });
    const root = realOrThrow(cfg.rootPath);
    const guarded = [...(this.pluginRoots ?? []), ...this.protectedPaths].map((p) => path.resolve(p));
    const workspace = realOrSelf(defaultWorkspace());
    for (const p of guarded) {
      const real = realOrSelf(p);
      // the dedicated workspace is carved out of a protected folder that contains it (e.g. a home-folder plugin root)
      const carved = real !== workspace && isInside(real, workspace) && isInside(workspace, root);
      if (isInside(real, root) && !carved) throw new ShellConfigError('root_path', `'${cfg.rootPath}' lies in the protected location '${p}'; choose a folder outside plugin roots, config, data and skills folders`);
    }
    const mode = cfg.sandbox;
    const bwrap = mode === 'none' ? null : probe();
    if (bwrap?.ok) {
      const readOnly = guarded.map(realOrSelf).filter((p) => isInside(root, p) && fs.existsSync(p));
      this.logger.info(`ovos-shell-tools: commands run under bubblewrap (${bwrap.path}): private /proc and PID namespace, read-only system folders, no home folders, only ${root} writable, environment limited to env_allowlist`);
      return { kind: 'bwrap', bwrap: bwrap.path, readOnly };
    }
    if (mode === 'bwrap') throw new ShellConfigError('sandbox', `"bwrap" is required but ${bwrap!.reason}`);
    const why = mode === 'none' ? 'sandbox is "none"' : bwrap!.reason;
    const strict = cfg.allowedCommands === null || cfg.allowedCommands.length > 0 || cfg.strictSyntax;
    this.logger.warn(
      `ovos-shell-tools: commands run WITHOUT a sandbox (${why}). They run as this user with its files, network and /proc (other processes' command lines; environments of this user's processes)` +
        (strict
          ? `; arguments naming /proc, /sys, /dev or paths outside ${root} are refused, but listed programs still read what they find on their own.`
          : `; allowed_commands is empty and strict_syntax is off, so ANY command runs with the whole host exposed.`),
    );
    return { kind: 'none' };
  }
}

function realOrThrow(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch (err) {
    throw new ShellConfigError('root_path', `'${p}' is not accessible (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

function realOrSelf(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}
