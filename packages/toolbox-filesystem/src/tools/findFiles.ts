import { promises as fsp } from 'node:fs';
import { defineTool, Type, type AgentTool } from '@ovos-tools/core';
import { Messages } from '../messages.js';
import { errorMessage as errorText } from '@ovos-tools/core/node';
import { safeGlob } from '../sandbox/safeGlob.js';
import type { FsToolContext } from './context.js';
import { resolveDirectory } from './resolveDirectory.js';

/** Arguments of `find_files` (OVOS `FindFilesArgs`). */
export const FindFilesArgs = Type.Object(
  {
    glob: Type.String({ description: "Glob pattern (e.g. '**/*.py').", title: 'Glob' }),
    path: Type.Optional(Type.String({ default: '.', description: 'Root directory to search from.', title: 'Path' })),
  },
  { title: 'FindFilesArgs', description: 'Arguments for ``find_files``.' },
);

/** Output of `find_files`: OVOS `FindFilesOutput` (`files`, `total`) plus optional extras. */
export const FindFilesOutput = Type.Object(
  {
    files: Type.Array(Type.String(), { description: 'Matched file paths as strings.', title: 'Files' }),
    total: Type.Integer({ description: 'Number of files found.', title: 'Total' }),
    truncated: Type.Optional(Type.Boolean({ title: 'Truncated', description: 'True when more files matched than max_entries, or the crawl hit max_scan_entries.' })),
    error: Type.Optional(Type.String({ title: 'Error', description: 'Why the result is empty, when it failed.' })),
  },
  { title: 'FindFilesOutput', description: 'Output of ``find_files``.' },
);

/**
 * `find_files` (OVOS `FileSystemToolBox._find_files`): absolute paths of the regular files matching `glob`
 * under a sandbox directory, sorted, at most `max_entries`; `total` is the number returned. Symlinks are
 * neither followed nor returned. Failures return `files: [], total: 0` with `error`.
 */
export function findFilesTool(ctx: FsToolContext): AgentTool {
  return defineTool({
    name: 'find_files',
    description: 'Find files matching a glob pattern under a directory.',
    argumentSchema: FindFilesArgs,
    outputSchema: FindFilesOutput,
    readOnly: true,
    tags: ['filesystem', 'read-only'],
    examples: [{ description: 'All TypeScript files below src', arguments: { glob: '**/*.ts', path: 'src' } }],
    errorModes: 'Returns files=[] and total=0 with an error field when the path is outside the sandbox or the pattern is refused.',
    toolCall: (args, tctx) => findFiles(ctx, args, tctx.signal),
  }) as unknown as AgentTool;
}

async function findFiles(ctx: FsToolContext, args: { glob: string; path?: string }, signal: AbortSignal) {
  const dir = await resolveDirectory(ctx, args.path ?? '.');
  if (!dir.ok) return { files: [], total: 0, error: dir.error };
  try {
    const g = await safeGlob({ cwd: dir.real, pattern: args.glob, realRoots: dir.realRoots, hidden: dir.hidden, onlyFiles: true, maxScanEntries: ctx.config.maxScanEntries, signal });
    if (!g.ok) {
      const error = g.kind === 'denied' ? Messages.patternDenied(args.glob) : Messages.invalidPattern(g.reason);
      return { files: [], total: 0, error };
    }
    const files: string[] = [];
    let truncated = g.scanTruncated;
    for (const p of g.paths) {
      const st = await fsp.lstat(p).catch(() => null);
      if (!st?.isFile()) continue;
      if (files.length >= ctx.config.maxEntries) {
        truncated = true;
        break;
      }
      files.push(p);
    }
    return { files, total: files.length, truncated };
  } catch (err) {
    return { files: [], total: 0, error: `Error: ${errorText(err)}` };
  }
}
