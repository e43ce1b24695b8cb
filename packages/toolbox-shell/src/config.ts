import { defaultWorkspace, Type, type Logger } from '@ovos-tools/core';
import { configProblem, configProblemText, readConfig, type ConfigProblem } from '@ovos-tools/core/node';

/** The default `env_allowlist`: the variables a child process sees when the config does not say otherwise. */
export const DEFAULT_ENV_ALLOWLIST: readonly string[] = Object.freeze([
  'PATH', 'HOME', 'USER', 'LOGNAME', 'LANG', 'LANGUAGE', 'LC_ALL', 'LC_CTYPE', 'LC_MESSAGES', 'TZ', 'TERM', 'TMPDIR',
]);

/** Default `max_output_bytes`: 64 KiB per stream. */
export const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024;

/** Default `max_timeout` in seconds (OVOS `shell.py`). */
export const DEFAULT_MAX_TIMEOUT = 120;

/**
 * The toolbox config after validation. Keys mirror the OVOS config names (snake_case on the wire):
 * `allow_shell`, `max_timeout`, `allowed_commands` (OVOS), plus `allow_redirections`, `strict_syntax`,
 * `max_output_bytes`, `env_allowlist` and `root_path` (ours, documented in the README).
 */
export interface ShellConfig {
  /** `allow_shell` (default `false`): nothing runs unless this is `true`. */
  allowShell: boolean;
  /** `max_timeout` in seconds (default 120): the effective timeout is `min(timeout, max_timeout)`. */
  maxTimeout: number;
  /**
   * `allowed_commands` as entries split into words (`"git status"` → `['git', 'status']`). Empty = every
   * command is allowed (OVOS). `null` when the config value was malformed: then every command is refused.
   */
  allowedCommands: string[][] | null;
  /** `allow_redirections` (default `false`): permit `<`, `>` and `>>` in the strict parser. */
  allowRedirections: boolean;
  /** `strict_syntax` (default `false`): apply the strict parser even when `allowed_commands` is empty. */
  strictSyntax: boolean;
  /** `max_output_bytes` (default 65536): bytes kept per stream (stdout and stderr each). */
  maxOutputBytes: number;
  /** `env_allowlist`: names of environment variables passed to the child. */
  envAllowlist: readonly string[];
  /**
   * `root_path` (default the dedicated workspace `$XDG_DATA_HOME/ovos-tools/workspace`): `cwd` must resolve
   * inside it, relative `cwd` values resolve against it, and it is the only folder a sandboxed command may write.
   */
  rootPath: string;
  /** True when `root_path` was not configured and {@link ShellConfig.rootPath} is the default workspace. */
  rootIsDefault: boolean;
  /**
   * `sandbox` (default `"auto"`): `"auto"` runs commands under bubblewrap when it works here and otherwise
   * confines arguments to `root_path`; `"bwrap"` requires bubblewrap (the toolbox fails to load without it);
   * `"none"` never uses it (arguments are still confined in strict mode).
   */
  sandbox: SandboxMode;
}

/** The `sandbox` config values. */
export type SandboxMode = 'auto' | 'bwrap' | 'none';

/** The toolbox id, as config problem texts name it. */
const OWNER = 'ovos-shell-tools';

/** An environment variable name, as `env_allowlist` entries must be. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The keys of the toolbox's config section (OVOS names plus ours); every fallback is the safe setting. */
export const ShellConfigSchema = Type.Object({
  allow_shell: Type.Boolean({ default: false, description: 'Nothing runs unless this is true.' }),
  max_timeout: Type.Number({ exclusiveMinimum: 0, default: DEFAULT_MAX_TIMEOUT, description: 'Longest time a command may run, in seconds.' }),
  allowed_commands: Type.Union([Type.String(), Type.Array(Type.String())], {
    default: [],
    description: 'Commands (a program, optionally with its first words) that may run; empty = every command. Malformed = none.',
  }),
  allow_redirections: Type.Boolean({ default: false, description: 'Permit `<`, `>` and `>>` in the strict parser.' }),
  strict_syntax: Type.Boolean({ default: false, description: 'Apply the strict parser even when `allowed_commands` is empty.' }),
  max_output_bytes: Type.Number({ exclusiveMinimum: 0, default: DEFAULT_MAX_OUTPUT_BYTES, description: 'Bytes kept per stream (stdout and stderr each).' }),
  env_allowlist: Type.Array(Type.Unknown(), {
    default: [...DEFAULT_ENV_ALLOWLIST],
    description: 'Names of the environment variables a child process sees; entries that are not variable names are dropped.',
  }),
  root_path: Type.Optional(Type.String({ minLength: 1, description: 'The folder commands run in and may write; default the dedicated workspace.' })),
  sandbox: Type.Enum(['auto', 'bwrap', 'none'], { default: 'auto', description: 'Whether commands run under bubblewrap.' }),
});

/**
 * Reads the toolbox's config section defensively: wrong types fall back to safe defaults (and are logged),
 * never to a more permissive setting. A malformed `allowed_commands` refuses every command; `allow_shell` of the
 * wrong type is `false`. Booleans accept `true`/`false` and `"true"`/`"yes"`/`"on"`/`"1"` or
 * `"false"`/`"no"`/`"off"`/`"0"`; numbers accept numeric strings.
 *
 * @param raw - the toolbox's own config section (possibly `{}`).
 * @param logger - receives one warning per malformed key (and per dropped `allowed_commands`/`env_allowlist`
 *   entry), reading `ovos-shell-tools config '<key>': must be ..., received ...`.
 */
export function readShellConfig(raw: Readonly<Record<string, unknown>>, logger?: Logger): ShellConfig {
  const warn = (p: ConfigProblem) => logger?.warn(configProblemText(OWNER, p));
  const { config: c, problems } = readConfig(ShellConfigSchema, raw);
  let allowedMalformed = false;
  for (const p of problems) {
    if (p.key !== 'allowed_commands') warn(p);
    else {
      allowedMalformed = true;
      warn(refusingAll(p));
    }
  }
  return {
    allowShell: c.allow_shell,
    maxTimeout: c.max_timeout,
    allowedCommands: allowedMalformed ? null : splitAllowed(c.allowed_commands, warn),
    allowRedirections: c.allow_redirections,
    strictSyntax: c.strict_syntax,
    maxOutputBytes: Math.floor(c.max_output_bytes),
    envAllowlist: envNames(c.env_allowlist, warn),
    rootPath: c.root_path ?? defaultWorkspace(),
    rootIsDefault: c.root_path === undefined,
    sandbox: c.sandbox,
  };
}

/** An `allowed_commands` problem, saying what it means: nothing runs. */
function refusingAll(p: ConfigProblem): ConfigProblem {
  return { key: p.key, message: `${p.message}; every command is refused until it is fixed` };
}

/** `allowed_commands` entries split into words; blank entries are dropped, and a list of only those is `null`. */
function splitAllowed(value: string | string[], warn: (p: ConfigProblem) => void): string[][] | null {
  const list = typeof value === 'string' ? [value] : value;
  const entries: string[][] = [];
  list.forEach((item, i) => {
    const words = item.trim().split(/\s+/).filter(Boolean);
    if (words.length > 0) entries.push(words);
    else warn(configProblem('allowed_commands', `[${i}] must name a command (the entry is ignored)`, item));
  });
  if (entries.length === 0 && list.length > 0) {
    warn(refusingAll(configProblem('allowed_commands', 'must name at least one command', value)));
    return null;
  }
  return entries;
}

/** The `env_allowlist` entries that are environment variable names; each other entry is dropped with a warning. */
function envNames(list: readonly unknown[], warn: (p: ConfigProblem) => void): readonly string[] {
  return list.filter((name, i): name is string => {
    const ok = typeof name === 'string' && ENV_NAME.test(name);
    if (!ok) warn(configProblem('env_allowlist', `[${i}] must be an environment variable name (the entry is ignored)`, name));
    return ok;
  });
}
