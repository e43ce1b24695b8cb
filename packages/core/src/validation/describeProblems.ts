import { isWriteOnly, ownMessage, stepsTo } from './ownMessage.js';
import { previewValue } from './previewValue.js';

/** One error of TypeBox's compiled validator (`Validator.Errors`), as far as the problem texts use it. */
export interface SchemaError {
  /** The keyword that failed: `type`, `const`, `enum`, `anyOf`, `required`, … */
  keyword: string;
  /** Where that keyword sits in the schema, e.g. `#/properties/d/anyOf/0`. */
  schemaPath: string;
  /** Where the failing value sits in the checked value, e.g. `/d` (empty for the value itself). */
  instancePath: string;
  /** TypeBox's text, e.g. `must be integer`. */
  message: string;
  /** The keyword's details (`requiredProperties` for `required`, …). */
  params: Record<string, unknown>;
}

/** Values a problem names at most (an enum of 200 values lists 20, then how many more). */
const MAX_VALUES = 20;
/** Where a branch of a union sits in a schema path: `<union>/anyOf/<n>` (the union's node is `<union>`). */
const BRANCH = /^(.*)\/(anyOf|oneOf)\/(\d+)$/;

/**
 * Readable problem lines for a value's validation errors, `<path>: <what was wrong>, received <value>`:
 * - a union of constants or plain types (TypeBox `Union([Literal('a'), Literal('b')])`, `Optional` nullable types,
 *   `string | string[]`) whose every branch failed at its root reads as ONE line naming what it accepts:
 *   `d: must be "earlier", "later" or "raise", received "latest"` (not one "must be equal to constant" per value);
 * - a union where a branch nearly matched (an error inside the value, under that branch) keeps the errors that say
 *   where, and drops the other branches' and the union's own;
 * - `enum` and `const` name their values (`must be "x" or "y"`, `must be "x"`);
 * - a node's own `errorMessage` replaces what is said of an error of the value it checks (the deepest such node: a
 *   union's branch, else the union; not a list for its items), and a `required` property's own message is said when
 *   it is missing, e.g. `rate: expected a positive integer, received 0`;
 *   a `Refine`'s message is said as written;
 * - a value under a `writeOnly` node (a secret) is never repeated: no `, received …`;
 * - a line said twice is said once.
 * @param errors - the validator's errors for `root` (a bounded number; they may stop early).
 * @param schema - the schema `root` was checked against (to read a union's branches).
 * @param root - the checked value (to show what was received).
 */
export function describeProblems(errors: readonly SchemaError[], schema: object, root: unknown): string[] {
  const unions = collapsibleUnions(errors, schema);
  const lines: string[] = [];
  const seen = new Set<string>();
  const near = nearlyMatched(errors);
  for (const err of errors) {
    const union = unionOf(err);
    if (union !== undefined && near.has(`${err.instancePath}|${union}`)) continue;
    const accepts = union === undefined ? undefined : unions.get(`${err.instancePath}|${union}`);
    const steps = stepsTo(schema, err.schemaPath);
    const hidden = isWriteOnly(steps);
    const line =
      ownLine(err, steps, root, hidden) ??
      (accepts === undefined ? describeOne(err, schema, root, hidden) : `${pathText(err.instancePath)}: must be ${accepts}${received(root, err.instancePath, hidden)}`);
    if (!seen.has(line)) {
      seen.add(line);
      lines.push(line);
    }
  }
  return lines;
}

/**
 * The unions (key `<instancePath>|<union schema path>`) a branch of which nearly matched: an error lies inside the
 * value, under one branch (`{"secret": "short"}` for `{secret} | false | null`). That branch's errors say what is
 * wrong; the others' (`must be false`, `must be null`) and the union's summary are noise.
 */
function nearlyMatched(errors: readonly SchemaError[]): Set<string> {
  const out = new Set<string>();
  for (const err of errors) {
    for (const other of errors) {
      const union = unionOf(other);
      if (union === undefined || !err.schemaPath.startsWith(`${union}/`) || !err.instancePath.startsWith(`${other.instancePath}/`)) continue;
      out.add(`${other.instancePath}|${union}`);
    }
  }
  return out;
}

/** The schema path of the union an error belongs to: its own (`anyOf` failed) or its branch's parent; else none. */
function unionOf(err: SchemaError): string | undefined {
  if (err.keyword === 'anyOf' || err.keyword === 'oneOf') return err.schemaPath;
  const branch = BRANCH.exec(err.schemaPath);
  return branch && (err.keyword === 'const' || err.keyword === 'enum' || err.keyword === 'type') ? branch[1] : undefined;
}

/**
 * The unions (key `<instancePath>|<union schema path>`) that read as one line, with what they accept
 * (`"a", "b" or "c"`): every branch names what it takes (const, enum or type) and no error lies inside a branch.
 */
function collapsibleUnions(errors: readonly SchemaError[], schema: object): Map<string, string> {
  const out = new Map<string, string>();
  const keys = new Set(errors.flatMap((e) => (unionOf(e) === undefined ? [] : [`${e.instancePath}|${unionOf(e)}`])));
  for (const key of keys) {
    const [instancePath, union] = splitKey(key);
    // an error inside a branch (a wrong property of an object branch, a string branch's minLength) says more
    const within = (e: SchemaError) => e.instancePath === instancePath || e.instancePath.startsWith(`${instancePath}/`);
    if (errors.some((e) => within(e) && e.schemaPath.startsWith(`${union}/`) && unionOf(e) !== union)) continue;
    const node = nodeAt(schema, union) as { anyOf?: unknown; oneOf?: unknown } | undefined;
    const branches = node?.anyOf ?? node?.oneOf;
    if (!Array.isArray(branches)) continue;
    const named = branches.map(acceptedBy);
    if (named.some((n) => n === undefined)) continue;
    out.set(key, orList([...new Set(named.flat() as string[])]));
  }
  return out;
}

function splitKey(key: string): [string, string] {
  const at = key.indexOf('|');
  return [key.slice(0, at), key.slice(at + 1)];
}

/** What one schema node accepts, as words (`"a"`, `string`), when it says it by const, enum or type alone. */
function acceptedBy(node: unknown): string[] | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const s = node as Record<string, unknown>;
  if ('const' in s) return [previewValue(s.const)];
  if (Array.isArray(s.enum)) return s.enum.map((v) => previewValue(v));
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type) && s.type.every((t) => typeof t === 'string')) return s.type as string[];
  return undefined;
}

/** `, received <value>`, or nothing for a value never shown back. */
function received(root: unknown, pointer: string, hidden: boolean): string {
  return hidden ? '' : `, received ${previewValue(valueAt(root, pointer))}`;
}

/**
 * The line of an error said in the schema's own words (see `ownMessage`), or `undefined`: a `Refine`'s message, the
 * `errorMessage` of a missing required property, or that of the deepest node checking the failing value.
 */
function ownLine(err: SchemaError, steps: ReturnType<typeof stepsTo>, root: unknown, hidden: boolean): string | undefined {
  if (err.keyword === '~refine') return `${pathText(err.instancePath)}: ${err.message}${received(root, err.instancePath, hidden)}`;
  if (err.keyword === 'required') {
    const properties = (steps.at(-1)!.node.properties ?? {}) as Record<string, { errorMessage?: unknown } | undefined>;
    const missing = (err.params.requiredProperties ?? err.params.missingProperty) as string[] | string | undefined;
    const names = (Array.isArray(missing) ? missing : [missing]).filter((m): m is string => typeof m === 'string');
    if (!names.some((n) => typeof properties[n]?.errorMessage === 'string')) return undefined;
    const base = pathText(err.instancePath);
    return names.map((n) => `${err.instancePath ? `${base}.` : ''}${n}: ${String(properties[n]?.errorMessage ?? 'required property is missing')}`).join('; ');
  }
  const own = ownMessage(steps, err.instancePath.split('/').length - 1);
  return own === undefined ? undefined : `${pathText(err.instancePath)}: ${own}${received(root, err.instancePath, hidden)}`;
}

/** One error on its own: `required` lists the missing names; `enum`/`const` name their values. */
function describeOne(err: SchemaError, schema: object, root: unknown, hidden: boolean): string {
  const path = err.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (err.keyword === 'required') {
    const missing = (err.params.requiredProperties ?? err.params.missingProperty) as string[] | string | undefined;
    const names = (Array.isArray(missing) ? missing : [missing]).filter(Boolean).map((m) => (path ? `${path}.${m}` : m));
    return names.map((n) => `${n}: required property is missing`).join('; ');
  }
  const accepts = err.keyword === 'enum' || err.keyword === 'const' ? acceptedBy(nodeAt(schema, err.schemaPath)) : undefined;
  const what = accepts ? `must be ${orList(accepts)}` : err.message;
  return `${path || '(arguments)'}: ${what}${received(root, err.instancePath, hidden)}`;
}

function pathText(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.') || '(arguments)';
}

/** `a`, `a or b`, `a, b or c`; past {@link MAX_VALUES}, `a, b, ... or one of 180 more`. */
function orList(items: readonly string[]): string {
  if (items.length > MAX_VALUES) return `${items.slice(0, MAX_VALUES).join(', ')} or one of ${items.length - MAX_VALUES} more`;
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** The node at a schema path (`#/properties/d/anyOf/0`), or `undefined` when the path does not lead to one. */
function nodeAt(schema: object, schemaPath: string): unknown {
  return walk(schema, schemaPath.replace(/^#/, ''));
}

/** The value at an instance path (`/a/0/b`). */
export function valueAt(root: unknown, pointer: string): unknown {
  return walk(root, pointer);
}

function walk(root: unknown, pointer: string): unknown {
  if (!pointer) return root;
  let cur: unknown = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}
