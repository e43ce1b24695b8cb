import type { ToolDescriptor } from '../host/ToolboxHost.js';
import type { OpenAITool } from '../toolbox/openaiFormat.js';
import { ARGS, cannotConvert, prepareParameters, vendorName } from './prepareParameters.js';
import { forEachSubschema, isSchema, NoteList, typesOf, type JsonSchema } from './schemaNodes.js';
import type { ToolConversion } from './ToolConversion.js';

/**
 * One tool as an OpenAI chat-completions function tool, non-strict: `{type: "function", function: {name, description,
 * parameters}}`. The parameters are the argument schema in JSON Schema 2020-12 with an object root; an array schema
 * without `items` gets `items: {}` (OpenAI answers 400 "array schema missing items" otherwise; `{}` means the same).
 */
export function toOpenaiTool(tool: ToolDescriptor): ToolConversion<OpenAITool> {
  const notes = new NoteList();
  const name = vendorName(tool, 'openai', notes);
  const prepared = prepareParameters(tool, 'OpenAI', notes, true);
  if ('error' in prepared) return cannotConvert(tool, 'openai', name, prepared.error, notes);
  addMissingItems(prepared.schema, ARGS, notes);
  return { ok: true, format: 'openai', name, definition: { type: 'function', function: { name, description: tool.description, parameters: prepared.schema } }, notes: notes.notes };
}

function addMissingItems(node: unknown, at: string, notes: NoteList): void {
  if (!isSchema(node)) return;
  if (typesOf(node).includes('array') && !('items' in node) && !('prefixItems' in node)) {
    (node as JsonSchema).items = {};
    notes.add(`${at}/items`, 'rewritten', 'an array without items', 'OpenAI refuses an array schema without items ("array schema missing items"); items: {} allows the same values');
  }
  forEachSubschema(node, at, (child, p) => addMissingItems(child, p, notes));
}
