import { defineTool, Type, type AgentTool } from '@ovos-tools/core';
import { Messages } from '../messages.js';
import { errorMessage as errorText } from '@ovos-tools/core/node';
import { safeGlob } from '../sandbox/safeGlob.js';
import type { FsToolContext } from './context.js';
import { resolveDirectory } from './resolveDirectory.js';

/** Arguments of `list_directory` (OVOS `ListDirectoryArgs`). */
export const ListDirectoryArgs = Type.Object(
  {
    path: Type.String({ description: 'Directory path to list.', title: 'Path' }),
    pattern: Type.Optional(Type.String({ default: '*', description: 'Shell glob pattern to filter entries.', title: 'Pattern' })),
  },
  { title: 'ListDirectoryArgs', description: 'Arguments for ``list_directory``.' },
);

/** Output of `list_directory`: OVOS `ListDirectoryOutput` (`entries`, `path`) plus optional extras. */
export const ListDirectoryOutput = Type.Object(
  {
    entries: Type.Array(Type.String(), { description: 'Matching filesystem entries.', title: 'Entries' }),
    path: Type.String({ description: 'Directory that was listed.', title: 'Path' }),
    truncated: Type.Optional(Type.Boolean({ title: 'Truncated', description: 'True when more entries matched than max_entries, or the crawl hit max_scan_entries.' })),
    error: Type.Optional(Type.String({ title: 'Error', description: 'Why the listing is empty, when it failed.' })),
  },
  { title: 'ListDirectoryOutput', description: 'Output of ``list_directory``.' },
);

/**
 * `list_directory` (OVOS `FileSystemToolBox._list_directory`): absolute paths of the files and directories
 * matching `pattern` (default `*`, dotfiles included, `**` recurses) in a sandbox directory, sorted, at most
 * `max_entries`. Symlinks are not listed. Failures return `entries: []` with `error`.
 */
export function listDirectoryTool(ctx: FsToolContext): AgentTool {
  return defineTool({
    name: 'list_directory',
    description: 'List entries in a directory, optionally filtered by a glob pattern.',
    argumentSchema: ListDirectoryArgs,
    outputSchema: ListDirectoryOutput,
    readOnly: true,
    tags: ['filesystem', 'read-only'],
    examples: [{ description: 'List Python files in the root', arguments: { path: '.', pattern: '*.py' } }],
    errorModes: 'Returns entries=[] with an error field when the path is outside the sandbox, not a directory, or the pattern is refused.',
    toolCall: (args, tctx) => listDirectory(ctx, args, tctx.signal),
  }) as unknown as AgentTool;
}

async function listDirectory(ctx: FsToolContext, args: { path: string; pattern?: string }, signal: AbortSignal) {
  const dir = await resolveDirectory(ctx, args.path);
  if (!dir.ok) return { entries: [], path: dir.path, error: dir.error };
  try {
    const g = await safeGlob({ cwd: dir.real, pattern: args.pattern ?? '*', realRoots: dir.realRoots, hidden: dir.hidden, onlyFiles: false, maxScanEntries: ctx.config.maxScanEntries, signal });
    if (!g.ok) {
      const error = g.kind === 'denied' ? Messages.patternDenied(args.pattern ?? '*') : Messages.invalidPattern(g.reason);
      return { entries: [], path: dir.real, error };
    }
    const truncated = g.paths.length > ctx.config.maxEntries || g.scanTruncated;
    return { entries: g.paths.slice(0, ctx.config.maxEntries), path: dir.real, truncated };
  } catch (err) {
    return { entries: [], path: dir.real, error: `Error: ${errorText(err)}` };
  }
}
