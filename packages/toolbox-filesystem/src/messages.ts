/**
 * Every user-visible text of the filesystem tools. The first four are OVOS's own strings
 * (ovos-agentic-loop `tools/filesystem.py`); the rest are this package's additions.
 */
export const Messages = {
  /** OVOS: a path outside every sandbox root. */
  accessDenied: (requested: string) => `Access denied: path '${requested}' is outside the sandbox root.`,
  /** OVOS: `write_file` with `allow_write` false. */
  writeDisabled: 'Write access is disabled (allow_write=False).',
  /** OVOS: `write_file` success. */
  written: 'File written successfully.',
  /** OVOS prefix of `read_file` failures. */
  readError: (detail: string) => `Error reading file: ${detail}`,
  /** OVOS prefix of `write_file` failures. */
  writeError: (detail: string) => `Error writing file: ${detail}`,
  /** A path inside a root but in a protected location (plugin root, config, code-loading file). */
  protectedPath: (requested: string, why: string, access: 'read' | 'write') =>
    `Access denied: path '${requested}' is protected (${why}); ` +
    (access === 'write'
      ? 'ovos-filesystem-tools never writes there.'
      : 'it is not readable unless the operator sets allow_read_protected: true.'),
  /** A malformed path argument (NUL byte, empty, too long). */
  invalidPath: (reason: string) => `Invalid path: ${reason}.`,
  /** A refused glob pattern. */
  invalidPattern: (reason: string) => `Invalid glob pattern: ${reason}.`,
  /** A glob whose literal directories lead out of the sandbox. */
  patternDenied: (pattern: string) => `Access denied: pattern '${pattern}' leads outside the sandbox root.`,
  /** A regex JavaScript cannot compile. */
  invalidRegex: (reason: string) => `Invalid regular expression: ${reason}`,
  /** `read_file` of a binary file. */
  binary: (bytes: number) => `Binary file (${bytes} bytes) not shown.`,
  /** Appended to `read_file` content when the window did not reach the end of the file. */
  truncatedNotice: (from: number, to: number, total: number) =>
    `\n[truncated: showed bytes ${from}-${to} of ${total}; call read_file again with offset=${to} to continue]`,
  /** `search_in_files` ran out of `search_timeout_ms` while matching; its worker was terminated. */
  searchTimedOut: (ms: number) =>
    `Search stopped after ${ms} ms: the pattern is too expensive (catastrophic backtracking?); simplify it, or narrow path/glob if the search is just large.`,
  /** `search_in_files` ran out of `search_timeout_ms` before a search worker was free. */
  searchQueued: (ms: number) => `Search stopped after ${ms} ms: it was still waiting for a free search worker (other searches are running); try again.`,
  /** `search_in_files` was aborted by the caller (call timeout or cancellation). */
  searchAborted: (reason: string) => `Search aborted: ${reason}`,
  /** The toolbox was closed while `search_in_files` ran. */
  searchClosed: 'Search stopped: the toolbox was closed.',
  /** The search worker failed (e.g. the regex engine threw, or the worker could not start). */
  searchFailed: (detail: string) => `Error: search failed: ${detail}`,
  /** A directory argument that is not a directory. */
  notADirectory: (p: string) => `Not a directory: '${p}'.`,
} as const;
