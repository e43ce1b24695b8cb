import { Topics, type JsonObject } from '@ovos-tools/core';
import { CliError, ExitCode } from '../CliError.js';
import { busRequest, failOnError, type ClientOptions } from '../busRequest.js';
import { formatTable } from '../formatTable.js';

/**
 * `ovos-tools search QUERY [--limit N] [--tags T...] [--include-schema] [--explain] [--json]`: asks the provider over
 * the bus (`ovos.tools.search`) and prints the ranked tools (name, toolbox, score, summary) and how many matched, or
 * the raw answer with `--json`; with `--explain`, then per tool why it was found (its lexical and semantic parts,
 * and each matched term: the request word, how it was added, the fields it matched).
 * @throws {@link CliError} usage for a `--limit` that is not a whole number; an error response as exit 1.
 */
export async function searchCommand(query: string, options: ClientOptions & { limit: string; tags?: string[]; includeSchema?: boolean; explain?: boolean }): Promise<void> {
  if (!/^\d+$/.test(options.limit)) throw new CliError(`--limit must be a whole number from 1 to 100, got "${options.limit}"`, ExitCode.usage);
  const data: JsonObject = { query, limit: Number(options.limit) };
  if (options.tags?.length) data.tags = options.tags;
  if (options.includeSchema) data.include_schema = true;
  if (options.explain) data.explain = true;
  const reply = await busRequest(Topics.toolsSearch, data, options);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(reply, null, 2)}\n`);
    if (typeof reply.error === 'string') throw new CliError(reply.error, ExitCode.errorResponse);
    return;
  }
  failOnError(reply);
  const tools = (reply.tools ?? []) as JsonObject[];
  const rows = tools.map((t) => [String(t.name), String(t.toolbox_id), Number(t.score).toFixed(2), String(t.summary)]);
  const total = Number(reply.total ?? tools.length);
  if (tools.length) process.stdout.write(`${formatTable(['NAME', 'TOOLBOX', 'SCORE', 'SUMMARY'], rows)}\n`);
  if (options.explain) for (const t of tools) process.stdout.write(explainLines(t));
  process.stdout.write(`${tools.length} of ${total} matching tool(s)${tools.length ? '' : `: none matches ${JSON.stringify(query)}`}\n`);
}

/**
 * `--explain` lines of one hit: `name: lexical 1.000, semantic 0.466` (with a search-ranker package, then
 * `; ranks: lexical 2 (0.840), model 1 (0.470)`) then `  time ← "time" (query) in name, tags`.
 */
function explainLines(tool: JsonObject): string {
  const explain = tool.explain as
    | { lexical?: number; semantic?: number | null; terms?: Array<{ term: string; word: string; origin: string; fields: string[] }>; rankers?: Array<{ ranker: string; rank: number | null; score: number | null }> }
    | undefined;
  if (!explain) return '';
  const ranks = (explain.rankers ?? []).map((r) => `${r.ranker} ${r.rank ?? 'none'}${r.score === null ? '' : ` (${r.score.toFixed(3)})`}`).join(', ');
  const lines = [`${String(tool.name)}: lexical ${Number(explain.lexical ?? 0).toFixed(3)}, semantic ${explain.semantic === null || explain.semantic === undefined ? 'none' : explain.semantic.toFixed(3)}${ranks ? `; ranks: ${ranks}` : ''}`];
  for (const t of explain.terms ?? []) lines.push(`  ${t.term} ← ${JSON.stringify(t.word)} (${t.origin}) in ${t.fields.join(', ')}`);
  return `${lines.join('\n')}\n`;
}
