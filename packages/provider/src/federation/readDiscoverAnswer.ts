import { checkPayload, OvosToolJson, PersonaDiscoverResponse, TOOL_NAME_PATTERN, type JsonObject, type ToolDescriptor } from '@ovos-tools/core';
import { previewValue } from '../service/previewValue.js';

/** What each key of an OVOS `tool_json_list` entry must be. */
const EXPECTED: Record<string, string> = { name: 'a string', description: 'a string', argument_schema: 'a JSON Schema object', output_schema: 'a JSON Schema object' };

/** One toolbox's `ovos.persona.tools.discover.response`, read: its tools as descriptors, and what had to be left out. */
export interface DiscoverAnswer {
  /** The toolbox id the answer names. */
  toolboxId: string;
  /** Its usable tools, as descriptors (tagged `remote`). */
  tools: ToolDescriptor[];
  /** Set by an ovos-tools provider answering for its own toolboxes (`data.tools_host`): not to be federated. */
  toolsHost?: string;
  /** Tools left out, e.g. `tools[1].argument_schema: expected object, received "x"`. */
  problems: string[];
}

/**
 * Reads a discover answer with core's payload schemas (`PersonaDiscoverResponse`, each tool an `OvosToolJson`):
 * `{tools: [{name, description, argument_schema, output_schema}], toolbox_id}` (OPM `ToolBox.handle_discover`).
 * A tool entry that does not match, or whose name is not a tool name (`TOOL_NAME_PATTERN`), is left out and named
 * in `problems`; the others are served. A toolbox id with `:` or `.` is refused (OVOS-TOOLS-1).
 * @returns the answer, or `undefined` when it names no usable toolbox id or has no `tools` list.
 */
export function readDiscoverAnswer(data: JsonObject | undefined): DiscoverAnswer | undefined {
  const payload = data ?? {};
  const mismatch = checkPayload(PersonaDiscoverResponse, payload);
  if (mismatch && (mismatch.field !== 'tools' || !Array.isArray(payload.tools))) return undefined;
  const toolboxId = payload.toolbox_id as string;
  if (!toolboxId || /[:.]/.test(toolboxId)) return undefined;
  const out: DiscoverAnswer = { toolboxId, tools: [], problems: [] };
  if (typeof payload.tools_host === 'string') out.toolsHost = payload.tools_host;
  (payload.tools as unknown[]).forEach((tool, i) => {
    const bad = checkPayload(OvosToolJson, tool);
    if (bad) return void out.problems.push(`tools[${i}]${bad.field ? `.${bad.field}` : ''}: expected ${EXPECTED[bad.field] ?? 'an object {name, description, argument_schema, output_schema}'}, received ${previewValue(bad.received)}`);
    const t = tool as { name: string; description: string; argument_schema: Record<string, unknown>; output_schema: Record<string, unknown> };
    if (!TOOL_NAME_PATTERN.test(t.name)) return void out.problems.push(`tools[${i}].name: ${JSON.stringify(t.name)} is not a tool name (letters, digits, _ and -, at most 64)`);
    out.tools.push({ name: t.name, description: t.description, argumentSchema: t.argument_schema, outputSchema: t.output_schema, tags: ['remote'] });
  });
  return out;
}
