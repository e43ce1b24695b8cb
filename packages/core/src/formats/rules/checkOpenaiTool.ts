import { OPENAI_STRICT_FORMATS, OPENAI_STRICT_KEYWORDS } from '../toOpenaiStrictTool.js';
import { OPENAI_TOOL_NAME } from '../vendorToolName.js';
import { isObjectSchema, isSchema, pointer, typesOf } from '../schemaNodes.js';
import { checkDraft2020 } from './checkDraft2020.js';
import { Violations, type RuleViolation } from './RuleViolation.js';
import { walkSchemas } from './walkSchemas.js';

const P = '/function/parameters';

/**
 * Checks an OpenAI chat-completions function tool against OpenAI's documented rules (API reference "Create chat
 * completion", `tools[]`; guide "Function calling"; guide "Structured Outputs", "Supported schemas"). With
 * `strict: true` in the definition, the Structured Outputs rules apply too.
 */
export function checkOpenaiTool(definition: unknown): RuleViolation[] {
  const out = new Violations();
  const d = isSchema(definition) ? definition : {};
  // API reference, tools[].type: "The type of the tool. Currently, only function is supported."
  if (d.type !== 'function' || !isSchema(d.function)) {
    out.add('openai.type', '', 'a tool is {type: "function", function: {...}}');
    return out.list;
  }
  const f = d.function;
  // API reference, function.name: "Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64."
  if (typeof f.name !== 'string' || !OPENAI_TOOL_NAME.test(f.name)) out.add('openai.name', '/function/name', `name ${JSON.stringify(f.name)} must be 1-64 of a-z, A-Z, 0-9, "_" and "-"`);
  // API reference, function.description: "A description of what the function does" (a string).
  if ('description' in f && typeof f.description !== 'string') out.add('openai.description', '/function/description', 'description must be a string');
  const params = f.parameters;
  // Function calling guide: parameters are "defined by a JSON schema"; the API answers 400 "schema must be a JSON Schema of 'type: "object"'" otherwise.
  if (!isSchema(params) || params.type !== 'object') {
    out.add('openai.parameters.object', P, `parameters must be a JSON Schema of type "object", got ${JSON.stringify(isSchema(params) ? params.type : params)}`);
    return out.list;
  }
  // The API validates parameters as JSON Schema (400 "... is not of type 'object', 'boolean'" for a draft-07 tuple).
  checkDraft2020(params, P, 'openai.json-schema', out);
  // The API answers 400 "In context=(...), array schema missing items" for an array schema without items.
  walkSchemas(params, P, (node, at) => {
    if (typesOf(node).includes('array') && !('items' in node) && !('prefixItems' in node)) out.add('openai.array-items', at, 'array schema missing items');
  });
  if (f.strict === true) checkStrict(params, out);
  else if ('strict' in f && typeof f.strict !== 'boolean') out.add('openai.strict', '/function/strict', 'strict must be a boolean');
  return out.list;
}

/** The Structured Outputs rules ("Supported schemas" in the Structured Outputs guide). */
function checkStrict(params: Record<string, unknown>, out: Violations): void {
  // "Root objects must not be anyOf and must be an object".
  if ('anyOf' in params) out.add('openai-strict.root', pointer(P, 'anyOf'), 'the root must be an object, not anyOf');
  let properties = 0;
  let enumValues = 0;
  let stringLength = 0;
  walkSchemas(params, P, (node, at) => {
    // "Supported types": string, number, boolean, integer, object, array, enum, anyOf; "Supported properties": pattern,
    // format, multipleOf, maximum, exclusiveMaximum, minimum, exclusiveMinimum, minItems, maxItems; $defs and $ref.
    for (const k of Object.keys(node)) {
      if (!OPENAI_STRICT_KEYWORDS.has(k)) out.add('openai-strict.keywords', pointer(at, k), `${k} is not supported in strict mode`);
    }
    // "Supported string formats": date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid.
    if ('format' in node && !OPENAI_STRICT_FORMATS.has(String(node.format))) out.add('openai-strict.format', pointer(at, 'format'), `format ${JSON.stringify(node.format)} is not supported in strict mode`);
    // Every schema needs a type (or anyOf, $ref, enum, const): the API answers "schema must have a 'type' key".
    if (!['type', 'anyOf', '$ref', 'enum', 'const'].some((k) => k in node)) {
      out.add('openai-strict.typed', at, 'every schema needs a type (or anyOf, $ref, enum or const)');
    }
    if (isObjectSchema(node)) {
      // "additionalProperties: false must always be set in objects".
      if (node.additionalProperties !== false) out.add('openai-strict.additional-properties', pointer(at, 'additionalProperties'), 'objects must set additionalProperties: false');
      // "All fields must be required" (optional ones as a union with null).
      const props = isSchema(node.properties) ? Object.keys(node.properties) : [];
      const required = Array.isArray(node.required) ? node.required : [];
      for (const p of props) if (!required.includes(p)) out.add('openai-strict.required', pointer(at, 'properties', p), `property '${p}' must be listed in required`);
      properties += props.length;
      stringLength += props.reduce((n, p) => n + p.length, 0);
      // "A schema may have up to 10 levels of nesting" (object levels).
      const objectDepth = at.split('/properties/').length - 1;
      if (objectDepth > 10) out.add('openai-strict.limits.depth', at, `objects nest ${objectDepth} levels deep; at most 10`);
    }
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      const strings = node.enum.filter((v): v is string => typeof v === 'string');
      const total = strings.reduce((n, v) => n + v.length, 0);
      stringLength += total;
      // "For a single enum property with string values, the total string length of all enum values cannot exceed 15,000 characters when there are more than 250 enum values."
      if (strings.length > 250 && total > 15_000) out.add('openai-strict.limits.enum', pointer(at, 'enum'), `an enum of ${strings.length} strings totalling ${total} characters; at most 15000 above 250 values`);
    }
    if (typeof node.const === 'string') stringLength += node.const.length;
  });
  for (const defs of ['$defs', 'definitions']) if (isSchema(params[defs])) stringLength += Object.keys(params[defs] as object).reduce((n, k) => n + k.length, 0);
  // "A schema may have up to 5000 object properties total".
  if (properties > 5000) out.add('openai-strict.limits.properties', P, `${properties} object properties; at most 5000`);
  // "A schema may have up to 1000 enum values across all enum properties".
  if (enumValues > 1000) out.add('openai-strict.limits.enum', P, `${enumValues} enum values; at most 1000`);
  // "The total string length of all property names, definition names, enum values, and const values cannot exceed 120,000 characters".
  if (stringLength > 120_000) out.add('openai-strict.limits.strings', P, `${stringLength} characters of names and values; at most 120000`);
}
