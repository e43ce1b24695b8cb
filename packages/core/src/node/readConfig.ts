import type { Static, TObject, TSchema } from 'typebox';
import { compileSchema } from '../validation/compileSchema.js';
import { previewValue } from '../validation/previewValue.js';
import { isObject } from './values.js';

/** One invalid config key: which, and what was expected (one style for every toolbox). */
export interface ConfigProblem {
  /** The config key as written in the section (snake_case, e.g. `max_bytes`); `(section)` when the section itself is not an object. */
  key: string;
  /** What was expected and what was received, e.g. `must be integer, received "x"` or `[1] must be string, received 2` for an item of a list. */
  message: string;
}

/** What {@link readConfig} returns: a usable config and what was wrong with the raw section. */
export interface ConfigRead<T> {
  /** Every key of the schema: the valid (coerced) value, else the key's `default` (a copy), else absent. */
  config: T;
  /** One entry per invalid key (and one for a section that is not an object), in schema order; empty when all is valid. */
  problems: ConfigProblem[];
}

/** What a config section must be: a JSON object (arrays and scalars are not). */
const SECTION = { type: 'object' };

/**
 * Reads a toolbox's config section (a plain object, snake_case keys) against a TypeBox object schema, one key at a time.
 *
 * - `raw` `null`/`undefined` reads as `{}`; any other non-object (an array, a string, ...) also reads as `{}` and adds
 *   a problem with key `(section)`.
 * - A key that is missing or `null` gets its property's `default` (a copy; absent when the property has none).
 * - A present value is coerced and checked against its property's own schema with `compileSchema` (pydantic-like lax
 *   mode: numeric strings become numbers, `"true"`/`"yes"`/`"on"`/`"1"` and `"false"`/`"no"`/`"off"`/`"0"` become
 *   booleans, then a strict check of type, `minimum`, `maximum`, `enum`, ...). An invalid value gets the default
 *   instead and adds one {@link ConfigProblem} whose message reads `must be ..., received ...`.
 * - Keys the schema does not declare are ignored.
 *
 * Never throws for any `raw` value. Give every property a `default` or make it `Type.Optional`, so that `Static<T>`
 * tells the truth about what is absent.
 *
 * @param schema - the section's keys: `Type.Object({ max_bytes: Type.Integer({ minimum: 1, default: 1024 }), ... })`.
 * @param raw - the section from the provider config, as loaded (untrusted).
 */
export function readConfig<T extends TObject>(schema: T, raw: unknown): ConfigRead<NoInfer<Static<T>>> {
  const problems: ConfigProblem[] = [];
  let section: Readonly<Record<string, unknown>> = {};
  if (isObject(raw)) section = raw;
  else if (raw !== null && raw !== undefined) problems.push(problemFor('(section)', SECTION, raw));
  const config: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties as Record<string, TSchema>)) {
    const value = Object.prototype.hasOwnProperty.call(section, key) ? section[key] : undefined;
    if (value !== undefined && value !== null) {
      const parsed = compileSchema(property).parse(value);
      if (parsed.ok) {
        config[key] = parsed.value;
        continue;
      }
      problems.push({ key, message: problemMessage(parsed.problems) });
    }
    if ('default' in property) config[key] = structuredClone(property.default);
  }
  return { config: config as Static<T>, problems };
}

/**
 * A {@link ConfigProblem} for a check the schema cannot express (an http(s) URL, a NUL byte, ...), worded like those
 * of {@link readConfig}: `{ key, message: "<expected>, received <value as JSON>" }`.
 *
 * @param key - the config key, e.g. `ddg_url`.
 * @param expected - what the value must be, starting `must ...`, e.g. `must be an http(s) URL`.
 * @param received - the offending value (shown as JSON, cut to 60 characters).
 */
export function configProblem(key: string, expected: string, received: unknown): ConfigProblem {
  return { key, message: `${expected}, received ${previewValue(received)}` };
}

/**
 * The one text of a config problem: `<owner> config '<key>': <message>`, e.g.
 * `ovos-web-search-tools config 'max_bytes': must be <= 1073741824, received 2147483648`.
 *
 * @param owner - who reads the section, normally the toolbox id (`ovos-web-search-tools`).
 */
export function configProblemText(owner: string, p: ConfigProblem): string {
  return `${owner} config '${p.key}': ${p.message}`;
}

function problemFor(key: string, schema: object, value: unknown): ConfigProblem {
  const parsed = compileSchema(schema).parse(value);
  return { key, message: parsed.ok ? 'is invalid' : problemMessage(parsed.problems) };
}

const UNION_SUMMARY = /^must match a schema in (anyOf|oneOf)\b/;
const TYPE_MISMATCH = /^must be (string|number|integer|boolean|array|object|null), received /;

/**
 * One message out of compileSchema's problem lines (`<path>: <text>`, path `(arguments)` for the value itself):
 * a union's summary line is dropped; a constraint the value broke (`must be >= 1`, an item of a list) wins over
 * the type mismatches of the union branches that did not apply; those combine (`must be string or array`).
 */
function problemMessage(lines: readonly string[]): string {
  const parts = lines.map(splitLine).filter((p) => !UNION_SUMMARY.test(p.text));
  const specific = parts.find((p) => p.path !== '' || !TYPE_MISMATCH.test(p.text));
  if (specific) return specific.path ? `[${specific.path}] ${specific.text}` : specific.text;
  if (parts.length === 0) return lines[0] ? splitLine(lines[0]).text : 'is invalid';
  const types = [...new Set(parts.map((p) => TYPE_MISMATCH.exec(p.text)![1]!))];
  const at = parts[0]!.text.indexOf(', received ');
  return `must be ${orList(types)}${at < 0 ? '' : parts[0]!.text.slice(at)}`;
}

function splitLine(line: string): { path: string; text: string } {
  const at = line.indexOf(': ');
  if (at < 0) return { path: '', text: line };
  const path = line.slice(0, at);
  return { path: path === '(arguments)' ? '' : path, text: line.slice(at + 2) };
}

function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}
