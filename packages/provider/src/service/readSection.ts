import { compileSchema } from '@ovos-tools/core';

/**
 * One problem of a config section, as data: where (the key's dotted path as written, list items as `[i]`:
 * `agents.ops.tools[2]`), which rule (`schema` for the schema's check, or the rule's own name) and what is wrong
 * (`expected a positive integer, received 0`). The config's `ConfigIssue` is this with an optional suggestion.
 */
export interface SectionProblem {
  /** The key's dotted path as written, e.g. `state.command_timeout_ms` or `agents.ops.tools[2]`. */
  path: string;
  /** The rule broken: `schema`, or a rule's own name (`crossField`, `env`). */
  keyword: string;
  /** What is wrong, what to type, and (unless it is a secret) what was received. */
  message: string;
}

/** What {@link readSection} returns: the value read (coerced, defaults filled in), or the problems. */
export interface SectionRead<T> {
  /** The value as the schema reads it; `undefined` when it is invalid (a map keeps its valid entries). */
  value: T | undefined;
  /** Every problem, each at its own path; empty when the value is valid. */
  problems: SectionProblem[];
}

/**
 * Reads one key of the provider config against its schema, the one parser of the config: the toolbox kit's lax
 * coercion (`"8"` → 8, `"yes"` → true), defaults filled in, then the strict check, whose problems read in the
 * schema's own words (its `errorMessage`s, `Refine` messages; a `writeOnly` value never repeated). A map (`Record`,
 * e.g. `agents`) is read entry by entry, so every entry's problems are named, not only the first five.
 * @param path - the key's path as written, e.g. `state`; problems are named under it (`state.key_prefix`).
 * @param schema - the key's schema (TypeBox).
 * @param raw - the value as written (untrusted).
 */
export function readSection<T = unknown>(path: string, schema: object, raw: unknown): SectionRead<T> {
  const entry = mapEntrySchema(schema);
  if (entry !== undefined && raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const value: Record<string, unknown> = {};
    const problems: SectionProblem[] = [];
    for (const [key, item] of Object.entries(raw)) {
      const read = readSection(`${path}.${key}`, entry, item);
      if (read.value !== undefined) value[key] = read.value;
      problems.push(...read.problems);
    }
    return { value: value as T, problems };
  }
  const parsed = compileSchema(schema).parse(raw);
  if (parsed.ok) return { value: parsed.value as T, problems: [] };
  return { value: undefined, problems: parsed.problems.map((line) => problemOf(path, line)) };
}

/** The schema of every entry of a map (`Type.Record(Type.String(), X)`: one pattern, nothing else), else `undefined`. */
function mapEntrySchema(schema: object): object | undefined {
  const s = schema as { type?: unknown; patternProperties?: Record<string, object>; properties?: unknown };
  if (s.type !== 'object' || s.properties !== undefined || !s.patternProperties) return undefined;
  const patterns = Object.keys(s.patternProperties);
  return patterns.length === 1 && patterns[0] === '^.*$' ? s.patternProperties[patterns[0]] : undefined;
}

/** A problem line of `compileSchema` (`<sub.path>: <message>`, `(arguments)` for the value itself) under `path`. */
function problemOf(path: string, line: string): SectionProblem {
  const at = line.indexOf(': ');
  const sub = at < 0 ? '(arguments)' : line.slice(0, at);
  const message = at < 0 ? line : line.slice(at + 2);
  const tail = sub === '(arguments)' ? '' : sub.split('.').map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s}`)).join('');
  return { path: `${path}${tail}`, keyword: 'schema', message };
}
