import type { Static, TSchema } from 'typebox';
import { ToolDefinitionError } from '../errors/ToolError.js';
import type { ToolProgress } from './ToolProgress.js';
import type { Logger } from '../logging/Logger.js';
import { isObject } from '../node/values.js';
import { checkConfirmationTemplate, type ConfirmationTemplate } from './ConfirmationTemplate.js';

/** The pattern every tool name must match: it survives OpenAI's function-name rules. Snake_case by convention. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * What a tool implementation receives beside its validated arguments.
 */
export interface ToolContext {
  /** Fires when the call times out or the caller gives up; long-running tools should stop when it does. */
  signal: AbortSignal;
  /** The toolbox's config (its own section, keyed by entry-point name in provider config). */
  config: Readonly<Record<string, unknown>>;
  /** The toolbox's logger. */
  logger: Logger;
  /** The toolbox answering the call. */
  toolboxId: string;
  /** The tool being called. */
  toolName: string;
  /**
   * The request's context as the caller sent it: OVOS message `context` keys (`session`, `utterance_id`,
   * `traceparent`, ...) or an HTTP/MCP caller's equivalents; `{}` when there is none. Read-only by convention.
   */
  context: Readonly<Record<string, unknown>>;
  /** Reports progress to the caller (MCP progress notifications); a no-op when nobody listens. */
  progress: (progress: ToolProgress) => void;
}

/** A worked invocation shown to agents (two-phase catalog, seed 004): arguments and the expected outcome. */
export interface ToolExample {
  /** What the example shows, one line. */
  description?: string;
  /** Arguments exactly as an agent would send them. */
  arguments: Record<string, unknown>;
  /** The expected output object, when the example succeeds. */
  result?: Record<string, unknown>;
  /** The expected error text (or its start), when the example shows a failure. */
  error?: string;
}

/**
 * Everything that defines one tool. `argumentSchema`/`outputSchema` are TypeBox schemas (plain JSON
 * Schema objects work too); `toolCall` receives arguments already validated and coerced, and returns
 * (or resolves to) a plain object matching `outputSchema`.
 * Optional metadata follows the two-phase catalog (seed 004) and MCP tool annotations.
 */
export interface AgentToolDefinition<A extends TSchema = TSchema, O extends TSchema = TSchema> {
  /** Unique within its toolbox; must match {@link TOOL_NAME_PATTERN}. */
  name: string;
  /** Natural-language explanation for the model: what it does, when to use it. */
  description: string;
  /** JSON Schema (TypeBox or plain) of the arguments; calls are validated (and coerced) against it first. */
  argumentSchema: A;
  /** JSON Schema of the result; a result that does not match is refused (`invalid_output`). */
  outputSchema: O;
  /**
   * The implementation: receives validated arguments and the {@link ToolContext}; returns (or resolves to) the output.
   * `A` and `O` are inferred from the two schemas only (`NoInfer`): inferring them back through TypeBox's `Static`
   * from this function's parameter costs the compiler over a million type instantiations per tool.
   */
  toolCall: (args: NoInfer<Static<A>>, ctx: ToolContext) => NoInfer<Static<O>> | Promise<NoInfer<Static<O>>>;
  /** One line for catalog listings; defaults to the first sentence of `description` (at most 120 characters). */
  summary?: string;
  /** Free-form tags for filtering (e.g. `read-only`, `network`, `filesystem`). */
  tags?: readonly string[];
  /** Example calls with their expected results, shown to models and checked by `@ovos-tools/core/testing`. */
  examples?: readonly ToolExample[];
  /** The tool does not modify its environment (MCP `readOnlyHint`). */
  readOnly?: boolean;
  /** The tool may perform destructive updates (MCP `destructiveHint`). */
  destructive?: boolean;
  /** Calling it again with the same arguments has no additional effect (MCP `idempotentHint`). */
  idempotent?: boolean;
  /** The tool interacts with an open world such as the internet (MCP `openWorldHint`). */
  openWorld?: boolean;
  /** What failure looks like and what the caller should do about it. */
  errorModes?: string;
  /** Time limit for one call in milliseconds; the provider's default applies when absent. */
  timeoutMs?: number;
  /**
   * The question a voice assistant asks before the tool runs, when the provider's policy asks for confirmation
   * (typically for `destructive` tools): `"Overwrite {path} in your workspace?"`, or texts by language
   * (`{"en": "...", "pt": "..."}`); placeholders name arguments (see {@link ConfirmationTemplate}). Without one the
   * provider builds a question from the tool's name and arguments.
   */
  confirmation?: ConfirmationTemplate;
}

/**
 * One executable tool and its contract: the TypeScript form of OVOS's `AgentTool` dataclass
 * (ovos-plugin-manager `templates/agent_tools.py`), plus catalog metadata.
 *
 * @throws {@link ToolDefinitionError} (code `invalid_tool`) when the name does not match
 *   {@link TOOL_NAME_PATTERN}, the description is not a string, a schema is not an object, `toolCall`
 *   is not a function, `timeoutMs` is not a positive number, or `confirmation` is not a usable template (e.g.
 *   `tool 'write_file': confirmation.en: unknown placeholder {pth}: the arguments are path, content`).
 */
export class AgentTool<out A extends TSchema = TSchema, out O extends TSchema = TSchema> {
  readonly name: string;
  readonly description: string;
  readonly argumentSchema: A;
  readonly outputSchema: O;
  /** Runs the tool with arguments already validated and coerced and the call's context; its output is validated after. */
  readonly toolCall: (args: Static<A>, ctx: ToolContext) => Static<O> | Promise<Static<O>>;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly examples: readonly ToolExample[];
  readonly readOnly: boolean | undefined;
  readonly destructive: boolean | undefined;
  readonly idempotent: boolean | undefined;
  readonly openWorld: boolean | undefined;
  readonly errorModes: string | undefined;
  readonly timeoutMs: number | undefined;
  readonly confirmation: ConfirmationTemplate | undefined;

  constructor(definition: AgentToolDefinition<A, O>) {
    const d = definition;
    if (typeof d?.name !== 'string' || !TOOL_NAME_PATTERN.test(d.name)) {
      throw new ToolDefinitionError(
        'invalid_tool',
        `Invalid tool name ${JSON.stringify(d?.name)}: use 1-64 characters from a-z, A-Z, 0-9, '_' and '-' (snake_case by convention)`,
      );
    }
    const where = `tool '${d.name}'`;
    if (typeof d.description !== 'string') throw new ToolDefinitionError('invalid_tool', `${where}: description must be a string`);
    if (!isObject(d.argumentSchema)) throw new ToolDefinitionError('invalid_tool', `${where}: argumentSchema must be a JSON Schema object`);
    if (!isObject(d.outputSchema)) throw new ToolDefinitionError('invalid_tool', `${where}: outputSchema must be a JSON Schema object`);
    if (typeof d.toolCall !== 'function') throw new ToolDefinitionError('invalid_tool', `${where}: toolCall must be a function`);
    if (d.timeoutMs !== undefined && !(typeof d.timeoutMs === 'number' && d.timeoutMs > 0)) {
      throw new ToolDefinitionError('invalid_tool', `${where}: timeoutMs must be a positive number of milliseconds`);
    }
    if (d.confirmation !== undefined) {
      const problem = checkConfirmationTemplate(d.confirmation, d.argumentSchema);
      if (problem) throw new ToolDefinitionError('invalid_tool', `${where}: ${problem}`);
    }
    this.name = d.name;
    this.description = d.description;
    this.argumentSchema = d.argumentSchema;
    this.outputSchema = d.outputSchema;
    this.toolCall = d.toolCall;
    this.summary = d.summary ?? firstSentence(d.description);
    this.tags = Object.freeze([...(d.tags ?? [])]);
    this.examples = Object.freeze([...(d.examples ?? [])]);
    this.readOnly = d.readOnly;
    this.destructive = d.destructive;
    this.idempotent = d.idempotent;
    this.openWorld = d.openWorld;
    this.errorModes = d.errorModes;
    this.timeoutMs = d.timeoutMs;
    this.confirmation = typeof d.confirmation === 'object' ? Object.freeze({ ...d.confirmation }) : d.confirmation;
  }
}

/**
 * Defines a tool with full type inference from its schemas; the same as `new AgentTool(definition)`.
 * @throws {@link ToolDefinitionError} as {@link AgentTool}'s constructor does.
 */
export function defineTool<A extends TSchema, O extends TSchema>(definition: AgentToolDefinition<A, O>): AgentTool<A, O> {
  return new AgentTool(definition);
}

function firstSentence(text: string): string {
  const line = text.split('\n')[0]?.trim() ?? '';
  const m = /^(.*?[.!?])(\s|$)/.exec(line);
  const s = m?.[1] ?? line;
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
}
