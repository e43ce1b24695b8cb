/**
 * The tool-definition formats `ovos.tools.list` / `ovos.tools.get` (`format`), `GET /internal/tools?format=` and
 * `ovos-tools list --format` answer in:
 * - `ovos`: the provider's own entries, unchanged (the default);
 * - `mcp`: an MCP `Tool` (`tools/list`): `name`, `title`, `description`, `inputSchema`, `outputSchema`, `annotations`;
 * - `openai`: an OpenAI chat-completions function tool, non-strict;
 * - `openai-strict`: the same with `strict: true` (Structured Outputs: every property required, optional ones
 *   nullable, `additionalProperties: false`, the supported keyword subset);
 * - `anthropic`: an Anthropic Messages API tool `{name, description, input_schema}`;
 * - `gemini`: a Gemini `FunctionDeclaration` with `parameters` in the OpenAPI 3.0 subset Gemini takes.
 */
export const TOOL_FORMATS = ['ovos', 'mcp', 'openai', 'openai-strict', 'anthropic', 'gemini'] as const;

/** One of {@link TOOL_FORMATS}. */
export type ToolFormat = (typeof TOOL_FORMATS)[number];

/** The vendor formats: every {@link ToolFormat} but `ovos`. */
export type VendorToolFormat = Exclude<ToolFormat, 'ovos'>;

/** True when `value` is one of {@link TOOL_FORMATS}. */
export function isToolFormat(value: unknown): value is ToolFormat {
  return typeof value === 'string' && (TOOL_FORMATS as readonly string[]).includes(value);
}

/**
 * Reads a requested format: absent (`undefined`, `null`, `""`) is `ovos`; a known name is itself.
 * @returns the format, or `{error}` naming what was sent and the accepted formats, e.g.
 *   `Unknown format "claude": use one of ovos, mcp, openai, openai-strict, anthropic, gemini`.
 */
export function parseToolFormat(value: unknown): { format: ToolFormat } | { error: string } {
  if (value === undefined || value === null || value === '') return { format: 'ovos' };
  if (isToolFormat(value)) return { format: value };
  return { error: `Unknown format ${JSON.stringify(value)}: use one of ${TOOL_FORMATS.join(', ')}` };
}
