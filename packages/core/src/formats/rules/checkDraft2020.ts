import { isSchema, pointer } from '../schemaNodes.js';
import type { Violations } from './RuleViolation.js';

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const SCHEMA = ['additionalProperties', 'items', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'];
const SCHEMA_LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAP = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const COUNT = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains'];
const NUMBER = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
const STRING = ['pattern', 'format', '$ref', '$id', '$anchor', '$comment', 'title', 'description', 'contentEncoding', 'contentMediaType'];

/**
 * The structural rules of the JSON Schema 2020-12 meta-schema for the keywords tools use (json-schema.org
 * draft/2020-12, the applicator and validation vocabularies): a schema is an object or a boolean; `items`,
 * `additionalProperties`, `not`, … hold one schema; `allOf`/`anyOf`/`oneOf`/`prefixItems` non-empty lists of schemas;
 * `properties`, `$defs`, … maps of schemas; `type` one of the seven type names or a list of unique ones; `required`
 * a list of unique strings; counts non-negative integers; bounds numbers; `multipleOf` > 0; `enum` a list. A
 * draft-07 tuple (`items: [...]`) or a draft-04 boolean `exclusiveMinimum` breaks these rules.
 */
export function checkDraft2020(schema: unknown, path: string, rule: string, out: Violations): void {
  if (typeof schema === 'boolean') return;
  if (!isSchema(schema)) {
    out.add(rule, path, `a schema must be an object or a boolean, got ${JSON.stringify(schema)}`);
    return;
  }
  const s = schema;
  if ('type' in s) {
    const t = s.type;
    const list = Array.isArray(t) ? t : [t];
    if (!list.length || list.some((x) => typeof x !== 'string' || !TYPES.has(x)) || new Set(list).size !== list.length) {
      out.add(rule, pointer(path, 'type'), `type must be one of ${[...TYPES].join(', ')} or a list of unique ones, got ${JSON.stringify(t)}`);
    }
  }
  for (const k of SCHEMA) if (k in s) checkDraft2020(s[k], pointer(path, k), rule, out);
  for (const k of SCHEMA_LIST) {
    if (!(k in s)) continue;
    const v = s[k];
    if (!Array.isArray(v) || !v.length) out.add(rule, pointer(path, k), `${k} must be a non-empty list of schemas`);
    else v.forEach((c, i) => checkDraft2020(c, pointer(path, k, i), rule, out));
  }
  for (const k of SCHEMA_MAP) {
    if (!(k in s)) continue;
    const v = s[k];
    if (!isSchema(v)) out.add(rule, pointer(path, k), `${k} must be an object of schemas`);
    else for (const [name, c] of Object.entries(v)) checkDraft2020(c, pointer(path, k, name), rule, out);
  }
  if ('required' in s) {
    const r = s.required;
    if (!Array.isArray(r) || r.some((x) => typeof x !== 'string') || new Set(r).size !== r.length) out.add(rule, pointer(path, 'required'), 'required must be a list of unique strings');
  }
  for (const k of COUNT) if (k in s && !(Number.isInteger(s[k]) && (s[k] as number) >= 0)) out.add(rule, pointer(path, k), `${k} must be a non-negative integer, got ${JSON.stringify(s[k])}`);
  for (const k of NUMBER) if (k in s && typeof s[k] !== 'number') out.add(rule, pointer(path, k), `${k} must be a number, got ${JSON.stringify(s[k])}`);
  if ('multipleOf' in s && !(typeof s.multipleOf === 'number' && s.multipleOf > 0)) out.add(rule, pointer(path, 'multipleOf'), 'multipleOf must be a number greater than 0');
  for (const k of STRING) if (k in s && typeof s[k] !== 'string') out.add(rule, pointer(path, k), `${k} must be a string`);
  if ('enum' in s && !Array.isArray(s.enum)) out.add(rule, pointer(path, 'enum'), 'enum must be a list');
  if ('uniqueItems' in s && typeof s.uniqueItems !== 'boolean') out.add(rule, pointer(path, 'uniqueItems'), 'uniqueItems must be a boolean');
  if ('dependentRequired' in s) {
    const d = s.dependentRequired;
    if (!isSchema(d) || Object.values(d).some((v) => !Array.isArray(v) || v.some((x) => typeof x !== 'string'))) out.add(rule, pointer(path, 'dependentRequired'), 'dependentRequired must map names to lists of strings');
  }
}
