import fs from 'node:fs';
import { defineTool, Type, type AgentTool, type Logger, type Static } from '@ovos-tools/core';
import { readShellConfig, type ShellConfig } from '../config.js';
import { resolveCwd } from '../cwd.js';
import { bwrapArgv } from '../exec/bwrap.js';
import { buildChildEnv } from '../exec/childEnv.js';
import { argumentSizeProblem, MAX_ARG_STRLEN } from '../exec/argumentLimits.js';
import { runProcess, type SpawnFunction } from '../exec/runProcess.js';
import { checkCommand } from '../policy/checkCommand.js';

/** Arguments of `run_command` (OVOS `RunCommandArgs`). */
export const RunCommandArgs = Type.Object(
  {
    command: Type.String({ description: 'Shell command to execute' }),
    cwd: Type.String({ default: '.', description: 'Working directory' }),
    timeout: Type.Integer({ default: 30, description: 'Requested timeout (seconds); capped at max_timeout config' }),
  },
  { title: 'RunCommandArgs' },
);

/** Output of `run_command` (OVOS `RunCommandOutput`). */
export const RunCommandOutput = Type.Object(
  {
    stdout: Type.String({ description: 'Standard output' }),
    stderr: Type.String({ description: 'Standard error (also used for error messages when blocked/timed-out)' }),
    returncode: Type.Integer({ description: 'Exit code (-1 on timeout or error)' }),
    success: Type.Boolean({ description: 'True if returncode == 0' }),
  },
  { title: 'RunCommandOutput' },
);

/** The `run_command` result shape. */
export type RunCommandResult = Static<typeof RunCommandOutput>;

/**
 * The question a voice assistant asks before `run_command` runs, when the provider's confirmation policy wants it
 * (by default for voice personas: the tool is `destructive`). A long command is cut when spoken, saying how many
 * characters were left out, so a dangerous tail is never hidden silently.
 */
export const RUN_COMMAND_CONFIRMATION = {
  en: 'Run the command {command}?',
  de: 'Den Befehl {command} ausführen?',
  es: '¿Ejecutar el comando {command}?',
  fr: 'Exécuter la commande {command} ?',
  it: 'Eseguire il comando {command}?',
  nl: 'De opdracht {command} uitvoeren?',
  pt: 'Executar o comando {command}?',
} as const;

/** The exact OVOS text returned when `allow_shell` is off. */
export const SHELL_DISABLED = 'Shell execution is disabled (allow_shell=False).';

/**
 * How commands are confined: under bubblewrap (`bwrap`: the binary's path, and the existing protected paths
 * inside the root to keep read-only), or not at all (`none`: arguments are confined to the root in strict mode).
 */
export type CommandSandbox =
  | {
      /** Under bubblewrap. */
      kind: 'bwrap';
      /** The `bwrap` binary's path. */
      bwrap: string;
      /** Protected paths inside the root, bound read-only. */
      readOnly: readonly string[];
    }
  | {
      /** Not sandboxed. */
      kind: 'none';
    };

/** Options for {@link createRunCommandTool}. */
export interface RunCommandToolOptions {
  /** Replaces `child_process.spawn` (instrumentation, tests). */
  spawn?: SpawnFunction;
  /** Where refusals and sandbox events are logged; default none. */
  logger?: Logger;
  /** The sandbox decided at start-up; default `{kind: 'none'}`. */
  sandbox?: CommandSandbox;
}

const failure = (stderr: string, stdout = ''): RunCommandResult => ({ stdout, stderr, returncode: -1, success: false });

/**
 * Builds the `run_command` tool (OVOS `ShellToolBox`, `ovos_agentic_loop/tools/shell.py`, wire spec §5.3):
 * `run_command(command, cwd=".", timeout=30)` → `{stdout, stderr, returncode, success}`.
 *
 * Refusals and failures are returned as values with `returncode: -1`, `success: false` and the reason in
 * `stderr`: `Shell execution is disabled (allow_shell=False).`,
 * `Command not permitted by allowed_commands policy: 'rm'.` (or a reason for structural refusals),
 * `Command timed out after <n> seconds.` (`n` = `min(timeout, max_timeout)`), `Error executing command: ...`.
 * Signal deaths give `-N` (Python convention). Never throws for a bad command.
 *
 * @param config - the toolbox config section, read once per call (see `readShellConfig`).
 */
export function createRunCommandTool(config: Readonly<Record<string, unknown>>, options: RunCommandToolOptions = {}): AgentTool {
  const initial = readShellConfig(config, options.logger);
  return defineTool({
    name: 'run_command',
    description: 'Execute a shell command and return its stdout, stderr, and exit code.',
    argumentSchema: RunCommandArgs,
    outputSchema: RunCommandOutput,
    summary: 'Run a shell command (subject to the allow_shell and allowed_commands policy).',
    tags: ['shell', 'process', 'host'],
    destructive: true,
    readOnly: false,
    idempotent: false,
    openWorld: true,
    confirmation: RUN_COMMAND_CONFIRMATION,
    timeoutMs: (Math.min(initial.maxTimeout, 86_400) + 10) * 1000,
    errorModes:
      'Refusals and failures come back as values: returncode -1, success false, reason in stderr (shell disabled, ' +
      'command not permitted, timed out, error executing). A non-zero returncode is the command\'s own exit status.',
    examples: [
      {
        description: 'List a directory (allow_shell: true, allowed_commands: ["ls"]).',
        arguments: { command: 'ls', cwd: '.', timeout: 10 },
        result: { stdout: 'README.md\npackage.json\n', stderr: '', returncode: 0, success: true },
      },
      {
        description: 'A program outside allowed_commands is refused before anything runs.',
        arguments: { command: 'rm -rf build' },
        result: { stdout: '', stderr: "Command not permitted by allowed_commands policy: 'rm'.", returncode: -1, success: false },
      },
    ],
    toolCall: (args, ctx) => runCommand(args, readShellConfig(ctx.config, undefined), ctx.signal, options.spawn, options.sandbox),
  });
}

/**
 * Executes one `run_command` call under `config`. Exposed for hosts that want the behaviour without a toolbox.
 *
 * @param args - validated arguments.
 * @param config - the validated config.
 * @param signal - aborting it kills the process group.
 * @param spawn - replaces `child_process.spawn`.
 * @param sandbox - how to confine the command (default none: arguments are confined to `root_path` in strict mode).
 */
export async function runCommand(
  args: Static<typeof RunCommandArgs>,
  config: ShellConfig,
  signal?: AbortSignal,
  spawn?: SpawnFunction,
  sandbox: CommandSandbox = { kind: 'none' },
): Promise<RunCommandResult> {
  if (!config.allowShell) return failure(SHELL_DISABLED);
  const timeout = Math.min(args.timeout, config.maxTimeout);
  if (!(timeout > 0)) return failure(`Error executing command: timeout must be a positive number of seconds (got ${args.timeout}).`);
  const commandBytes = Buffer.byteLength(args.command, 'utf8');
  if (commandBytes >= MAX_ARG_STRLEN) return failure(`Error executing command: ${argumentSizeProblem('the command', commandBytes)}`);
  const cwd = resolveCwd(args.cwd, config.rootPath);
  if (!cwd.ok) return failure(`Error executing command: ${cwd.error}`);
  const root = fs.realpathSync(config.rootPath);
  const env = buildChildEnv(config.envAllowlist);

  let script: string;
  if (config.allowedCommands !== null && config.allowedCommands.length === 0 && !config.strictSyntax) {
    // OVOS semantics: an empty allowlist runs any command through /bin/sh unchanged.
    if (args.command.includes('\0')) return failure('Error executing command: embedded null byte');
    script = args.command;
  } else {
    const checked = checkCommand(args.command, {
      allowed: config.allowedCommands,
      allowRedirections: config.allowRedirections,
      cwd: cwd.dir,
      pathValue: env.PATH!,
      confine: sandbox.kind === 'none' ? { root, cwd: cwd.dir } : undefined,
    });
    if (!checked.ok) return failure(checked.error);
    script = checked.script;
  }

  const argvPrefix = sandbox.kind === 'bwrap' ? [sandbox.bwrap, ...bwrapArgv({ root, cwd: cwd.dir, env, readOnly: sandbox.readOnly })] : [];
  const size = argumentSizeProblem('the command', Buffer.byteLength(script, 'utf8'), [...argvPrefix, '/bin/sh', '-c'], env);
  if (size) return failure(`Error executing command: ${size}`);
  const out = await runProcess({ script, cwd: cwd.dir, env, timeoutSeconds: timeout, maxOutputBytes: config.maxOutputBytes, signal, spawn, argvPrefix });
  if (out.spawnError) {
    const code = (out.spawnError as NodeJS.ErrnoException).code;
    if (code === 'E2BIG') return failure(`Error executing command: ${argumentSizeProblem('the command', Buffer.byteLength(script, 'utf8'), [], env, true)}`);
    return failure(`Error executing command: ${out.spawnError.message}`);
  }
  if (out.timedOut) return failure(`Command timed out after ${timeout} seconds.`, out.stdout);
  if (out.aborted) return failure('Error executing command: the call was aborted; the process group was killed.', out.stdout);
  return { stdout: out.stdout, stderr: out.stderr, returncode: out.returncode, success: out.returncode === 0 };
}
