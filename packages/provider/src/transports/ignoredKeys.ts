/** Names callers often use for a tool's arguments by mistake (other APIs' spellings: MCP, OPM, OpenAI, …). */
const ARGUMENT_ALIASES = new Set(['args', 'arguments', 'kwargs', 'params', 'parameters', 'input', 'tool_args', 'tool_input']);

/**
 * The keys of an invoke request's data that the provider does not read (OVOS ignores them too): every key not in
 * `known`, or with `aliasesOnly`, only those spelling the arguments another way (`arguments`, `kwargs`, `params`…;
 * for the HTTP API, whose other body fields are context for the tool). In the order sent.
 */
export function ignoredKeys(data: object, known: readonly string[], aliasesOnly = false): string[] {
  return Object.keys(data).filter((key) => !known.includes(key) && (!aliasesOnly || ARGUMENT_ALIASES.has(key)));
}

/**
 * What a caller reads about ignored keys: `unknown key 'arguments' was ignored (the tool's arguments go in
 * 'args')`; the hint is added when one of them spells the arguments another way.
 * @param argsKey - where this API takes the arguments (`args`, or `kwargs` on the per-toolbox topics).
 */
export function ignoredKeysNote(keys: readonly string[], argsKey: string): string {
  const list = keys.map((k) => `'${k}'`).join(', ');
  const what = keys.length === 1 ? `unknown key ${list} was ignored` : `unknown keys ${list} were ignored`;
  return keys.some((k) => ARGUMENT_ALIASES.has(k)) ? `${what} (the tool's arguments go in '${argsKey}')` : what;
}
