import { Topics, type JsonObject } from '@ovos-tools/core';
import { busRequest, failOnError, type ClientOptions } from '../busRequest.js';
import { formatTable } from '../formatTable.js';

/** `ovos-tools list [--summary] [--tags T...]`: prints the tool table (or the raw response with `--json`). */
export async function listCommand(options: ClientOptions & { summary?: boolean; tags?: string[] }): Promise<void> {
  const data: JsonObject = {};
  if (options.summary) data.summary = true;
  if (options.tags?.length) data.tags = options.tags;
  const reply = await busRequest(Topics.toolsList, data, options);
  failOnError(reply);
  if (options.json) return void process.stdout.write(`${JSON.stringify(reply, null, 2)}\n`);
  const tools = (reply.tools ?? []) as JsonObject[];
  const rows = tools.map((t) => [String(t.name), String(t.toolbox_id), String(options.summary ? t.summary : t.description)]);
  process.stdout.write(`${formatTable(['NAME', 'TOOLBOX', options.summary ? 'SUMMARY' : 'DESCRIPTION'], rows)}\n${tools.length} tool(s)\n`);
  for (const c of (reply.collisions ?? []) as JsonObject[]) {
    process.stdout.write(`warning: '${String(c.name)}' is provided by ${(c.toolbox_ids as string[]).join(', ')}; ${String(c.winner)} serves it\n`);
  }
}
