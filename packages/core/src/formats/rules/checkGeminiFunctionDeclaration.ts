import { GEMINI_PARAMETER_NAME } from '../toGeminiFunctionDeclaration.js';
import { GEMINI_FORMATS } from '../toGeminiSchema.js';
import { isSchema, pointer } from '../schemaNodes.js';
import { GEMINI_TOOL_NAME } from '../vendorToolName.js';
import { Violations, type RuleViolation } from './RuleViolation.js';

/** The fields of a Gemini `Schema` (Gemini API reference, `Schema`), less the ones older models refuse (`default`, `title`, `example`, `propertyOrdering`). */
const FIELDS = new Set(['type', 'format', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required', 'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'anyOf', 'items']);
const TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT']);
const COUNTS = ['maxItems', 'minItems', 'minProperties', 'maxProperties', 'minLength', 'maxLength'];

/**
 * Checks a Gemini function declaration against the Gemini API's documented rules (API reference
 * `FunctionDeclaration` and `Schema`; the API's 400 texts quoted beside each check).
 */
export function checkGeminiFunctionDeclaration(definition: unknown): RuleViolation[] {
  const out = new Violations();
  const d = isSchema(definition) ? definition : {};
  // FunctionDeclaration.name: "Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes, with a maximum length of 64."
  if (typeof d.name !== 'string' || !GEMINI_TOOL_NAME.test(d.name)) out.add('gemini.name', '/name', `name ${JSON.stringify(d.name)} must start with a letter or "_" and use a-z, A-Z, 0-9, "_", ".", ":", "-" (at most 64)`);
  for (const k of Object.keys(d)) if (!['name', 'description', 'parameters', 'behavior', 'response'].includes(k)) out.add('gemini.keys', `/${k}`, `${k} is not a field of FunctionDeclaration`);
  if (!('parameters' in d)) return out.list;
  const p = d.parameters;
  // FunctionDeclaration.parameters: "Describes the parameters to this function in JSON Schema Object format" (type: OBJECT).
  if (!isSchema(p) || p.type !== 'OBJECT') {
    out.add('gemini.parameters.object', '/parameters', 'parameters must be a Schema of type OBJECT');
    return out.list;
  }
  // FunctionDeclaration.parameters: "Parameter names must start with a letter or an underscore and must only contain chars a-z, A-Z, 0-9, or underscores with a maximum length of 64."
  for (const name of Object.keys(isSchema(p.properties) ? p.properties : {})) {
    if (!GEMINI_PARAMETER_NAME.test(name)) out.add('gemini.parameter-name', pointer('/parameters/properties', name), `parameter name '${name}' must start with a letter or "_" and use a-z, A-Z, 0-9, "_" (at most 64)`);
  }
  checkSchema(p, '/parameters', out);
  return out.list;
}

function checkSchema(s: Record<string, unknown>, at: string, out: Violations): void {
  // Schema: "a select subset of an OpenAPI 3.0 schema object" — the API answers 400 "Unknown name" / "Cannot find field" otherwise ($ref, additionalProperties, oneOf, const, ...).
  for (const k of Object.keys(s)) if (!FIELDS.has(k)) out.add('gemini.schema.fields', pointer(at, k), `${k} is not a field of a Gemini Schema`);
  // Schema.type: an enum (Type) of STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT; a union is anyOf, null is nullable.
  if ('type' in s && (typeof s.type !== 'string' || !TYPES.has(s.type))) out.add('gemini.schema.type', pointer(at, 'type'), `type must be one of ${[...TYPES].join(', ')}, got ${JSON.stringify(s.type)}`);
  if (!('type' in s) && !('anyOf' in s)) out.add('gemini.schema.type', at, 'a schema needs a type (or anyOf)');
  // Schema.enum: "string[]" — enum values are strings.
  if ('enum' in s && (!Array.isArray(s.enum) || s.enum.some((v) => typeof v !== 'string'))) out.add('gemini.schema.enum', pointer(at, 'enum'), 'enum must be a list of strings');
  // Schema.format: "Supported formats: for NUMBER type: float, double; for INTEGER type: int32, int64; for STRING type: enum, date-time".
  if ('format' in s && !GEMINI_FORMATS[String(s.type)]?.includes(String(s.format))) out.add('gemini.schema.format', pointer(at, 'format'), `format ${JSON.stringify(s.format)} is not supported for ${String(s.type)}`);
  // Schema: counts are int64 (proto JSON: a string or an integer); nullable is a boolean.
  for (const k of COUNTS) if (k in s && !/^\d+$/.test(String(s[k]))) out.add('gemini.schema.fields', pointer(at, k), `${k} must be a non-negative integer`);
  if ('nullable' in s && typeof s.nullable !== 'boolean') out.add('gemini.schema.fields', pointer(at, 'nullable'), 'nullable must be a boolean');
  if (s.type === 'ARRAY' && !isSchema(s.items)) out.add('gemini.array-items', pointer(at, 'items'), 'an ARRAY needs items (the API answers "items: missing field")');
  if (s.type === 'OBJECT') {
    const props = isSchema(s.properties) ? s.properties : {};
    // The API answers 400 "properties: should be non-empty for OBJECT type".
    if (!Object.keys(props).length) out.add('gemini.object-properties', pointer(at, 'properties'), 'an OBJECT needs at least one property (the API answers "should be non-empty for OBJECT type")');
    // The API answers 400 "required[i]: property is not defined" for a required name without a property.
    const required = Array.isArray(s.required) ? s.required : [];
    required.forEach((r, i) => {
      if (typeof r !== 'string' || !Object.hasOwn(props, r)) out.add('gemini.required-declared', pointer(at, 'required', i), `required ${JSON.stringify(r)}: property is not defined`);
    });
    for (const [k, v] of Object.entries(props)) checkChild(v, pointer(at, 'properties', k), out);
  }
  if (isSchema(s.items)) checkSchema(s.items, pointer(at, 'items'), out);
  if (Array.isArray(s.anyOf)) s.anyOf.forEach((b, i) => checkChild(b, pointer(at, 'anyOf', i), out));
}

function checkChild(v: unknown, at: string, out: Violations): void {
  if (isSchema(v)) checkSchema(v, at, out);
  else out.add('gemini.schema.fields', at, 'a schema must be an object');
}
