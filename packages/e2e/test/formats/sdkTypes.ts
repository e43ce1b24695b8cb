// Type-checked by sdkTypes.test.ts with tsc: core's vendor definitions against the vendors' official SDK types.
// Nothing here runs; a shape that drifts from an SDK makes the compile (and so the test) fail.
import type { Tool as AnthropicSdkTool } from '@anthropic-ai/sdk/resources/messages';
import type { FunctionDeclaration, Schema, Type } from '@google/genai';
import type { Tool as McpSdkTool } from '@modelcontextprotocol/server';
import type { AnthropicTool, GeminiFunctionDeclaration, GeminiSchema, GeminiType, McpToolDefinition, OpenAITool, ToolDefinitionByFormat } from '@ovos-tools/core';
import type { ChatCompletionFunctionTool, ChatCompletionTool } from 'openai/resources/chat/completions';

declare const openai: OpenAITool;
declare const anthropic: AnthropicTool;
declare const mcp: McpToolDefinition;
declare const gemini: GeminiFunctionDeclaration;
declare const geminiSchema: GeminiSchema;
declare const geminiType: GeminiType;

// OpenAI (openai v6): a chat-completions function tool, strict or not.
export const asOpenai: ChatCompletionFunctionTool = openai;
export const asOpenaiTool: ChatCompletionTool = openai;
export const asOpenaiStrict: ChatCompletionFunctionTool = {} as ToolDefinitionByFormat['openai-strict'];

// Anthropic (@anthropic-ai/sdk): a Messages API custom tool.
export const asAnthropic: AnthropicSdkTool = anthropic;

// MCP (@modelcontextprotocol/server, spec 2025-11-25): a tools/list Tool.
export const asMcp: McpSdkTool = mcp;

// Gemini (@google/genai): the SDK's Type is a string enum (nominal in TypeScript), so compare by value: our type
// names are values of Type, every Schema field we write is a field of the SDK's Schema with the same value type,
// and the declaration's other fields are FunctionDeclaration's.
export const typeIsSdkType: `${Type}` = geminiType;
type Same<K extends keyof GeminiSchema & keyof Schema> = Pick<Schema, K>;
type Scalars = Exclude<keyof GeminiSchema, 'type' | 'items' | 'properties' | 'anyOf'>;
export const fieldsExist: Exclude<keyof GeminiSchema, keyof Schema> extends never ? true : never = true;
export const scalarsMatch: Same<Scalars> = geminiSchema as Pick<GeminiSchema, Scalars>;
export const declarationMatches: Omit<FunctionDeclaration, 'parameters'> = gemini;
