import { Topics, type JsonObject } from '@ovos-tools/core';
import { busRequest, failOnError, type ClientOptions } from '../busRequest.js';

/** `ovos-tools get NAME`: prints one tool's spec: description, arguments, output and examples (or JSON). */
export async function getCommand(name: string, options: ClientOptions): Promise<void> {
  const reply = await busRequest(Topics.toolsGet, { name }, options);
  failOnError(reply);
  if (options.json) return void process.stdout.write(`${JSON.stringify(reply, null, 2)}\n`);
  const lines = [`${String(reply.name)}  (toolbox ${String(reply.toolbox_id)})`, '', String(reply.description), ''];
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

function describeFields(schema: JsonObject | undefined): string[] {
  const props = (schema?.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((schema?.required ?? []) as string[]);
  const out = Object.entries(props).map(([key, p]) => {
    const type = p.type ?? (p.anyOf ? (p.anyOf as JsonObject[]).map((b) => b.type).join('|') : 'any');
    const extra = [required.has(key) ? 'required' : 'optional', p.default !== undefined ? `default ${JSON.stringify(p.default)}` : ''].filter(Boolean).join(', ');
    return `  ${key}: ${String(type)} (${extra})${p.description ? ` - ${String(p.description)}` : ''}`;
  });
  return out.length ? out : ['  (none)'];
}
