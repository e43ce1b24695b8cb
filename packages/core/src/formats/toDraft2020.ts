import { forEachSubschema, isSchema, type JsonSchema, type NoteList } from './schemaNodes.js';

/** A `$schema` naming JSON Schema 2020-12. */
export const DRAFT_2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;
const WHY = 'JSON Schema 2020-12 (the dialect MCP, Anthropic and OpenAI read schemas in) spells it this way';

/**
 * Rewrites, in place, the draft-07 (and draft-04) constructs that mean something else or are invalid in JSON Schema
 * 2020-12, losslessly: a tuple `items: [a, b]` becomes `prefixItems` (its `additionalItems` becomes `items`),
 * `dependencies` splits into `dependentRequired` / `dependentSchemas`, and a boolean `exclusiveMinimum` /
 * `exclusiveMaximum` becomes the number form. TypeBox writes tuples the draft-07 way. When something was rewritten, a
 * root `$schema` naming another draft is removed, since the schema is no longer in that dialect.
 * @returns true when anything changed.
 */
export function toDraft2020(schema: JsonSchema, path: string, notes: NoteList): boolean {
  let changed = false;
  const visit = (node: unknown, at: string): void => {
    if (!isSchema(node)) return;
    if (Array.isArray(node.items)) {
      node.prefixItems = node.items;
      delete node.items;
      if ('additionalItems' in node) {
        node.items = node.additionalItems;
        delete node.additionalItems;
      }
      notes.add(`${at}/items`, 'rewritten', 'items: [...] (a draft-07 tuple)', `${WHY}: prefixItems, with items for what follows`);
      changed = true;
    } else if ('additionalItems' in node) {
      delete node.additionalItems; // ignored without a tuple, in draft-07 too
      notes.add(`${at}/additionalItems`, 'rewritten', 'additionalItems without a tuple (no effect)', WHY);
      changed = true;
    }
    if (isSchema(node.dependencies)) {
      const required: Record<string, unknown> = {};
      const schemas: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(node.dependencies)) (Array.isArray(v) ? required : schemas)[k] = v;
      if (Object.keys(required).length) node.dependentRequired = required;
      if (Object.keys(schemas).length) node.dependentSchemas = schemas;
      delete node.dependencies;
      notes.add(`${at}/dependencies`, 'rewritten', 'dependencies', `${WHY}: dependentRequired and dependentSchemas`);
      changed = true;
    }
    for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
      if (typeof node[flag] !== 'boolean') continue;
      if (node[flag] === true && typeof node[bound] === 'number') {
        node[flag] = node[bound];
        delete node[bound];
      } else delete node[flag];
      notes.add(`${at}/${flag}`, 'rewritten', `${flag}: boolean (draft-04)`, `${WHY}: ${flag} is a number`);
      changed = true;
    }
    forEachSubschema(node, at, (child, childPath) => visit(child, childPath));
  };
  visit(schema, path);
  if (changed && typeof schema.$schema === 'string' && !DRAFT_2020.test(schema.$schema)) {
    notes.add(`${path}/$schema`, 'rewritten', `$schema: ${JSON.stringify(schema.$schema)}`, 'the schema was rewritten to JSON Schema 2020-12, so it no longer names another draft');
    delete schema.$schema;
  }
  return changed;
}
