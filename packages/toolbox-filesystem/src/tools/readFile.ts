import { defineTool, Type, type AgentTool } from '@ovos-tools/core';
import { Messages } from '../messages.js';
import { errorMessage as errorText } from '@ovos-tools/core/node';
import { openForRead, SandboxRaceError } from '../sandbox/openVerified.js';
import { looksBinary, SNIFF_BYTES } from '../text/binary.js';
import { completeLength, skipContinuation } from '../text/utf8.js';
import type { FsToolContext } from './context.js';

/** Arguments of `read_file`: OVOS `ReadFileArgs` plus `offset` and `limit`. */
export const ReadFileArgs = Type.Object(
  {
    path: Type.String({ description: 'Absolute or relative path of the file to read.', title: 'Path' }),
    offset: Type.Optional(
      Type.Integer({ minimum: 0, default: 0, title: 'Offset', description: 'Byte offset to start reading at (for continuing a truncated read).' }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, title: 'Limit', description: 'Most bytes to return; never more than the max_read_bytes config (default 1 MiB).' }),
    ),
  },
  { title: 'ReadFileArgs', description: 'Arguments for ``read_file``.' },
);

/** Output of `read_file`: OVOS `ReadFileOutput` (`content`, `path`) plus optional extras. */
export const ReadFileOutput = Type.Object(
  {
    content: Type.String({ description: 'UTF-8 text content of the file, or an error message.', title: 'Content' }),
    path: Type.String({ description: 'Resolved path that was read.', title: 'Path' }),
    truncated: Type.Optional(Type.Boolean({ title: 'Truncated', description: 'True when content stops before the end of the file.' })),
    total_bytes: Type.Optional(Type.Integer({ title: 'Total Bytes', description: 'Size of the file in bytes.' })),
    next_offset: Type.Optional(Type.Integer({ title: 'Next Offset', description: 'Offset to pass to continue reading, when truncated.' })),
    binary: Type.Optional(Type.Boolean({ title: 'Binary', description: 'True when the file looks binary and its bytes are not shown.' })),
    error: Type.Optional(Type.String({ title: 'Error', description: 'Present when the read failed; the same text as content.' })),
  },
  { title: 'ReadFileOutput', description: 'Output of ``read_file``.' },
);

type Out = Record<string, unknown> & { content: string; path: string };

/**
 * `read_file` (OVOS `FileSystemToolBox._read_file`): reads a UTF-8 text file inside the sandbox.
 * Failures are returned as values in `content` (and `error`): `Access denied: path '<path>' is outside the
 * sandbox root.`, `Access denied: path '<path>' is protected (<why>); ...` (unless `allow_read_protected`), `Invalid path: <reason>.`, `Error reading file: <fs error>`. Binary files give
 * `Binary file (N bytes) not shown.`; long files are cut at `limit`/`max_read_bytes` with a notice.
 */
export function readFileTool(ctx: FsToolContext): AgentTool {
  return defineTool({
    name: 'read_file',
    description: 'Read the UTF-8 text content of a file.',
    argumentSchema: ReadFileArgs,
    outputSchema: ReadFileOutput,
    readOnly: true,
    tags: ['filesystem', 'read-only'],
    examples: [{ description: 'Read a file relative to the sandbox root', arguments: { path: 'notes/todo.txt' } }],
    errorModes:
      "Returns the failure in content: 'Access denied: ...' (outside the sandbox), 'Error reading file: ...' (missing, a directory, unreadable). Large files are truncated: continue with offset=next_offset.",
    toolCall: (args) => readFile(ctx, args),
  }) as unknown as AgentTool;
}

async function readFile(ctx: FsToolContext, args: { path: string; offset?: number; limit?: number }): Promise<Out> {
  const fail = (content: string, p: string): Out => ({ content, path: p, error: content });
  const r = await ctx.sandbox.resolve(args.path);
  if (!r.ok) {
    if (r.kind === 'invalid') return fail(Messages.invalidPath(r.reason), args.path);
    if (r.kind === 'denied') return fail(Messages.accessDenied(args.path), args.path);
    if (r.kind === 'protected') return fail(Messages.protectedPath(args.path, r.reason, 'read'), args.path);
    return fail(Messages.readError(r.reason), r.lexical);
  }
  let roots: string[];
  try {
    roots = await ctx.sandbox.realRoots();
    const { fh, stat } = await openForRead(r.real, roots);
    try {
      if (stat.isDirectory()) return fail(Messages.readError(`EISDIR: illegal operation on a directory, read '${r.real}'`), r.real);
      if (!stat.isFile()) return fail(Messages.readError(`not a regular file: '${r.real}'`), r.real);
      const size = stat.size;
      const sniff = Buffer.alloc(Math.min(SNIFF_BYTES, size));
      await fh.read(sniff, 0, sniff.length, 0);
      if (looksBinary(sniff)) return { content: Messages.binary(size), path: r.real, binary: true, truncated: false, total_bytes: size };
      const offset = Math.min(args.offset ?? 0, size);
      const limit = Math.min(args.limit ?? ctx.config.maxReadBytes, ctx.config.maxReadBytes);
      const want = Math.min(limit, size - offset);
      const buf = Buffer.alloc(want);
      const { bytesRead } = await fh.read(buf, 0, want, offset);
      const window = buf.subarray(0, bytesRead);
      const skip = offset > 0 ? skipContinuation(window) : 0;
      const reachesEnd = offset + bytesRead >= size;
      let end = reachesEnd ? window.length : completeLength(window);
      if (end <= skip) end = window.length;
      const start = offset + skip;
      const stop = offset + end;
      let content = new TextDecoder('utf-8').decode(window.subarray(skip, end));
      const truncated = stop < size;
      const out: Out = { content, path: r.real, truncated, total_bytes: size };
      if (truncated) {
        content += Messages.truncatedNotice(start, stop, size);
        out.content = content;
        out.next_offset = stop;
      }
      return out;
    } finally {
      await fh.close();
    }
  } catch (err) {
    if (err instanceof SandboxRaceError || (err as NodeJS.ErrnoException).code === 'ELOOP') {
      return fail(Messages.accessDenied(args.path), args.path);
    }
    return fail(Messages.readError(errorText(err)), r.real);
  }
}
