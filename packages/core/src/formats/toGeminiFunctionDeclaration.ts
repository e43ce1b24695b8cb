import type { ToolDescriptor } from '../host/ToolboxHost.js';
import { ARGS, cannotConvert, prepareParameters, vendorName } from './prepareParameters.js';
import { NoteList, pointer } from './schemaNodes.js';
import type { ToolConversion } from './ToolConversion.js';
import { toGeminiSchema, type GeminiSchema } from './toGeminiSchema.js';

/**
 * A Gemini `FunctionDeclaration` (Gemini API `Tool.functionDeclarations[]`): name, description and `parameters` in
 * the OpenAPI 3.0 subset. A request sends them as `tools: [{functionDeclarations: [...]}]`.
 */
export interface GeminiFunctionDeclaration {
  /** The function name (a letter or `_` first; letters, digits, `_`, `.`, `:`, `-`; at most 64). */
  name: string;
  /** What it does and when to use it. */
  description: string;
  /** The arguments: an OBJECT schema; absent for a function without arguments. */
  parameters?: GeminiSchema & { type: 'OBJECT' };
}

/** Gemini parameter names: "must start with a letter or an underscore and must only contain chars a-z, A-Z, 0-9, or underscores with a maximum length of 64" (Gemini API `FunctionDeclaration.parameters`). */
export const GEMINI_PARAMETER_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/;

/**
 * One tool as a Gemini function declaration (see {@link toGeminiSchema} for the schema conversion). A tool whose
 * arguments have no properties gets no `parameters` (Gemini refuses an OBJECT without properties). A tool with a
 * parameter name Gemini does not take (e.g. `max-results`) cannot be converted: renaming it would change the
 * arguments the tool receives.
 */
export function toGeminiFunctionDeclaration(tool: ToolDescriptor): ToolConversion<GeminiFunctionDeclaration> {
  const notes = new NoteList();
  const name = vendorName(tool, 'gemini', notes);
  const prepared = prepareParameters(tool, 'Gemini', notes, false);
  if ('error' in prepared) return cannotConvert(tool, 'gemini', name, prepared.error, notes);
  const schema = prepared.schema;
  const props = Object.keys((schema.properties ?? {}) as object);
  const badName = props.find((p) => !GEMINI_PARAMETER_NAME.test(p));
  if (badName !== undefined) {
    return cannotConvert(tool, 'gemini', name, `parameter name '${badName}' is not one Gemini takes (a letter or "_" first, then letters, digits or "_", at most 64)`, notes);
  }
  const definition: GeminiFunctionDeclaration = { name, description: tool.description };
  if (!props.length) return { ok: true, format: 'gemini', name, definition, notes: notes.notes };
  const parameters = toGeminiSchema(schema, ARGS, schema, notes);
  if (!parameters || parameters.type !== 'OBJECT') {
    const required = Array.isArray(schema.required) ? schema.required : [];
    const lost = notes.notes.find((n) => n.action === 'narrowed' && required.some((r) => n.path === pointer(ARGS, 'properties', String(r))));
    return cannotConvert(tool, 'gemini', name, lost ? `required parameter at ${lost.path} cannot be expressed (${lost.what}: ${lost.why})` : 'its parameters cannot be expressed as a Gemini OBJECT schema', notes);
  }
  definition.parameters = parameters as GeminiFunctionDeclaration['parameters'];
  return { ok: true, format: 'gemini', name, definition, notes: notes.notes };
}
