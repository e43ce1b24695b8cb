import { forEachSubschema, isSchema, type JsonSchema } from '../schemaNodes.js';

/** Calls `visit` for `schema` and every schema object under it, with its JSON Pointer and depth (the root is 0). */
export function walkSchemas(schema: unknown, path: string, visit: (node: JsonSchema, path: string, depth: number) => void, depth = 0): void {
  if (!isSchema(schema) || depth > 256) return;
  visit(schema, path, depth);
  forEachSubschema(schema, path, (child, p) => walkSchemas(child, p, visit, depth + 1));
}
