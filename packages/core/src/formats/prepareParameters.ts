import type { ToolDescriptor } from '../host/ToolboxHost.js';
import { plainSchema } from '../wire/toolJson.js';
import { shapeRootObject } from './rootObject.js';
import type { JsonSchema, NoteList } from './schemaNodes.js';
import { DRAFT_2020, toDraft2020 } from './toDraft2020.js';
import type { ToolConversion } from './ToolConversion.js';
import type { ToolFormat } from './ToolFormat.js';
import { vendorToolName } from './vendorToolName.js';

/** Where argument-schema notes point. */
export const ARGS = '/argument_schema';

const VENDOR_RULE: Record<string, string> = {
  mcp: 'MCP tool names are 1-128 of A-Z, a-z, 0-9, "_", "-", "."',
  openai: 'OpenAI function names are 1-64 of a-z, A-Z, 0-9, "_" and "-"',
  'openai-strict': 'OpenAI function names are 1-64 of a-z, A-Z, 0-9, "_" and "-"',
  anthropic: 'Anthropic tool names match ^[a-zA-Z0-9_-]{1,64}$',
  gemini: 'Gemini function names start with a letter or "_" and use a-z, A-Z, 0-9, "_", ".", ":", "-" (at most 64)',
};

/** The vendor name of `tool` in `format`, with a `renamed` note when it differs from the tool name. */
export function vendorName(tool: ToolDescriptor, format: ToolFormat, notes: NoteList): string {
  const name = vendorToolName(tool.name, format);
  if (name !== tool.name) notes.add('/name', 'renamed', `${tool.name} → ${name}`, `${VENDOR_RULE[format]}; the provider accepts the mapped name on invoke`);
  return name;
}

/**
 * The tool's argument schema as function parameters: a plain copy, in JSON Schema 2020-12 when `draft2020` (see
 * {@link toDraft2020}; a `$schema` naming another draft is then removed), shaped to an object root ({@link shapeRootObject}).
 * @returns the schema, or an error text when its root cannot be an object.
 */
export function prepareParameters(tool: ToolDescriptor, vendor: string, notes: NoteList, draft2020: boolean): { schema: JsonSchema } | { error: string } {
  const schema = plainSchema(tool.argumentSchema);
  if (draft2020) {
    toDraft2020(schema, ARGS, notes);
    if (typeof schema.$schema === 'string' && !DRAFT_2020.test(schema.$schema)) {
      notes.add(`${ARGS}/$schema`, 'rewritten', `$schema: ${JSON.stringify(schema.$schema)}`, `${vendor} reads parameters as JSON Schema 2020-12, which this schema is valid in; naming another draft would only confuse a validator`);
      delete schema.$schema;
    }
  }
  const error = shapeRootObject(schema, ARGS, notes, vendor);
  return error === undefined ? { schema } : { error };
}

/** A failed {@link ToolConversion} for `tool`: `tool '<name>' cannot be offered as <format>: <why>`. */
export function cannotConvert(tool: ToolDescriptor, format: ToolFormat, name: string, why: string, notes: NoteList): ToolConversion<never> {
  return { ok: false, format, name, error: `tool '${tool.name}' cannot be offered as ${format}: ${why}`, notes: notes.notes };
}
