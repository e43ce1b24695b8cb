import type { ToolExample } from '../tool/AgentTool.js';
import type { ConfirmationTemplate } from '../tool/ConfirmationTemplate.js';

/**
 * The structural view of a tool that the wire builders read. An `AgentTool` from any copy of this
 * package fits, so the provider can describe toolboxes that bundle their own core.
 */
export interface ToolLike {
  /** The tool name (unique within its toolbox). */
  name: string;
  /** What it does and when to use it, for the model. */
  description: string;
  /** JSON Schema of the arguments (TypeBox or plain). */
  argumentSchema: object;
  /** JSON Schema of the result. */
  outputSchema: object;
  /** One line for catalog listings. */
  summary?: string;
  /** Tags for filtering. */
  tags?: readonly string[];
  /** Example calls with expected results. */
  examples?: readonly ToolExample[];
  /** Does not modify its environment (MCP `readOnlyHint`). */
  readOnly?: boolean;
  /** May perform destructive updates (MCP `destructiveHint`). */
  destructive?: boolean;
  /** Repeating a call with the same arguments has no further effect (MCP `idempotentHint`). */
  idempotent?: boolean;
  /** Reaches outside systems, e.g. the web (MCP `openWorldHint`). */
  openWorld?: boolean;
  /** How it fails, for the model, e.g. `refuses paths outside the root`. */
  errorModes?: string;
  /** The tool's own time limit in ms (the provider config may override it). */
  timeoutMs?: number;
  /** The question asked before it runs when the provider's policy wants confirmation, with argument placeholders. */
  confirmation?: ConfirmationTemplate;
}

/** One `tool_json_list` entry: exactly `{name, description, argument_schema, output_schema}` (wire spec §2.7). */
export interface ToolJson {
  /** The tool name. */
  name: string;
  /** The tool description. */
  description: string;
  /** JSON Schema of the arguments, plain JSON (no TypeBox symbols). */
  argument_schema: Record<string, unknown>;
  /** JSON Schema of the result, plain JSON. */
  output_schema: Record<string, unknown>;
}

/** The light catalog entry of `ovos.tools.list {"summary": true}` (seed 004 `ToolSummary`). */
export interface ToolSummaryJson {
  /** The tool name. */
  name: string;
  /** One line about it. */
  summary: string;
  /** Its tags (`[]` when none). */
  tags: string[];
  /** The toolbox serving it. */
  toolbox_id: string;
}

/** MCP-style behaviour hints, snake_case on the wire; only the ones a tool declares are present. */
export interface ToolAnnotationsJson {
  /** MCP `readOnlyHint`. */
  read_only?: boolean;
  /** MCP `destructiveHint`. */
  destructive?: boolean;
  /** MCP `idempotentHint`. */
  idempotent?: boolean;
  /** MCP `openWorldHint`. */
  open_world?: boolean;
}

/** The full spec of `ovos.tools.get`: the OVOS keys first, then catalog metadata. */
export interface ToolSpecJson extends ToolJson {
  /** The toolbox serving it. */
  toolbox_id: string;
  /** One line about it. */
  summary: string;
  /** Its tags. */
  tags: string[];
  /** Example calls with expected results (`[]` when none). */
  examples: ToolExample[];
  /** The behaviour hints it declares (`{}` when none). */
  annotations: ToolAnnotationsJson;
  /** How it fails, when the tool says. */
  error_modes?: string;
  /** Its own time limit in ms, when it has one. */
  timeout_ms?: number;
  /** Its confirmation question template (one text, or texts by language), when it has one. */
  confirmation?: ConfirmationTemplate;
}

const plainCache = new WeakMap<object, string>();

/**
 * The schema as plain JSON (TypeBox's non-enumerable markers dropped). The JSON text is computed once per
 * schema object; every call returns a fresh copy, so callers may change what they get without touching the
 * tool or later listings (OVOS recomputes `model_json_schema()` on each access).
 */
export function plainSchema(schema: object): Record<string, unknown> {
  let text = plainCache.get(schema);
  if (text === undefined) {
    text = JSON.stringify(schema);
    plainCache.set(schema, text);
  }
  return JSON.parse(text) as Record<string, unknown>;
}

/** `{name, description, argument_schema, output_schema}` for one tool. */
export function toolJson(tool: ToolLike): ToolJson {
  return {
    name: tool.name,
    description: tool.description,
    argument_schema: plainSchema(tool.argumentSchema),
    output_schema: plainSchema(tool.outputSchema),
  };
}

/** The light catalog entry for one tool of `toolboxId`. */
export function toolSummaryJson(tool: ToolLike, toolboxId: string): ToolSummaryJson {
  return { name: tool.name, summary: tool.summary ?? tool.description, tags: [...(tool.tags ?? [])], toolbox_id: toolboxId };
}

/** The full spec for one tool of `toolboxId`. */
export function toolSpecJson(tool: ToolLike, toolboxId: string): ToolSpecJson {
  const annotations: ToolAnnotationsJson = {};
  if (tool.readOnly !== undefined) annotations.read_only = tool.readOnly;
  if (tool.destructive !== undefined) annotations.destructive = tool.destructive;
  if (tool.idempotent !== undefined) annotations.idempotent = tool.idempotent;
  if (tool.openWorld !== undefined) annotations.open_world = tool.openWorld;
  const spec: ToolSpecJson = {
    ...toolJson(tool),
    toolbox_id: toolboxId,
    summary: tool.summary ?? tool.description,
    tags: [...(tool.tags ?? [])],
    examples: [...(tool.examples ?? [])],
    annotations,
  };
  if (tool.errorModes !== undefined) spec.error_modes = tool.errorModes;
  if (tool.timeoutMs !== undefined) spec.timeout_ms = tool.timeoutMs;
  if (tool.confirmation !== undefined) spec.confirmation = typeof tool.confirmation === 'string' ? tool.confirmation : { ...tool.confirmation };
  return spec;
}
