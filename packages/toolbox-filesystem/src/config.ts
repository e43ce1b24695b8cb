import path from 'node:path';
import { defaultWorkspace, Type } from '@ovos-tools/core';
import { configProblem, configProblemText, MAX_TIMER_MS, readConfig } from '@ovos-tools/core/node';

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

/**
 * Thrown by {@link parseFileSystemConfig} for a config value of the wrong type or range; names the key. The message
 * reads `ovos-filesystem-tools config '<key>': <what was expected>, received <value>`.
 */
export class FileSystemConfigError extends Error {
  /** The offending config key, e.g. `root_path`. */
  readonly key: string;
  /**
   * @param key - the offending config key.
   * @param message - what was expected and received, e.g. `must be >= 1, received 0`.
   */
  constructor(key: string, message: string) {
    super(configProblemText('ovos-filesystem-tools', { key, message }));
    this.name = 'FileSystemConfigError';
    this.key = key;
  }
}

/** One limit key: a positive integer, at most `maximum`, with its {@link DEFAULT_LIMITS} default. */
const limit = (key: keyof typeof DEFAULT_LIMITS, description: string, maximum = Number.MAX_SAFE_INTEGER) =>
  Type.Integer({ minimum: 1, maximum, default: DEFAULT_LIMITS[key], description });

/** A non-empty path; NUL bytes are refused after reading (see {@link parseFileSystemConfig}). */
const RootPath = Type.String({ minLength: 1 });

/** The keys of the toolbox's config section (snake_case, as OVOS and this package document them). */
export const FileSystemConfigSchema = Type.Object({
  root_path: Type.Optional(
    Type.Union([RootPath, Type.Array(RootPath, { minItems: 1 })], {
      description: 'Sandbox root, or a non-empty list of roots; default the dedicated workspace `$XDG_DATA_HOME/ovos-tools/workspace`.',
    }),
  ),
  allow_read_protected: Type.Boolean({ default: false, description: 'Let read, list, search and find see protected paths (never write them).' }),
  allow_write: Type.Boolean({ default: true, description: 'Whether `write_file` may write.' }),
  max_read_bytes: limit('max_read_bytes', 'Most bytes `read_file` returns in one call.'),
  max_entries: limit('max_entries', 'Most paths `list_directory` / `find_files` return.'),
  max_scan_entries: limit('max_scan_entries', 'Most directory entries one glob may visit while crawling.'),
  max_search_files: limit('max_search_files', 'Most files `search_in_files` reads.'),
  max_search_bytes: limit('max_search_bytes', 'Most bytes `search_in_files` reads in total.'),
  max_search_file_bytes: limit('max_search_file_bytes', 'Files larger than this many bytes are skipped by `search_in_files`.'),
  max_matches: limit('max_matches', 'Most matching lines `search_in_files` returns.'),
  max_line_chars: limit('max_line_chars', 'Longer matching lines are cut to this many characters.'),
  search_timeout_ms: limit('search_timeout_ms', 'Wall-clock budget of one `search_in_files`, in milliseconds.', MAX_TIMEOUT_MS),
});

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
 * Missing or `null` keys take their defaults; unknown keys are ignored.
 *
 * @throws {@link FileSystemConfigError} for the first invalid key, naming it and what is expected, e.g.
 *   `ovos-filesystem-tools config 'max_read_bytes': must be >= 1, received 0`.
 */
export function parseFileSystemConfig(raw: Readonly<Record<string, unknown>> | null | undefined): FileSystemConfig {
  const { config: c, problems } = readConfig(FileSystemConfigSchema, raw);
  const [first] = problems;
  if (first) throw new FileSystemConfigError(first.key, first.message);
  return {
    roots: c.root_path === undefined ? [defaultWorkspace()] : resolveRoots(c.root_path),
    defaultRoot: c.root_path === undefined,
    allowReadProtected: c.allow_read_protected,
    allowWrite: c.allow_write,
    maxReadBytes: c.max_read_bytes,
    maxEntries: c.max_entries,
    maxScanEntries: c.max_scan_entries,
    maxSearchFiles: c.max_search_files,
    maxSearchBytes: c.max_search_bytes,
    maxSearchFileBytes: c.max_search_file_bytes,
    maxMatches: c.max_matches,
    maxLineChars: c.max_line_chars,
    searchTimeoutMs: c.search_timeout_ms,
  };
}

/** Absolute roots; a path with a NUL byte is refused (the schema cannot say so). */
function resolveRoots(value: string | string[]): string[] {
  const list = typeof value === 'string' ? [value] : value;
  return list.map((r, i) => {
    if (r.includes('\0')) {
      const where = typeof value === 'string' ? '' : `[${i}] `;
      const p = configProblem('root_path', `${where}must not contain a NUL byte`, r);
      throw new FileSystemConfigError(p.key, p.message);
    }
    return path.resolve(r);
  });
}
