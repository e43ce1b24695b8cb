import { Topics, type JsonObject } from '@ovos-tools/core';
import { busRequest, failOnError, type ClientOptions } from '../busRequest.js';
import { ExitCode } from '../CliError.js';

/** How long `ovos-tools reload` waits for its answer without `--timeout`, ms: a reload starts new and changed hosts. */
export const RELOAD_WAIT_MS = 60_000;

/**
 * `ovos-tools reload`: asks the provider to rescan its plugin roots; prints what is loaded and any problems.
 * @returns {@link ExitCode.ok}, or {@link ExitCode.checkFailed} (4) when the provider reports problems (a toolbox
 *   that failed to import, construct or discover, or a malformed declaration); the other toolboxes are loaded either way.
 */
export async function reloadCommand(options: ClientOptions): Promise<number> {
  const reply = await busRequest(Topics.toolsReload, {}, options, RELOAD_WAIT_MS);
  failOnError(reply);
  const problems = (reply.problems ?? []) as JsonObject[];
  const exitCode = problems.length ? ExitCode.checkFailed : ExitCode.ok;
  if (options.json) {
    process.stdout.write(`${JSON.stringify(reply, null, 2)}\n`);
    return exitCode;
  }
  const loaded = (reply.loaded ?? []) as string[];
  const lines = [`loaded ${loaded.length} toolbox(es), ${String(reply.total_tools)} tool(s): ${loaded.join(', ') || 'none'}`];
  for (const key of ['added', 'removed', 'updated'] as const) {
    const list = (reply[key] ?? []) as string[];
    if (list.length) lines.push(`${key}: ${list.join(', ')}`);
  }
  for (const p of problems) lines.push(`problem: ${String(p.error)}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return exitCode;
}
