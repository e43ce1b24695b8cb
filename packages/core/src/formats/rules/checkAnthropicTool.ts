import { isSchema } from '../schemaNodes.js';
import { ANTHROPIC_TOOL_NAME } from '../vendorToolName.js';
import { checkDraft2020 } from './checkDraft2020.js';
import { Violations, type RuleViolation } from './RuleViolation.js';

const KEYS = new Set(['name', 'description', 'input_schema', 'cache_control', 'type', 'strict', 'input_examples', 'defer_loading', 'allowed_callers', 'eager_input_streaming']);

/**
 * Checks an Anthropic tool against the Messages API's documented rules (API reference "Messages", `tools[]`; guide
 * "Tool use with Claude", "Specifying client tools"; the API's 400 texts quoted beside each check).
 */
export function checkAnthropicTool(definition: unknown): RuleViolation[] {
  const out = new Violations();
  const d = isSchema(definition) ? definition : {};
  // API reference, tools[].name: "Must match the regex ^[a-zA-Z0-9_-]{1,64}$."
  if (typeof d.name !== 'string' || !ANTHROPIC_TOOL_NAME.test(d.name)) out.add('anthropic.name', '/name', `name ${JSON.stringify(d.name)} must match ^[a-zA-Z0-9_-]{1,64}$`);
  // The API answers 400 "Extra inputs are not permitted" for keys a custom tool does not have.
  for (const k of Object.keys(d)) if (!KEYS.has(k)) out.add('anthropic.keys', `/${k}`, `${k} is not a key of an Anthropic tool (extra inputs are not permitted)`);
  if ('description' in d && typeof d.description !== 'string') out.add('anthropic.keys', '/description', 'description must be a string');
  const schema = d.input_schema;
  // API reference, input_schema: "JSON schema for this tool's input", with type: "object" (required).
  if (!isSchema(schema) || schema.type !== 'object') {
    out.add('anthropic.input-schema.object', '/input_schema', `input_schema must be a JSON Schema with type "object", got ${JSON.stringify(isSchema(schema) ? schema.type : schema)}`);
    return out.list;
  }
  // The API answers 400 "input_schema does not support oneOf, allOf, or anyOf at the top level".
  for (const k of ['oneOf', 'allOf', 'anyOf']) if (k in schema) out.add('anthropic.input-schema.top-level', `/input_schema/${k}`, 'input_schema does not support oneOf, allOf, or anyOf at the top level');
  // The API answers 400 "JSON schema is invalid. It must match JSON Schema draft 2020-12".
  checkDraft2020(schema, '/input_schema', 'anthropic.json-schema', out);
  return out.list;
}
