import type { ToolJson } from '../wire/toolJson.js';

/** An OpenAI chat-completions tool definition. */
export interface OpenAITool {
  /** Always `function`. */
  type: 'function';
  /** The tool's name, description and JSON Schema `parameters`; `strict: true` asks for Structured Outputs. */
  function: { name: string; description: string; parameters: Record<string, unknown>; strict?: boolean };
}

/** A compact tool entry: `{name, description, parameters}` with schema titles stripped (wire spec §2.8). */
export interface CompactToolJson {
  /** The tool name. */
  name: string;
  /** The tool description. */
  description: string;
  /** The argument schema, with `title`s removed. */
  parameters: Record<string, unknown>;
}

const EMPTY_PARAMETERS = { type: 'object', properties: {} };

/**
 * OpenAI tool definitions for `tool_json_list` entries: `parameters` is the argument schema as is
 * (OVOS `ToolBox.tools_to_openai_spec`). Entries without a schema get an empty object schema.
 */
export function toolsToOpenaiSpec(tools: readonly Partial<ToolJson>[]): OpenAITool[] {
  return tools.map((t) => ({
    type: 'function',
    function: {
      name: String(t.name),
      description: t.description ?? '',
      parameters: t.argument_schema ?? { ...EMPTY_PARAMETERS },
    },
  }));
}

/**
 * The argument schema with its top-level `title` and `description` removed and `title` removed from each
 * property (OVOS `tool_json_list_compact`). Returns a copy; the input is untouched.
 */
export function compactSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { title: _title, description: _description, ...rest } = schema;
  const props = rest.properties as Record<string, Record<string, unknown>> | undefined;
  if (props && typeof props === 'object') {
    rest.properties = Object.fromEntries(
      Object.entries(props).map(([k, v]) => {
        if (v === null || typeof v !== 'object') return [k, v];
        const { title: _t, ...p } = v;
        return [k, p];
      }),
    );
  }
  return rest;
}

/** `{name, description, parameters}` entries with compact schemas (OVOS `tool_json_list_compact`). */
export function toCompactToolJson(tools: readonly ToolJson[]): CompactToolJson[] {
  return tools.map((t) => ({ name: t.name, description: t.description, parameters: compactSchema(t.argument_schema) }));
}

/** OpenAI tool definitions with compact schemas (OVOS `tool_openai_format`). */
export function toCompactOpenaiTools(tools: readonly ToolJson[]): OpenAITool[] {
  return toCompactToolJson(tools).map((t) => ({ type: 'function', function: t }));
}

/** Anything that can provide OpenAI tools: a toolbox (by its `openaiTools`), a definition, or a list of either. */
export type ToolsInput =
  | null
  | undefined
  | {
      /** A toolbox's tools in OpenAI format. */
      openaiTools: OpenAITool[];
    }
  | Record<string, unknown>
  | Iterable<unknown>;

/**
 * Flattens toolboxes and tool definitions into one list (OVOS `ToolBox.normalize_tools`): `null`/`undefined`
 * → `[]`; an object with `openaiTools` → those; another plain object → `[object]`; an iterable → each item
 * flattened one level (toolboxes expanded, anything else appended as is).
 */
export function normalizeTools(tools: ToolsInput): unknown[] {
  if (tools == null) return [];
  if (hasOpenaiTools(tools)) return [...tools.openaiTools];
  if (typeof tools === 'object' && !(Symbol.iterator in tools)) return [tools];
  const out: unknown[] = [];
  for (const item of tools as Iterable<unknown>) {
    if (hasOpenaiTools(item)) out.push(...item.openaiTools);
    else out.push(item);
  }
  return out;
}

function hasOpenaiTools(v: unknown): v is { openaiTools: OpenAITool[] } {
  return v !== null && typeof v === 'object' && Array.isArray((v as { openaiTools?: unknown }).openaiTools);
}
