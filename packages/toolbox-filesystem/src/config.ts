import path from 'node:path';
import { defaultWorkspace } from '@ovos-tools/core';
import { MAX_TIMER_MS } from '@ovos-tools/core/node';

/**
 * The parsed, validated configuration of a {@link FileSystemToolBox}. Built from the toolbox's config
 * section (keys exactly as OVOS and this package document them, snake_case) by {@link parseFileSystemConfig}.
 */
export interface FileSystemConfig {
  /**
   * Absolute (not yet real-path-resolved) sandbox roots, in config order; relative paths resolve against the
   * first. Default: the dedicated workspace `$XDG_DATA_HOME/ovos-tools/workspace`.
   */
  roots: string[];
  /** True when `root_path` was not configured and {@link FileSystemConfig.roots} is the default workspace. */
  defaultRoot: boolean;
  /**
   * `allow_read_protected` (default `false`): let read, list, search and find see protected paths (plugin
   * roots, config folders, `node_modules`, `package.json`, ...). Writing them is never allowed.
   */
  allowReadProtected: boolean;
  /** `allow_write`: whether `write_file` may write. */
  allowWrite: boolean;
  /** `max_read_bytes`: most bytes `read_file` returns in one call. */
  maxReadBytes: number;
  /** `max_entries`: most paths `list_directory` / `find_files` return. */
  maxEntries: number;
  /** `max_scan_entries`: most directory entries one glob may visit while crawling. */
  maxScanEntries: number;
  /** `max_search_files`: most files `search_in_files` reads. */
  maxSearchFiles: number;
  /** `max_search_bytes`: most bytes `search_in_files` reads in total. */
  maxSearchBytes: number;
  /** `max_search_file_bytes`: files larger than this are skipped by `search_in_files`. */
  maxSearchFileBytes: number;
  /** `max_matches`: most matching lines `search_in_files` returns. */
  maxMatches: number;
  /** `max_line_chars`: longer matching lines are cut to this many characters in results. */
  maxLineChars: number;
  /**
   * `search_timeout_ms`: wall-clock budget of one `search_in_files` (milliseconds, at most
   * {@link MAX_TIMEOUT_MS}); the search worker is terminated when it runs out.
   */
  searchTimeoutMs: number;
}

/** Defaults of every limit key (bytes, counts, characters and, for `search_timeout_ms`, milliseconds). */
export const DEFAULT_LIMITS = Object.freeze({
  max_read_bytes: 1_048_576,
  max_entries: 1_000,
  max_scan_entries: 100_000,
  max_search_files: 1_000,
  max_search_bytes: 33_554_432,
  max_search_file_bytes: 4_194_304,
  max_matches: 1_000,
  max_line_chars: 2_000,
  search_timeout_ms: 10_000,
});

/** The largest accepted `search_timeout_ms`: Node's timer limit (2^31 - 1 ms, about 24.8 days). */
export const MAX_TIMEOUT_MS = MAX_TIMER_MS;

/** Thrown by {@link parseFileSystemConfig} for a config value of the wrong type or range; names the key. */
export class FileSystemConfigError extends Error {
  /** The offending config key, e.g. `root_path`. */
  readonly key: string;
  constructor(key: string, message: string) {
    super(`ovos-filesystem-tools config '${key}': ${message}`);
    this.name = 'FileSystemConfigError';
    this.key = key;
  }
}

const TRUE = new Set(['true', 'yes', 'on', '1']);
const FALSE = new Set(['false', 'no', 'off', '0']);

/**
 * Validates a toolbox config section and fills defaults.
 *
 * - `root_path`: string or non-empty array of strings; default the dedicated workspace
 *   `$XDG_DATA_HOME/ovos-tools/workspace` (`~/.local/share/ovos-tools/workspace`; read at parse time, created
 *   by the toolbox). Relative roots resolve against the working directory. No NUL bytes, no empty strings.
 * - `allow_read_protected`: boolean like `allow_write`; default `false`.
 * - `allow_write`: boolean (or `"true"`/`"false"`/`"yes"`/`"no"`/`"on"`/`"off"`/`"1"`/`"0"`, or 0/1); default `true`.
 *   Unlike OVOS (Python truthiness), the string `"false"` means false.
 * - limits ({@link DEFAULT_LIMITS}): positive integers (numeric strings accepted); `search_timeout_ms` is
 *   also at most {@link MAX_TIMEOUT_MS}.
 *
 * @throws {@link FileSystemConfigError} naming the key and what is expected.
 */
export function parseFileSystemConfig(raw: Readonly<Record<string, unknown>> | null | undefined): FileSystemConfig {
  const cfg = raw ?? {};
  return {
    roots: parseRoots(cfg.root_path),
    defaultRoot: cfg.root_path === undefined || cfg.root_path === null,
    allowReadProtected: parseBool('allow_read_protected', cfg.allow_read_protected, false),
    allowWrite: parseBool('allow_write', cfg.allow_write, true),
    maxReadBytes: parseLimit(cfg, 'max_read_bytes'),
    maxEntries: parseLimit(cfg, 'max_entries'),
    maxScanEntries: parseLimit(cfg, 'max_scan_entries'),
    maxSearchFiles: parseLimit(cfg, 'max_search_files'),
    maxSearchBytes: parseLimit(cfg, 'max_search_bytes'),
    maxSearchFileBytes: parseLimit(cfg, 'max_search_file_bytes'),
    maxMatches: parseLimit(cfg, 'max_matches'),
    maxLineChars: parseLimit(cfg, 'max_line_chars'),
    searchTimeoutMs: parseLimit(cfg, 'search_timeout_ms', MAX_TIMEOUT_MS),
  };
}

function parseRoots(value: unknown): string[] {
  if (value === undefined || value === null) return [defaultWorkspace()];
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) throw new FileSystemConfigError('root_path', 'expected a path or a non-empty list of paths, received an empty list');
  return list.map((r, i) => {
    const where = Array.isArray(value) ? `[${i}]` : '';
    if (typeof r !== 'string') throw new FileSystemConfigError('root_path', `${where}expected a string path, received ${typeof r}`);
    if (r.length === 0) throw new FileSystemConfigError('root_path', `${where}expected a non-empty path`);
    if (r.includes('\0')) throw new FileSystemConfigError('root_path', `${where}path contains a NUL byte`);
    return path.resolve(r);
  });
}

function parseBool(key: string, value: unknown, dflt: boolean): boolean {
  if (value === undefined || value === null) return dflt;
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (TRUE.has(v)) return true;
    if (FALSE.has(v)) return false;
  }
  throw new FileSystemConfigError(key, `expected true or false, received ${JSON.stringify(value)}`);
}

function parseLimit(cfg: Readonly<Record<string, unknown>>, key: keyof typeof DEFAULT_LIMITS, max = Number.MAX_SAFE_INTEGER): number {
  const value = cfg[key];
  if (value === undefined || value === null) return DEFAULT_LIMITS[key];
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) {
    throw new FileSystemConfigError(key, `expected a positive integer, received ${JSON.stringify(value)}`);
  }
  if (n > max) throw new FileSystemConfigError(key, `expected at most ${max}, received ${JSON.stringify(value)}`);
  return n;
}
