import { isSchema } from '../schemaNodes.js';
import { DRAFT_2020 } from '../toDraft2020.js';
import { checkDraft2020 } from './checkDraft2020.js';
import { Violations, type RuleViolation } from './RuleViolation.js';

const NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];

/** Checks an MCP `Tool` against the MCP specification (2025-11-25, "Tools": `Tool`, tool names, JSON Schema usage). */
export function checkMcpTool(definition: unknown): RuleViolation[] {
  const out = new Violations();
  const d = isSchema(definition) ? definition : {};
  // Tool names: "SHOULD be between 1 and 128 characters", "allowed characters: A-Z, a-z, 0-9, underscore, hyphen, dot".
  if (typeof d.name !== 'string' || !NAME.test(d.name)) out.add('mcp.name', '/name', `name ${JSON.stringify(d.name)} must be 1-128 of A-Z, a-z, 0-9, "_", "-", "."`);
  for (const k of ['title', 'description'] as const) if (k in d && typeof d[k] !== 'string') out.add('mcp.tool', `/${k}`, `${k} must be a string`);
  // Tool.inputSchema: { type: "object"; properties?; required? } — "MUST be a valid JSON Schema object (not null)".
  if (!isSchema(d.inputSchema) || d.inputSchema.type !== 'object') out.add('mcp.input-schema', '/inputSchema', 'inputSchema must be a JSON Schema object with type "object"');
  // Tool.outputSchema: optional, { type: "object"; ... }.
  if ('outputSchema' in d && (!isSchema(d.outputSchema) || d.outputSchema.type !== 'object')) out.add('mcp.output-schema', '/outputSchema', 'outputSchema must be a JSON Schema object with type "object"');
  // JSON Schema usage: "Schemas without an explicit $schema field MUST be treated as JSON Schema 2020-12".
  for (const k of ['inputSchema', 'outputSchema'] as const) {
    const s = d[k];
    if (isSchema(s) && (s.$schema === undefined || (typeof s.$schema === 'string' && DRAFT_2020.test(s.$schema)))) checkDraft2020(s, `/${k}`, 'mcp.json-schema', out);
  }
  // ToolAnnotations: title string, the four hints booleans.
  if ('annotations' in d) {
    const a = d.annotations;
    if (!isSchema(a)) out.add('mcp.annotations', '/annotations', 'annotations must be an object');
    else {
      for (const h of HINTS) if (h in a && typeof a[h] !== 'boolean') out.add('mcp.annotations', `/annotations/${h}`, `${h} must be a boolean`);
      if ('title' in a && typeof a.title !== 'string') out.add('mcp.annotations', '/annotations/title', 'title must be a string');
    }
  }
  return out.list;
}
