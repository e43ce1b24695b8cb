import { defineTool, Type, type AgentTool } from '@ovos-tools/core';
import { Messages } from '../messages.js';
import { errorMessage as errorText } from '@ovos-tools/core/node';
import { safeGlob } from '../sandbox/safeGlob.js';
import type { WorkerJobOutcome } from '@ovos-tools/core/node';
import type { SearchReport, SearchRequest } from '../search/protocol.js';
import { compilePythonRegex } from '../text/pythonRegex.js';
import type { FsToolContext } from './context.js';
import { resolveDirectory } from './resolveDirectory.js';

/** Arguments of `search_in_files` (OVOS `SearchInFilesArgs`). */
export const SearchInFilesArgs = Type.Object(
  {
    pattern: Type.String({ description: 'Regular expression to search for.', title: 'Pattern' }),
    path: Type.Optional(Type.String({ default: '.', description: 'Root directory to search within.', title: 'Path' })),
    glob: Type.Optional(Type.String({ default: '**/*', description: 'Glob pattern to select files.', title: 'Glob' })),
  },
  { title: 'SearchInFilesArgs', description: 'Arguments for ``search_in_files``.' },
);

/** One match: `file` (absolute path), `line_number` (1-based, a STRING as in OVOS) and `line`. */
export const SearchMatch = Type.Object(
  { file: Type.String(), line_number: Type.String(), line: Type.String() },
  { additionalProperties: Type.String() },
);

/** Output of `search_in_files`: OVOS `SearchInFilesOutput` (`matches`, `total`) plus optional extras. */
export const SearchInFilesOutput = Type.Object(
  {
    matches: Type.Array(SearchMatch, { description: 'List of matches, each with keys: file, line_number, line.', title: 'Matches' }),
    total: Type.Integer({ description: 'Total number of matching lines found.', title: 'Total' }),
    truncated: Type.Optional(Type.Boolean({ title: 'Truncated', description: 'True when a limit (matches, files, bytes, crawl) stopped the search early.' })),
    files_searched: Type.Optional(Type.Integer({ title: 'Files Searched', description: 'Text files whose lines were searched.' })),
    files_skipped: Type.Optional(Type.Integer({ title: 'Files Skipped', description: 'Files skipped as binary, too large, or unreadable.' })),
    error: Type.Optional(Type.String({ title: 'Error', description: 'Why the result is empty, e.g. an invalid regular expression.' })),
  },
  { title: 'SearchInFilesOutput', description: 'Output of ``search_in_files``.' },
);

/**
 * `search_in_files` (OVOS `FileSystemToolBox._search_in_files`): every line matching a regular expression
 * (Python `re` syntax, compiled as a JavaScript RegExp) in the text files selected by `glob` under a sandbox
 * directory. Files are visited in sorted order; binary files and files over `max_search_file_bytes` are
 * skipped; the search stops at `max_search_files`, `max_search_bytes` or `max_matches` with `truncated: true`.
 * An invalid regex or a refused path returns `matches: [], total: 0` plus `error`.
 *
 * Paths and the glob are resolved and containment-checked on the calling thread; reading and matching run in
 * a worker thread ({@link createSearchPool}), which re-verifies every opened descriptor against the roots.
 * A search that outlives `search_timeout_ms` or whose `ctx.signal` fires has its worker terminated and
 * returns `matches: [], total: 0` plus `error` (e.g. `Search stopped after 10000 ms: the pattern is too
 * expensive (catastrophic backtracking?); …`), so a catastrophic regex never blocks the event loop.
 */
export function searchInFilesTool(ctx: FsToolContext): AgentTool {
  return defineTool({
    name: 'search_in_files',
    description: 'Search for a regex pattern across files under a directory.',
    argumentSchema: SearchInFilesArgs,
    outputSchema: SearchInFilesOutput,
    readOnly: true,
    tags: ['filesystem', 'read-only', 'search'],
    examples: [{ description: 'Find function definitions in Python files', arguments: { pattern: '^def ', path: '.', glob: '**/*.py' } }],
    errorModes:
      'Returns matches=[] and total=0 with an error field for an invalid regex, a path outside the sandbox, a refused glob, or a search stopped after search_timeout_ms (too expensive a pattern).',
    toolCall: (args, tctx) => searchInFiles(ctx, args, tctx.signal),
  }) as unknown as AgentTool;
}

async function searchInFiles(ctx: FsToolContext, args: { pattern: string; path?: string; glob?: string }, signal: AbortSignal) {
  const cfg = ctx.config;
  const dir = await resolveDirectory(ctx, args.path ?? '.');
  if (!dir.ok) return { matches: [], total: 0, error: dir.error };
  const compiled = compilePythonRegex(args.pattern);
  if (!compiled.ok) return { matches: [], total: 0, error: Messages.invalidRegex(compiled.reason) };
  const g = await safeGlob({ cwd: dir.real, pattern: args.glob ?? '**/*', realRoots: dir.realRoots, hidden: dir.hidden, onlyFiles: true, maxScanEntries: cfg.maxScanEntries, signal }).catch(
    (err: unknown) => ({ ok: false as const, kind: 'error' as const, reason: errorText(err) }),
  );
  if (!g.ok) {
    const error = g.kind === 'denied' ? Messages.patternDenied(args.glob ?? '**/*') : g.kind === 'invalid' ? Messages.invalidPattern(g.reason) : `Error: ${g.reason}`;
    return { matches: [], total: 0, error };
  }
  const outcome = await ctx.searchPool.run<SearchReport>(
    {
      files: g.paths,
      realRoots: [...dir.realRoots],
      source: compiled.regex.source,
      flags: compiled.regex.flags,
      maxSearchFiles: cfg.maxSearchFiles,
      maxSearchBytes: cfg.maxSearchBytes,
      maxSearchFileBytes: cfg.maxSearchFileBytes,
      maxMatches: cfg.maxMatches,
      maxLineChars: cfg.maxLineChars,
    } satisfies SearchRequest,
    { timeoutMs: cfg.searchTimeoutMs, signal },
  );
  if (!outcome.ok) return { matches: [], total: 0, error: failureText(outcome, cfg.searchTimeoutMs) };
  const r = outcome.value;
  return { matches: r.matches, total: r.matches.length, truncated: g.scanTruncated || r.truncated, files_searched: r.searched, files_skipped: r.skipped };
}

function failureText(outcome: Extract<WorkerJobOutcome<SearchReport>, { ok: false }>, timeoutMs: number): string {
  switch (outcome.kind) {
    case 'timeout':
      return Messages.searchTimedOut(timeoutMs);
    case 'queued':
      return Messages.searchQueued(timeoutMs);
    case 'aborted':
      return Messages.searchAborted(outcome.detail);
    case 'closed':
      return Messages.searchClosed;
    default:
      return Messages.searchFailed(outcome.detail);
  }
}
