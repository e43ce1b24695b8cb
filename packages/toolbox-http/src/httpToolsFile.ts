import { parse as parseYaml } from 'yaml';

/**
 * One tool of the file, in the seed's (toolcore `config.yaml`) format. `executor` must be `http`;
 * `allow_private` and `tags` are our additions.
 */
export interface HttpToolSpec {
  /** The tool name agents call (`tool_id`), e.g. `projects.list`. */
  id: string;
  /** Human-readable title, e.g. `List Projects`. */
  name: string;
  /** What it does, for the model. */
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  input_schema: Record<string, unknown>;
  /** JSON Schema the service's answer must satisfy; `{}` (anything) when absent. */
  output_schema: Record<string, unknown>;
  /** Always `http` (the only executor this host runs). */
  executor: 'http';
  /** The URL the arguments are POSTed to as `{"args": …, "context": …}`. */
  target: string;
  /** Only these agents may see and call the tool; `null`/absent: every agent. */
  allowed_agents: string[] | null;
  /** Seconds; default 30. */
  timeout: number;
  /** Default true; disabled tools are not served. */
  enabled: boolean;
  /** Allow `target` to be a private/loopback address (explicit per tool); default false. */
  allow_private: boolean;
  /** Tags for filtering. */
  tags: string[];
}

const TOOL_KEYS = new Set(['id', 'name', 'description', 'input_schema', 'output_schema', 'executor', 'target', 'allowed_agents', 'timeout', 'enabled', 'allow_private', 'tags']);
const TOOL_NAME = /^[A-Za-z0-9_.:-]{1,128}$/;

/**
 * Parses the tools file (YAML, or JSON, which is YAML): `{tools: [...]}` or a bare list. Every problem names the
 * tool and key (`tools[2] "my.tool".timeout: expected a positive number of seconds`); a tool with a problem is
 * left out, the others are kept.
 */
export function parseHttpToolsFile(text: string): { tools: HttpToolSpec[]; problems: string[] } {
  const problems: string[] = [];
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (err) {
    return { tools: [], problems: [`not valid YAML/JSON: ${(err as Error).message.split('\n')[0]}`] };
  }
  const list = Array.isArray(doc) ? doc : doc && typeof doc === 'object' ? (doc as { tools?: unknown }).tools : undefined;
  if (!Array.isArray(list)) return { tools: [], problems: ['expected {"tools": [ … ]} or a list of tools'] };
  const tools: HttpToolSpec[] = [];
  const seen = new Set<string>();
  list.forEach((raw, i) => {
    const t = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
    const where = `tools[${i}]${typeof t.id === 'string' ? ` "${t.id}"` : ''}`;
    const before = problems.length;
    const bad = (key: string, what: string) => problems.push(`${where}.${key}: ${what}`);
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      problems.push(`${where}: expected an object`);
      return;
    }
    for (const key of Object.keys(t)) if (!TOOL_KEYS.has(key)) bad(key, 'unknown key');
    if (typeof t.id !== 'string' || !TOOL_NAME.test(t.id)) bad('id', 'expected a name of letters, digits and _ . : - (at most 128)');
    else if (seen.has(t.id)) bad('id', 'declared twice');
    if (t.name !== undefined && typeof t.name !== 'string') bad('name', 'expected a string');
    if (typeof t.description !== 'string' || !t.description) bad('description', 'expected a non-empty string');
    const isObj = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
    if (!isObj(t.input_schema) || (t.input_schema as { type?: unknown }).type !== 'object') bad('input_schema', 'expected a JSON Schema with type: object');
    if (t.output_schema !== undefined && !isObj(t.output_schema)) bad('output_schema', 'expected a JSON Schema object');
    if (t.executor !== 'http') bad('executor', `only "http" is supported, received ${JSON.stringify(t.executor)}`);
    let target: URL | undefined;
    try {
      target = new URL(String(t.target));
    } catch {
      /* below */
    }
    if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) bad('target', 'expected an http(s) URL');
    if (t.allowed_agents != null && !(Array.isArray(t.allowed_agents) && t.allowed_agents.every((a) => typeof a === 'string'))) {
      bad('allowed_agents', 'expected a list of agent ids, or null for every agent');
    }
    if (t.timeout !== undefined && !(typeof t.timeout === 'number' && t.timeout > 0 && t.timeout <= 3600)) bad('timeout', 'expected a positive number of seconds (at most 3600)');
    for (const key of ['enabled', 'allow_private'] as const) if (t[key] !== undefined && typeof t[key] !== 'boolean') bad(key, 'expected true or false');
    if (t.tags !== undefined && !(Array.isArray(t.tags) && t.tags.every((x) => typeof x === 'string'))) bad('tags', 'expected a list of strings');
    if (problems.length > before) return;
    seen.add(t.id as string);
    tools.push({
      id: t.id as string,
      name: (t.name as string | undefined) ?? (t.id as string),
      description: t.description as string,
      input_schema: t.input_schema as Record<string, unknown>,
      output_schema: (t.output_schema as Record<string, unknown> | undefined) ?? {},
      executor: 'http',
      target: target!.href,
      allowed_agents: (t.allowed_agents as string[] | null | undefined) ?? null,
      timeout: (t.timeout as number | undefined) ?? 30,
      enabled: t.enabled !== false,
      allow_private: t.allow_private === true,
      tags: (t.tags as string[] | undefined) ?? [],
    });
  });
  return { tools, problems };
}
