/** An object still to look at, and how it was reached (its path is spelt out only when it holds the key). */
interface Visit {
  value: object;
  parent: Visit | undefined;
  key: string | number;
}

/** `args.a.b[2]`: the path of `visit` from the root, named `root`. */
function pathOf(visit: Visit, root: string): string {
  let path = '';
  for (let v: Visit | undefined = visit; v?.parent; v = v.parent) path = (typeof v.key === 'number' ? `[${v.key}]` : `.${v.key}`) + path;
  return root + path;
}

/**
 * The path (`args.a.b[2]`) of the first own `__proto__` key in `value`, or `undefined` when it has none. JSON may
 * carry the key (`{"__proto__": {…}}` parses into an own property), but any code that copies the object into `{}`
 * turns it into the copy's prototype instead of a member, so what was checked and what runs could differ. Walks
 * iteratively (no recursion limit), each object once; it runs on every call, so primitives (a long list of numbers)
 * are passed over without allocating anything, and a path is built only for the key it finds.
 */
export function protoKeyPath(value: unknown, root = 'args'): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const stack: Visit[] = [{ value, parent: undefined, key: '' }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        const item: unknown = v[i];
        if (item !== null && typeof item === 'object') stack.push({ value: item, parent: visit, key: i });
      }
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(v, '__proto__')) return `${pathOf(visit, root)}.__proto__`;
    for (const key of Object.keys(v)) {
      const item: unknown = (v as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') stack.push({ value: item, parent: visit, key });
    }
  }
  return undefined;
}
