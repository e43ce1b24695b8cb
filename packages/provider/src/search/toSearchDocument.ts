import type { CatalogEntry } from '../service/CatalogEntry.js';
import { wordPairs } from './wordPairs.js';

/**
 * The text of one catalog entry that search ranks, one string per field. Every field is plain text; the index splits
 * and folds it (see `searchTerms`).
 */
export interface SearchDocument {
  /** The position of the entry in the catalog the index was built from (MiniSearch's document id). */
  id: number;
  /** The tool name and its MCP `title`, e.g. `get_current_datetime Current date and time`. */
  name: string;
  /** The tool's one-line summary. */
  summary: string;
  /** The tool's full description (and its error modes). */
  description: string;
  /** The tool's tags, space-separated. */
  tags: string;
  /** Argument names, titles, descriptions and string `enum` values from the argument schema (nested objects included). */
  args: string;
  /** Example descriptions and the string values of example arguments. */
  examples: string;
  /** The toolbox id, e.g. `ovos-weather-tools`. */
  toolbox: string;
  /** Example requests from the toolbox's `locale/<lang>/<tool>.intent` files, every language, one per line. */
  utterances: string;
  /** The word pairs of the utterances (stop words kept, `what_time time_is is_it`), space-separated: how requests are phrased. */
  phrases: string;
}

/** Text kept per field, in characters: a toolbox (or a mounted MCP server) with a huge description cannot slow rebuilds or search. */
export const MAX_FIELD_CHARS = 4000;
/** How deep the argument schema is read for names and descriptions (objects in objects, array items). */
const MAX_SCHEMA_DEPTH = 4;

/**
 * Builds the {@link SearchDocument} of one catalog entry. Reads only strings from the descriptor; anything
 * malformed (a schema that is not an object, a non-string description) contributes no text instead of throwing.
 * Each field is cut to {@link MAX_FIELD_CHARS} (`utterances`, the example requests given, to four times that).
 */
export function toSearchDocument(entry: CatalogEntry, id: number, utterances: readonly string[] = []): SearchDocument {
  const tool = entry.tool;
  const args = new TextParts();
  collectSchemaText(tool.argumentSchema, args, 0);
  const examples = new TextParts();
  for (const example of Array.isArray(tool.examples) ? tool.examples : []) {
    if (typeof example?.description === 'string') examples.push(example.description);
    collectStrings(example?.arguments, examples, 0);
  }
  return {
    id,
    name: cap(`${str(tool.name)} ${str(tool.title)}`),
    summary: cap(str(tool.summary)),
    description: cap(`${str(tool.description)} ${str(tool.errorModes)}`),
    tags: cap((Array.isArray(tool.tags) ? tool.tags : []).filter((t): t is string => typeof t === 'string').join(' ')),
    args: cap(args.text()),
    examples: cap(examples.text()),
    toolbox: cap(str(entry.toolboxId)),
    utterances: capLines(utterances),
    phrases: [...new Set(utterances.flatMap((line) => (typeof line === 'string' ? wordPairs(line) : [])))].join(' '),
  };
}

/** Collects strings until {@link MAX_FIELD_CHARS} are gathered; later pushes are ignored (a 10,000-value enum costs nothing). */
class TextParts {
  private readonly parts: string[] = [];
  private chars = 0;
  get full(): boolean {
    return this.chars >= MAX_FIELD_CHARS;
  }
  push(text: string): void {
    if (this.full) return;
    this.parts.push(text);
    this.chars += text.length + 1;
  }
  text(): string {
    return this.parts.join(' ');
  }
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function cap(text: string): string {
  return text.length > MAX_FIELD_CHARS ? text.slice(0, MAX_FIELD_CHARS) : text;
}

/** Utterance lines joined by new lines, cut to 4 × {@link MAX_FIELD_CHARS} (a tool may ship many per language). */
function capLines(lines: readonly string[]): string {
  const text = lines.filter((l) => typeof l === 'string').join('\n');
  return text.length > 4 * MAX_FIELD_CHARS ? text.slice(0, 4 * MAX_FIELD_CHARS) : text;
}

/** Property names, titles, descriptions and string enum values of a JSON Schema, depth-first. */
function collectSchemaText(schema: unknown, out: TextParts, depth: number): void {
  if (out.full || depth > MAX_SCHEMA_DEPTH || schema === null || typeof schema !== 'object' || Array.isArray(schema)) return;
  const s = schema as Record<string, unknown>;
  if (depth > 0) {
    if (typeof s.title === 'string') out.push(s.title);
    if (typeof s.description === 'string') out.push(s.description);
    if (Array.isArray(s.enum)) for (const v of s.enum) if (typeof v === 'string' && !out.full) out.push(v);
  }
  const props = s.properties;
  if (props !== null && typeof props === 'object' && !Array.isArray(props)) {
    for (const [name, sub] of Object.entries(props as Record<string, unknown>)) {
      if (out.full) return;
      out.push(name);
      collectSchemaText(sub, out, depth + 1);
    }
  }
  collectSchemaText(s.items, out, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = s[key];
    if (Array.isArray(list)) for (const sub of list) collectSchemaText(sub, out, depth + 1);
  }
}

/** String values found in an example's arguments (nested objects and arrays included, a few levels deep). */
function collectStrings(value: unknown, out: TextParts, depth: number): void {
  if (out.full || depth > MAX_SCHEMA_DEPTH) return;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out, depth + 1);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) collectStrings(v, out, depth + 1);
}
