import { Topics, type JsonObject } from '@ovos-tools/core';
import { busRequest, failOnError, type ClientOptions } from '../busRequest.js';
import { describeFields } from '../describeFields.js';
import { formatOption, warnFormatNotes } from '../formatOption.js';

/**
 * `ovos-tools get NAME [--format F] [--toolbox ID]`: prints one tool's spec: description, arguments, output and examples (or JSON).
 * With a vendor `--format`, prints that vendor's definition as JSON and the conversion notes on stderr.
 */
export async function getCommand(name: string, options: ClientOptions & { format?: string; toolbox?: string }): Promise<void> {
  const format = formatOption(options.format);
  const data: JsonObject = { name };
  if (options.format !== undefined) data.format = format;
  if (options.toolbox !== undefined) data.toolbox_id = options.toolbox;
  const reply = await busRequest(Topics.toolsGet, data, options);
  failOnError(reply);
  if (options.json) return void process.stdout.write(`${JSON.stringify(reply, null, 2)}\n`);
  if (format !== 'ovos') {
    process.stdout.write(`${JSON.stringify(reply.tool, null, 2)}\n`);
    return warnFormatNotes(reply);
  }
  const where = `toolbox ${String(reply.toolbox_id)}${reply.shadowed_by ? `, shadowed by ${String(reply.shadowed_by)}` : ''}${typeof reply.timeout_ms === 'number' ? `, time limit ${reply.timeout_ms} ms` : ''}`;
  const lines = [`${String(reply.name)}  (${where})`, '', String(reply.description), ''];
  lines.push('Arguments:', ...describeFields(reply.argument_schema as JsonObject), '', 'Output:', ...describeFields(reply.output_schema as JsonObject));
  const tags = (reply.tags ?? []) as string[];
  if (tags.length) lines.push('', `Tags: ${tags.join(', ')}`);
  for (const ex of (reply.examples ?? []) as JsonObject[]) {
    lines.push('', `Example${ex.description ? `: ${String(ex.description)}` : ''}`, `  args:   ${JSON.stringify(ex.arguments)}`);
    if (ex.result !== undefined) lines.push(`  result: ${JSON.stringify(ex.result)}`);
    if (ex.error !== undefined) lines.push(`  error:  ${String(ex.error)}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

