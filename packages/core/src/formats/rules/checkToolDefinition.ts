import { isSchema } from '../schemaNodes.js';
import type { VendorToolFormat } from '../ToolFormat.js';
import { checkAnthropicTool } from './checkAnthropicTool.js';
import { checkGeminiFunctionDeclaration } from './checkGeminiFunctionDeclaration.js';
import { checkMcpTool } from './checkMcpTool.js';
import { checkOpenaiTool } from './checkOpenaiTool.js';
import type { RuleViolation } from './RuleViolation.js';

/**
 * Checks one vendor tool definition against that vendor's documented rules (`checkOpenaiTool`, `checkAnthropicTool`,
 * `checkGeminiFunctionDeclaration`, `checkMcpTool`; `openai-strict` also requires `strict: true` and the Structured
 * Outputs rules). Returns the violations, `[]` when it passes; never throws.
 */
export function checkToolDefinition(format: VendorToolFormat, definition: unknown): RuleViolation[] {
  switch (format) {
    case 'mcp':
      return checkMcpTool(definition);
    case 'openai':
      return checkOpenaiTool(definition);
    case 'openai-strict': {
      const f = isSchema(definition) && isSchema(definition.function) ? definition.function : {};
      // Structured Outputs guide: strict mode is "strict: true" in the function definition.
      const flag: RuleViolation[] = f.strict === true ? [] : [{ rule: 'openai-strict.strict', path: '/function/strict', message: 'strict mode needs strict: true' }];
      return [...flag, ...checkOpenaiTool(definition)];
    }
    case 'anthropic':
      return checkAnthropicTool(definition);
    case 'gemini':
      return checkGeminiFunctionDeclaration(definition);
  }
}

/**
 * Checks a list of definitions as one request sends them: each one ({@link checkToolDefinition}, paths prefixed with
 * `/<index>`) and that names are unique (Anthropic answers 400 "Tool names must be unique"; Gemini and OpenAI call
 * functions by name; MCP: names "SHOULD be unique within a server").
 */
export function checkToolDefinitions(format: VendorToolFormat, definitions: readonly unknown[]): RuleViolation[] {
  const out: RuleViolation[] = [];
  const seen = new Map<string, number>();
  definitions.forEach((d, i) => {
    for (const v of checkToolDefinition(format, d)) out.push({ ...v, path: `/${i}${v.path}` });
    const name = nameOf(d);
    if (name === undefined) return;
    const first = seen.get(name);
    if (first !== undefined) out.push({ rule: `${format}.unique-names`, path: `/${i}`, message: `tool name '${name}' is used twice (at ${first} and ${i})` });
    else seen.set(name, i);
  });
  return out;
}

function nameOf(d: unknown): string | undefined {
  if (!isSchema(d)) return undefined;
  const n = isSchema(d.function) ? d.function.name : d.name;
  return typeof n === 'string' ? n : undefined;
}
