import { parseToolFormat, type ToolFormat } from '@ovos-tools/core';
import { CliError, ExitCode } from './CliError.js';

/**
 * Reads `--format`: absent is `ovos`.
 * @throws {@link CliError} (usage) naming the accepted formats for anything else.
 */
export function formatOption(value: string | undefined): ToolFormat {
  const parsed = parseToolFormat(value);
  if ('error' in parsed) throw new CliError(`--format: ${parsed.error}`, ExitCode.usage);
  return parsed.format;
}

/** Prints a vendor answer's notes and skipped tools to stderr, one line each, so stdout stays the definitions. */
export function warnFormatNotes(reply: Record<string, unknown>): void {
  for (const n of (reply.notes ?? []) as Array<Record<string, string>>) process.stderr.write(`note: ${n.name}: ${n.action} ${n.path}: ${n.what} (${n.why})\n`);
  for (const s of (reply.skipped ?? []) as Array<Record<string, string>>) process.stderr.write(`skipped: ${s.name} (${s.toolbox_id}): ${s.error}\n`);
}
