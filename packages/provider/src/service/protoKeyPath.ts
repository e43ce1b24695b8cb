/**
 * The path (`args.a.b[2]`) of the first own `__proto__` key in `value`, or `undefined` when it has none. JSON may
 * carry the key (`{"__proto__": {…}}` parses into an own property), but any code that copies the object into `{}`
 * turns it into the copy's prototype instead of a member, so what was checked and what runs could differ. Walks
 * iteratively (no recursion limit), each object once.
 */
export function protoKeyPath(value: unknown, root = 'args'): string | undefined {
  const stack: Array<[unknown, string]> = [[value, root]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(v, '__proto__')) return `${path}.__proto__`;
    for (const key of Object.keys(v)) stack.push([(v as Record<string, unknown>)[key], `${path}.${key}`]);
  }
  return undefined;
}
