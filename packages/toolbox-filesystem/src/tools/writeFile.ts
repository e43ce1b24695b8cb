import { defineTool, Type, type AgentTool } from '@ovos-tools/core';
import { Messages } from '../messages.js';
import { errorMessage as errorText } from '@ovos-tools/core/node';
import { atomicWrite } from '../sandbox/atomicWrite.js';
import { SandboxRaceError } from '../sandbox/openVerified.js';
import type { FsToolContext } from './context.js';

/** Arguments of `write_file` (OVOS `WriteFileArgs`). */
export const WriteFileArgs = Type.Object(
  {
    path: Type.String({ description: 'Absolute or relative path to write.', title: 'Path' }),
    content: Type.String({ description: 'UTF-8 text to write into the file.', title: 'Content' }),
  },
  { title: 'WriteFileArgs', description: 'Arguments for ``write_file``.' },
);

/** Output of `write_file`: OVOS `WriteFileOutput` (`success`, `path`, `message`) plus optional extras. */
export const WriteFileOutput = Type.Object(
  {
    success: Type.Boolean({ description: 'True if the write succeeded.', title: 'Success' }),
    path: Type.String({ description: 'Resolved path that was written.', title: 'Path' }),
    message: Type.String({ description: 'Human-readable status message.', title: 'Message' }),
    bytes_written: Type.Optional(Type.Integer({ title: 'Bytes Written', description: 'UTF-8 bytes written, on success.' })),
    error: Type.Optional(Type.String({ title: 'Error', description: 'Present when the write failed; the same text as message.' })),
  },
  { title: 'WriteFileOutput', description: 'Output of ``write_file``.' },
);

/**
 * The question a voice assistant asks before `write_file` runs, when the provider's confirmation policy wants it
 * (by default for voice personas: the tool is `destructive`). `{path}` is the path as the caller gave it.
 */
export const WRITE_FILE_CONFIRMATION = {
  en: 'Overwrite or create the file {path}?',
  de: 'Die Datei {path} überschreiben oder anlegen?',
  es: '¿Sobrescribir o crear el archivo {path}?',
  fr: 'Écraser ou créer le fichier {path} ?',
  it: 'Sovrascrivere o creare il file {path}?',
  nl: 'Het bestand {path} overschrijven of aanmaken?',
  pt: 'Substituir ou criar o ficheiro {path}?',
  'pt-BR': 'Substituir ou criar o arquivo {path}?',
} as const;

/** `write_file`'s description, which (as in OVOS) says when writing is disabled. */
export function writeFileDescription(allowWrite: boolean): string {
  return allowWrite
    ? 'Write UTF-8 text content to a file, creating parent directories as needed.'
    : 'Write UTF-8 text content to a file (currently disabled — allow_write=False).';
}

type Out = Record<string, unknown> & { success: boolean; path: string; message: string };

/**
 * `write_file` (OVOS `FileSystemToolBox._write_file`): atomically writes UTF-8 text inside the sandbox,
 * creating parent directories inside it. Failures are values with `success: false` and `message`:
 * `Write access is disabled (allow_write=False).`, `Access denied: path '<path>' is outside the sandbox root.`,
 * `Access denied: path '<path>' is protected (<why>); ovos-filesystem-tools never writes there.` (plugin roots,
 * config and data folders, `node_modules`, `package.json`, `SKILL.md`, `mycroft.conf`, ...: see `PathProtection`),
 * `Invalid path: <reason>.`, `Error writing file: <fs error>`. Success: `File written successfully.`
 */
export function writeFileTool(ctx: FsToolContext): AgentTool {
  return defineTool({
    name: 'write_file',
    description: writeFileDescription(ctx.config.allowWrite),
    argumentSchema: WriteFileArgs,
    outputSchema: WriteFileOutput,
    readOnly: false,
    destructive: true,
    idempotent: true,
    confirmation: WRITE_FILE_CONFIRMATION,
    tags: ['filesystem', 'write'],
    examples: [{ description: 'Create a file (parents are created)', arguments: { path: 'notes/todo.txt', content: 'buy milk\n' } }],
    errorModes: "Returns success=false with the reason in message: write disabled, 'Access denied: ...' or 'Error writing file: ...'.",
    toolCall: (args) => writeFile(ctx, args),
  }) as unknown as AgentTool;
}

async function writeFile(ctx: FsToolContext, args: { path: string; content: string }): Promise<Out> {
  const fail = (message: string, p: string): Out => ({ success: false, path: p, message, error: message });
  if (!ctx.config.allowWrite) return fail(Messages.writeDisabled, args.path);
  const r = await ctx.sandbox.resolve(args.path, false, 'write');
  if (!r.ok) {
    if (r.kind === 'invalid') return fail(Messages.invalidPath(r.reason), args.path);
    if (r.kind === 'denied') return fail(Messages.accessDenied(args.path), args.path);
    if (r.kind === 'protected') return fail(Messages.protectedPath(args.path, r.reason, 'write'), args.path);
    return fail(Messages.writeError(r.reason), args.path);
  }
  try {
    const bytes = await atomicWrite(r.real, args.content, r.root, await ctx.sandbox.realRoots());
    return { success: true, path: r.real, message: Messages.written, bytes_written: bytes };
  } catch (err) {
    if (err instanceof SandboxRaceError) return fail(Messages.accessDenied(args.path), args.path);
    return fail(Messages.writeError(errorText(err)), args.path);
  }
}
