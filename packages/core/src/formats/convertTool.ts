import type { ToolDescriptor } from '../host/ToolboxHost.js';
import type { OpenAITool } from '../toolbox/openaiFormat.js';
import { toolSpecJson, type ToolSpecJson } from '../wire/toolJson.js';
import { toAnthropicTool, type AnthropicTool } from './toAnthropicTool.js';
import { toGeminiFunctionDeclaration, type GeminiFunctionDeclaration } from './toGeminiFunctionDeclaration.js';
import { toMcpToolDefinition, type McpToolDefinition } from './toMcpToolDefinition.js';
import { toOpenaiStrictTool } from './toOpenaiStrictTool.js';
import { toOpenaiTool } from './toOpenaiTool.js';
import type { ToolConversion } from './ToolConversion.js';
import type { ToolFormat } from './ToolFormat.js';

/** The definition type of each {@link ToolFormat}. */
export interface ToolDefinitionByFormat {
  /** `ovos.tools.get`'s full spec. */
  ovos: ToolSpecJson;
  /** An MCP `Tool`. */
  mcp: McpToolDefinition;
  /** An OpenAI function tool. */
  openai: OpenAITool;
  /** An OpenAI function tool with `strict: true`. */
  'openai-strict': OpenAITool;
  /** An Anthropic tool. */
  anthropic: AnthropicTool;
  /** A Gemini function declaration. */
  gemini: GeminiFunctionDeclaration;
}

/**
 * Converts one tool to `format`: `ovos` is the tool's `ovos.tools.get` spec (`toolSpecJson`, needs `toolboxId`,
 * always lossless); the vendor formats go through `toMcpToolDefinition`, `toOpenaiTool`, `toOpenaiStrictTool`,
 * `toAnthropicTool` and `toGeminiFunctionDeclaration`. Never throws: a tool that cannot be expressed is an
 * `{ok: false, error}` outcome naming the tool, the format and the reason.
 */
export function convertTool<F extends ToolFormat>(tool: ToolDescriptor, format: F, toolboxId = ''): ToolConversion<ToolDefinitionByFormat[F]> {
  try {
    return convert(tool, format, toolboxId) as ToolConversion<ToolDefinitionByFormat[F]>;
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { ok: false, format, name: tool.name, error: `tool '${tool.name}' cannot be offered as ${format}: ${why}`, notes: [] };
  }
}

function convert(tool: ToolDescriptor, format: ToolFormat, toolboxId: string): ToolConversion {
  switch (format) {
    case 'ovos':
      return { ok: true, format, name: tool.name, definition: toolSpecJson(tool, toolboxId), notes: [] };
    case 'mcp':
      return toMcpToolDefinition(tool);
    case 'openai':
      return toOpenaiTool(tool);
    case 'openai-strict':
      return toOpenaiStrictTool(tool);
    case 'anthropic':
      return toAnthropicTool(tool);
    case 'gemini':
      return toGeminiFunctionDeclaration(tool);
  }
}
