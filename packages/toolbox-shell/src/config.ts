import { defaultWorkspace, type Logger } from '@ovos-tools/core';

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

/**
 * Reads the toolbox's config section defensively: wrong types fall back to safe defaults (and are logged),
 * never to a more permissive setting.
 *
 * @param raw - the toolbox's own config section (possibly `{}`).
 * @param logger - receives one warning per malformed key.
 */
export function readShellConfig(raw: Readonly<Record<string, unknown>>, logger?: Logger): ShellConfig {
  const warn = (key: string, why: string) => logger?.warn(`ovos-shell-tools: config '${key}' ${why}`);
  return {
    allowShell: readBool(raw.allow_shell, false, (w) => warn('allow_shell', w)),
    maxTimeout: readPositive(raw.max_timeout, DEFAULT_MAX_TIMEOUT, (w) => warn('max_timeout', w)),
    allowedCommands: readAllowed(raw.allowed_commands, (w) => warn('allowed_commands', w)),
    allowRedirections: readBool(raw.allow_redirections, false, (w) => warn('allow_redirections', w)),
    strictSyntax: readBool(raw.strict_syntax, false, (w) => warn('strict_syntax', w)),
    maxOutputBytes: Math.floor(readPositive(raw.max_output_bytes, DEFAULT_MAX_OUTPUT_BYTES, (w) => warn('max_output_bytes', w))),
    envAllowlist: readNames(raw.env_allowlist, (w) => warn('env_allowlist', w)),
    rootPath: typeof raw.root_path === 'string' && raw.root_path !== '' ? raw.root_path : defaultWorkspace(),
    rootIsDefault: !(typeof raw.root_path === 'string' && raw.root_path !== ''),
    sandbox: readSandbox(raw.sandbox, (w) => warn('sandbox', w)),
  };
}

function readSandbox(v: unknown, warn: (why: string) => void): SandboxMode {
  if (v === undefined || v === null) return 'auto';
  if (v === 'auto' || v === 'bwrap' || v === 'none') return v;
  warn(`must be "auto", "bwrap" or "none"; using "auto"`);
  return 'auto';
}

function readBool(v: unknown, fallback: boolean, warn: (why: string) => void): boolean {
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|yes|on|1)$/i.test(v.trim())) return true;
  if (typeof v === 'string' && /^(false|no|off|0)$/i.test(v.trim())) return false;
  warn(`must be a boolean; using ${fallback}`);
  return fallback;
}

function readPositive(v: unknown, fallback: number, warn: (why: string) => void): number {
  if (v === undefined || v === null) return fallback;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n === 'number' && Number.isFinite(n) && n > 0) return n;
  warn(`must be a positive number; using ${fallback}`);
  return fallback;
}

function readAllowed(v: unknown, warn: (why: string) => void): string[][] | null {
  if (v === undefined || v === null) return [];
  const list = typeof v === 'string' ? [v] : v;
  if (!Array.isArray(list)) {
    warn('must be a list of strings; refusing every command until it is fixed');
    return null;
  }
  const entries: string[][] = [];
  for (const item of list) {
    const words = typeof item === 'string' ? item.trim().split(/\s+/).filter(Boolean) : [];
    if (words.length === 0) warn(`ignores the entry ${JSON.stringify(item)} (expected a non-empty command name)`);
    else entries.push(words);
  }
  if (entries.length === 0 && list.length > 0) {
    warn('has no usable entry; refusing every command until it is fixed');
    return null;
  }
  return entries;
}

function readNames(v: unknown, warn: (why: string) => void): readonly string[] {
  if (v === undefined || v === null) return DEFAULT_ENV_ALLOWLIST;
  if (!Array.isArray(v)) {
    warn('must be a list of variable names; using the default list');
    return DEFAULT_ENV_ALLOWLIST;
  }
  return v.filter((n): n is string => typeof n === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(n));
}
