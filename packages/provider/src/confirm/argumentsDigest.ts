import { createHash } from 'node:crypto';

/**
 * The digest a confirm token binds the arguments with: SHA-256 (base64url) of their canonical JSON — object keys
 * sorted at every level, `undefined` members left out as JSON leaves them, `undefined` arguments read as `{}`.
 * It is taken of the arguments as the call sends them to the toolbox (after `openai-strict` nulls are taken back
 * out), before the toolbox validates and coerces them: the confirmed call is the call as written, so the same
 * arguments in another key order need no new confirmation, while `"5"` and `5` (which validation might make equal)
 * do. Every own key counts, `__proto__` included (as data). Throws for arguments JSON cannot express (a cycle, a BigInt).
 */
export function argumentsDigest(args: unknown): string {
  return createHash('sha256').update(canonicalJson(args === undefined ? {} : args), 'utf8').digest('base64url');
}

/** `value` as JSON with object keys sorted at every level (arrays keep their order); throws as `JSON.stringify` does. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value, new Set()));
}

function sortKeys(value: unknown, path: Set<object>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (path.has(value)) throw new TypeError('the arguments contain a cycle');
  const json = (value as { toJSON?: unknown }).toJSON;
  if (typeof json === 'function') return sortKeys((value as { toJSON(): unknown }).toJSON(), path);
  path.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => sortKeys(v, path));
    // a prototype-less copy: every own key is kept as data, `__proto__` included (on `{}` it would set the prototype
    // and vanish from the JSON, so `{"a":1,"__proto__":{…}}` would digest as `{"a":1}`)
    const out = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(value).sort()) {
      Object.defineProperty(out, key, { value: sortKeys((value as Record<string, unknown>)[key], path), enumerable: true, writable: true, configurable: true });
    }
    return out;
  } finally {
    path.delete(value);
  }
}
