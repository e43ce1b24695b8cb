import { Topics, type JsonObject } from '@ovos-tools/core';
import { busRequest, failOnError, type ClientOptions } from '../busRequest.js';

/** `ovos-tools reload`: asks the provider to rescan its plugin roots; prints what is loaded and any problems. */
export async function reloadCommand(options: ClientOptions): Promise<void> {
  const reply = await busRequest(Topics.toolsReload, {}, options);
  failOnError(reply);
  if (options.json) return void process.stdout.write(`${JSON.stringify(reply, null, 2)}\n`);
  const loaded = (reply.loaded ?? []) as string[];
  const lines = [`loaded ${loaded.length} toolbox(es), ${String(reply.total_tools)} tool(s): ${loaded.join(', ') || 'none'}`];
  for (const key of ['added', 'removed', 'updated'] as const) {
    const list = (reply[key] ?? []) as string[];
    if (list.length) lines.push(`${key}: ${list.join(', ')}`);
  }
  for (const p of (reply.problems ?? []) as JsonObject[]) lines.push(`problem: ${String(p.error)}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}
