/**
 * The deepest nesting of objects and arrays allowed in a message's `data` and in its `context`, counting
 * `data`/`context` themselves as level 1 (`{"a": {"b": 1}}` nests 2 levels). Deeper frames are refused with a
 * `MalformedMessageError`. OVOS has no such limit; 64 is far above any real OVOS payload (sessions nest about 4
 * levels) and far below what recursive JSON code can survive.
 */
export const MAX_MESSAGE_DEPTH = 64;

/** True for values that are walked into: arrays and non-null objects without a `toJSON` method. */
function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/**
 * True when `value` nests objects/arrays more than `maxDepth` levels deep (a cycle counts as infinitely deep).
 * Walks with an explicit stack, never recursion, and stops at the first level past the limit, so a 100,000-level
 * value costs as much as a 65-level one. A primitive nests 0 levels.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  if (!isContainer(value)) return false;
  if (maxDepth < 1) return true;
  // two parallel stacks (containers, their levels): it runs on every message sent, so no pair is allocated per node
  const nodes: object[] = [value];
  const depths: number[] = [1];
  while (nodes.length) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (!isContainer(child)) continue;
      if (depth >= maxDepth) return true;
      nodes.push(child);
      depths.push(depth + 1);
    }
  }
  return false;
}

/**
 * A deep copy of a JSON-like value, made without recursion: arrays and plain objects are copied (key order kept,
 * a `__proto__` key stays an own key), anything else is shared (primitives, and objects such as `Date` that JSON
 * serializes through `toJSON`). Returns `undefined` when `value` nests deeper than `maxDepth` (or has a cycle).
 */
export function copyWithinDepth<T>(value: T, maxDepth: number): T | undefined {
  if (!isCopied(value)) return value;
  if (maxDepth < 1) return undefined;
  const root = emptyLike(value);
  const stack: Array<[object, object, number]> = [[value as object, root, 1]];
  while (stack.length) {
    const [src, dst, depth] = stack.pop()!;
    const copyChild = (v: unknown): unknown => {
      if (!isCopied(v)) return v;
      if (depth + 1 > maxDepth) return TOO_DEEP;
      const copy = emptyLike(v);
      stack.push([v, copy, depth + 1]);
      return copy;
    };
    if (Array.isArray(src)) {
      const out = dst as unknown[];
      for (const item of src) {
        const v = copyChild(item);
        if (v === TOO_DEEP) return undefined;
        out.push(v);
      }
      continue;
    }
    for (const key of Object.keys(src)) {
      const v = copyChild((src as Record<string, unknown>)[key]);
      if (v === TOO_DEEP) return undefined;
      if (key === '__proto__') Object.defineProperty(dst, key, { value: v, enumerable: true, writable: true, configurable: true });
      else (dst as Record<string, unknown>)[key] = v;
    }
  }
  return root as T;
}

function isCopied(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

const TOO_DEEP = Symbol('too deep');

function emptyLike(value: object): object {
  return Array.isArray(value) ? [] : {};
}

/**
 * The top-level keys of `object` whose values nest more than `maxDepth - 1` levels (so that `object` itself would
 * nest more than `maxDepth`), in key order. Empty when `object` is within the limit.
 */
export function keysTooDeep(object: Record<string, unknown>, maxDepth: number): string[] {
  return Object.keys(object).filter((k) => nestsDeeperThan(object[k], maxDepth - 1));
}

/**
 * A copy of `context` (or of a `data` object) without the keys whose values nest too deep for a message (see
 * {@link MAX_MESSAGE_DEPTH}): the "shallow, safe" context of an error reply to a request whose context could not be
 * copied. The kept keys (`session`, `request_id`, `utterance_id`, `source`, `destination`, …) are deep-copied.
 * Never throws.
 */
export function shallowContext(context: Record<string, unknown>, maxDepth = MAX_MESSAGE_DEPTH): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(context)) {
    const copy = copyWithinDepth(context[key], maxDepth - 1);
    if (copy === undefined && context[key] !== undefined) continue;
    if (key === '__proto__') Object.defineProperty(out, key, { value: copy, enumerable: true, writable: true, configurable: true });
    else out[key] = copy;
  }
  return out;
}
