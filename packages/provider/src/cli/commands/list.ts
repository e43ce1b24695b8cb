import { Topics, type JsonObject } from '@ovos-tools/core';
import { busRequest, failOnError, type ClientOptions } from '../busRequest.js';
import { formatTable } from '../formatTable.js';
import { formatOption, warnFormatNotes } from '../formatOption.js';

/**
 * `ovos-tools list [--summary] [--tags T...] [--format F]`: prints the tool table (or the raw response with `--json`),
 * then the name collisions (a shadowed tool is marked in the table) and the load problems the provider reports
 * (toolboxes that did not load or are unhealthy, a config it could not read again).
 * With a vendor `--format`, prints that vendor's tool definitions as a JSON array (ready for a request's `tools`)
 * and the conversion notes, skipped tools and load problems on stderr.
 */
export async function listCommand(options: ClientOptions & { summary?: boolean; tags?: string[]; format?: string }): Promise<void> {
  const format = formatOption(options.format);
  const data: JsonObject = {};
  if (options.summary) data.summary = true;
  if (options.tags?.length) data.tags = options.tags;
  if (options.format !== undefined) data.format = format;
  const reply = await busRequest(Topics.toolsList, data, options);
  failOnError(reply);
  if (options.json) return void process.stdout.write(`${JSON.stringify(reply, null, 2)}\n`);
  if (format !== 'ovos') {
    process.stdout.write(`${JSON.stringify(reply.tools, null, 2)}\n`);
    warnFormatNotes(reply);
    return void process.stderr.write(problemLines(reply));
  }
  const tools = (reply.tools ?? []) as JsonObject[];
  const rows = tools.map((t) => [String(t.name), t.shadowed_by ? `${String(t.toolbox_id)} (shadowed)` : String(t.toolbox_id), String(options.summary ? t.summary : t.description)]);
  process.stdout.write(`${formatTable(['NAME', 'TOOLBOX', options.summary ? 'SUMMARY' : 'DESCRIPTION'], rows)}\n${tools.length} tool(s)\n`);
  for (const c of (reply.collisions ?? []) as JsonObject[]) {
    const others = (c.toolbox_ids as string[]).filter((id) => id !== c.winner);
    process.stdout.write(`warning: '${String(c.name)}' is provided by ${(c.toolbox_ids as string[]).join(', ')}; ${String(c.winner)} serves it (reach ${others.join(', ')} with toolbox_id)\n`);
  }
  process.stdout.write(problemLines(reply));
}

/** One `problem: …` line per load problem of a list answer (`problems: [{entry_point, package, error}]`). */
function problemLines(reply: JsonObject): string {
  const problems = (reply.problems ?? []) as JsonObject[];
  return problems.map((p) => `problem: ${p.entry_point ? `${String(p.entry_point)}: ` : ''}${String(p.error)}\n`).join('');
}
