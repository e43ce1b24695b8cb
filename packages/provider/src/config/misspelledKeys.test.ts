import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { parseProviderConfig } from './ProviderConfig.js';
import { ProviderConfigError } from './ProviderConfigError.js';
import { ProviderConfigSchema } from './ProviderConfigSchema.js';

interface Node {
  type?: string;
  enum?: unknown[];
  anyOf?: Node[];
  properties?: Record<string, Node>;
  patternProperties?: Record<string, Node>;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
}

/** Every key of the schema as a path of segments (records take the key `x`), with its schema. */
function keys(node: Node, path: string[] = []): { path: string[]; node: Node }[] {
  const out: { path: string[]; node: Node }[] = [];
  for (const shape of [node, ...(node.anyOf ?? [])]) {
    for (const [k, child] of Object.entries(shape.properties ?? {})) out.push({ path: [...path, k], node: child }, ...keys(child, [...path, k]));
    const each = shape.patternProperties && Object.values(shape.patternProperties)[0];
    if (each?.properties) out.push(...keys(each, [...path, 'x']));
  }
  return out;
}

/** A config holding `value` at `path` (parents made as objects). */
function at(path: string[], value: unknown): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let o = root;
  for (const seg of path.slice(0, -1)) o = (o[seg] = {}) as Record<string, unknown>;
  o[path.at(-1)!] = value;
  return root;
}

/** One character left out of the middle (`max_bytes` → `max_bytes` without its 5th character): one edit away. */
const misspelt = (key: string) => (key.length > 3 ? key.slice(0, Math.floor(key.length / 2)) + key.slice(Math.floor(key.length / 2) + 1) : `${key}${key.at(-1)}`);

function problemsOf(config: unknown): string[] {
  try {
    parseProviderConfig(config);
    return [];
  } catch (err) {
    expect(err).toBeInstanceOf(ProviderConfigError);
    return (err as ProviderConfigError).problems;
  }
}

const all = keys(ProviderConfigSchema as unknown as Node).filter(({ path }) => path[0] !== '$schema');

describe('every key of the config schema, misspelt, is an error naming it and the key meant', () => {
  test.each(all.map(({ path, node }) => [path.join('.'), path, node] as const))('%s', (_name, path, node) => {
    const wrong = [...path.slice(0, -1), misspelt(path.at(-1)!)];
    // an object-valued top-level key could be a toolbox section: the misspelling is refused all the same
    const value = node.type === 'object' || node.anyOf?.some((s) => s.type === 'object') ? {} : 1;
    const problems = problemsOf(at(wrong, value));
    expect(problems).toContain(`provider config '${wrong.join('.')}': unknown key; did you mean '${path.join('.')}'?`);
  });

  test('the misspellings the issue names', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ defualt_timeout_ms: 100 }, "provider config 'defualt_timeout_ms': unknown key; did you mean 'default_timeout_ms'?"],
      [{ tool_timeout: { read_file: 100 } }, "provider config 'tool_timeout': unknown key; did you mean 'tool_timeouts'?"],
      [{ result_store: { maxBytes: 4096 } }, "provider config 'result_store.maxBytes': unknown key; did you mean 'result_store.max_bytes'?"],
      [{ mcp: { search_tools: true } }, "provider config 'mcp.search_tools': unknown key; did you mean 'mcp.search_tool'?"],
      [{ federation: { interval: 1000 } }, "provider config 'federation.interval': unknown key; did you mean 'federation.interval_ms'?"],
      [{ brain: { baseurl: 'http://x/v1' } }, "provider config 'brain.baseurl': unknown key; did you mean 'brain.base_url'?"],
    ];
    for (const [config, text] of cases) expect(problemsOf(config)).toContain(text);
  });

  test('a key far from every known one lists them; a toolbox section is an object far from every provider key', () => {
    expect(problemsOf({ result_store: { colour: 1 } })).toEqual([
      "provider config 'result_store.colour': unknown key (expected one of ttl_s, max_bytes, max_entries, max_bytes_per_caller, max_entries_per_caller)",
    ]);
    expect(problemsOf({ stray: 5 })).toEqual(["provider config 'stray': unknown key: not a provider key, and a toolbox's section (named after its entry point) is an object"]);
    expect(parseProviderConfig({ 'ovos-clock-tools': { a: 1 }, $schema: './ovos-tools.schema.json' }).toolboxConfigs).toEqual({ 'ovos-clock-tools': { a: 1 } });
  });
});

/** Values of every class a key's schema refuses: the wrong type, below its minimum, above its maximum, outside its enum, too short. */
function badValues(node: Node): unknown[] {
  if (node.anyOf) return node.anyOf.some((s) => s.type === 'array') ? [] : [[[1]]];
  const out: unknown[] = [];
  const type = node.type;
  if (node.enum) out.push('no-such-value');
  if (type === 'number' || type === 'integer') out.push('many', ...(node.minimum !== undefined ? [node.minimum - 1] : []), ...(node.exclusiveMinimum !== undefined ? [node.exclusiveMinimum] : []), ...(node.maximum !== undefined ? [node.maximum + 1] : []));
  if (type === 'integer') out.push(1.5 + (node.minimum ?? 0));
  if (type === 'boolean') out.push('sometimes');
  if (type === 'string') out.push(12345, ...(node.minLength ? [''] : []));
  if (type === 'array') out.push('not-a-list');
  if (type === 'object') out.push([1]);
  return out;
}

describe('every bad value class of every key is an error naming the key', () => {
  const cases = all.flatMap(({ path, node }) => badValues(node).map((v) => [`${path.join('.')} = ${JSON.stringify(v)}`, path, v] as const));
  test.each(cases)('%s', (_name, path, value) => {
    const problems = problemsOf(at(path, value));
    const key = path.join('.');
    // the key is named either whole or as its top-level key with the nested path in brackets (the kit's style)
    const named = problems.some((p) => p.startsWith(`provider config '${key}'`) || p.startsWith(`provider config '${path[0]}': [${path.slice(1).join('.')}`) || p.startsWith(`provider config '${path.slice(0, -1).join('.')}'`));
    expect(named, problems.join('\n')).toBe(true);
  });
});

describe('rules across keys', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');

  test('two agents with one credential are refused, whether written as sha256 twice, as sha256 and env, or as one scrypt string', () => {
    process.env.OVOS_TEST_DUP_TOKEN = 'a-token-of-agent-a';
    try {
      expect(problemsOf({ agents: { a: { credential: { sha256: sha('t') }, tools: ['*'] }, b: { credential: { sha256: sha('t').toUpperCase() }, tools: ['*'] } } })).toEqual([
        'provider config \'agents.b.credential\': is the credential of agent "a" too; give each agent its own (a token would otherwise act as both)',
      ]);
      expect(problemsOf({ agents: { a: { credential: { env: 'OVOS_TEST_DUP_TOKEN' }, tools: ['*'] }, b: { credential: { sha256: sha('a-token-of-agent-a') }, tools: ['*'] } } })).toHaveLength(1);
      const scrypt = 'scrypt$16384$8$1$c2FsdA$aGFzaA';
      expect(problemsOf({ agents: { a: { credential: { scrypt }, tools: ['*'] }, b: { credential: { scrypt }, tools: ['*'] } } }).join()).toContain("'agents.b.credential': is the credential of agent \"a\" too");
      expect(problemsOf({ agents: { a: { credential: { sha256: sha('1') }, tools: ['*'] }, b: { credential: { sha256: sha('2') }, tools: ['*'] } } })).toEqual([]);
    } finally {
      delete process.env.OVOS_TEST_DUP_TOKEN;
    }
  });

  test('bus_agent_field "peer" is refused with why', () => {
    expect(problemsOf({ bus_agent_field: 'peer' })).toEqual([expect.stringMatching(/^provider config 'bus_agent_field': must not be "peer": HiveMind stamps context\.peer .* received "peer"$/)]);
    expect(problemsOf({ bus_agent_field: 'agent_id' })).toEqual([]);
  });
});
