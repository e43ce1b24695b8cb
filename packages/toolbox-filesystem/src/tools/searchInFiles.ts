import { defineTool, Type, type AgentTool } from '@ovos-tools/core';
import { errorText, Messages } from '../messages.js';
import { openForRead } from '../sandbox/openVerified.js';
import { safeGlob } from '../sandbox/safeGlob.js';
import { looksBinary, SNIFF_BYTES } from '../text/binary.js';
import { splitLines } from '../text/lines.js';
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

type Match = { file: string; line_number: string; line: string };

/**
 * `search_in_files` (OVOS `FileSystemToolBox._search_in_files`): every line matching a regular expression
 * (Python `re` syntax, compiled as a JavaScript RegExp) in the text files selected by `glob` under a sandbox
 * directory. Files are visited in sorted order; binary files and files over `max_search_file_bytes` are
 * skipped; the search stops at `max_search_files`, `max_search_bytes` or `max_matches` with `truncated: true`.
 * An invalid regex or a refused path returns `matches: [], total: 0` plus `error`.
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
    errorModes: 'Returns matches=[] and total=0 with an error field for an invalid regex, a path outside the sandbox, or a refused glob.',
    toolCall: (args, tctx) => searchInFiles(ctx, args, tctx.signal),
  }) as unknown as AgentTool;
}

async function searchInFiles(ctx: FsToolContext, args: { pattern: string; path?: string; glob?: string }, signal: AbortSignal) {
  const cfg = ctx.config;
  const dir = await resolveDirectory(ctx, args.path ?? '.');
  if (!dir.ok) return { matches: [], total: 0, error: dir.error };
  const compiled = compilePythonRegex(args.pattern);
  if (!compiled.ok) return { matches: [], total: 0, error: Messages.invalidRegex(compiled.reason) };
  const regex = compiled.regex;
  const g = await safeGlob({ cwd: dir.real, pattern: args.glob ?? '**/*', realRoots: dir.realRoots, onlyFiles: true, maxScanEntries: cfg.maxScanEntries, signal }).catch(
    (err: unknown) => ({ ok: false as const, kind: 'error' as const, reason: errorText(err) }),
  );
  if (!g.ok) {
    const error = g.kind === 'denied' ? Messages.patternDenied(args.glob ?? '**/*') : g.kind === 'invalid' ? Messages.invalidPattern(g.reason) : `Error: ${g.reason}`;
    return { matches: [], total: 0, error };
  }
  const matches: Match[] = [];
  let truncated = g.scanTruncated;
  let searched = 0;
  let skipped = 0;
  let bytes = 0;
  files: for (const file of g.paths) {
    if (signal.aborted) {
      truncated = true;
      break;
    }
    if (searched >= cfg.maxSearchFiles) {
      truncated = true;
      break;
    }
    let text: string;
    try {
      const { fh, stat } = await openForRead(file, dir.realRoots);
      try {
        if (!stat.isFile() || stat.size > cfg.maxSearchFileBytes) {
          skipped++;
          continue;
        }
        if (bytes + stat.size > cfg.maxSearchBytes) {
          truncated = true;
          break;
        }
        const buf = Buffer.alloc(stat.size);
        const { bytesRead } = await fh.read(buf, 0, stat.size, 0);
        bytes += bytesRead;
        const data = buf.subarray(0, bytesRead);
        if (looksBinary(data.subarray(0, SNIFF_BYTES))) {
          skipped++;
          continue;
        }
        text = new TextDecoder('utf-8').decode(data);
      } finally {
        await fh.close();
      }
    } catch {
      skipped++;
      continue;
    }
    searched++;
    const lines = splitLines(text);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (!regex.test(line)) continue;
      if (matches.length >= cfg.maxMatches) {
        truncated = true;
        break files;
      }
      const shown = line.length > cfg.maxLineChars ? `${line.slice(0, cfg.maxLineChars)}…` : line;
      matches.push({ file, line_number: String(i + 1), line: shown });
    }
  }
  return { matches, total: matches.length, truncated, files_searched: searched, files_skipped: skipped };
}
