import type { ToolDescriptor } from '../host/ToolboxHost.js';
import { cannotConvert, prepareParameters, vendorName } from './prepareParameters.js';
import { NoteList } from './schemaNodes.js';
import type { ToolConversion } from './ToolConversion.js';

/** An Anthropic Messages API tool (`tools[]` of `POST /v1/messages`): `{name, description, input_schema}`. */
export interface AnthropicTool {
  /** The tool name: `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string;
  /** What it does and when to use it. */
  description: string;
  /** The arguments as a JSON Schema 2020-12 object schema. */
  input_schema: { type: 'object'; [keyword: string]: unknown };
}

/**
 * One tool as an Anthropic tool: the argument schema in JSON Schema 2020-12 (Anthropic: "JSON schema is invalid. It
 * must match JSON Schema draft 2020-12"), with an object root and no `anyOf` / `oneOf` / `allOf` at its top level
 * ("input_schema does not support oneOf, allOf, or anyOf at the top level").
 */
export function toAnthropicTool(tool: ToolDescriptor): ToolConversion<AnthropicTool> {
  const notes = new NoteList();
  const name = vendorName(tool, 'anthropic', notes);
  const prepared = prepareParameters(tool, 'Anthropic', notes, true);
  if ('error' in prepared) return cannotConvert(tool, 'anthropic', name, prepared.error, notes);
  const definition: AnthropicTool = { name, description: tool.description, input_schema: prepared.schema as AnthropicTool['input_schema'] };
  return { ok: true, format: 'anthropic', name, definition, notes: notes.notes };
}
