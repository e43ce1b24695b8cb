import type { TObject } from 'typebox';
import type { Bus, BusHandler } from '../bus/Bus.js';
import type { ChatEngine } from '../chat/ChatEngine.js';
import { ToolDefinitionError, UnknownToolError } from '../errors/ToolError.js';
import type { Logger } from '../logging/Logger.js';
import { createLogger } from '../logging/Logger.js';
import type { AgentTool } from '../tool/AgentTool.js';
import type { Message } from '../wire/Message.js';
import { personaCallTopic, Topics } from '../wire/topics.js';
import { toolJson, type ToolJson } from '../wire/toolJson.js';
import { answerCall, answerDiscover } from './answerBus.js';
import { TOOLBOX_BRAND, TOOLBOX_CONTRACT_VERSION } from './brand.js';
import { toCompactOpenaiTools, toCompactToolJson, toolsToOpenaiSpec, type CompactToolJson, type OpenAITool } from './openaiFormat.js';
import { runTool } from './runTool.js';
import type { CallToolOptions, ToolBoxOptions, ToolResult } from './ToolBoxOptions.js';
import { validateArguments, validateOutput } from './validateIo.js';
import { compileSchema } from '../validation/compileSchema.js';

/**
 * A group of related tools and the service that runs them: the TypeScript form of OVOS's `ToolBox`
 * (ovos-plugin-manager `templates/agent_tools.py`, wire spec §2). Subclasses set `static toolboxId`
 * and implement {@link ToolBox.discoverTools}.
 *
 * Differences from OVOS, all additive: tools are discovered lazily on first use (so subclass fields are
 * initialised first), `callTool` is async with timeouts and AbortSignals, errors carry a machine `code`
 * and say what was wrong, and {@link ToolBox.close} removes the bus handlers `bind` added.
 *
 * @throws {@link ToolDefinitionError} from the constructor, `"<ClassName> must define a class-level toolbox_id"`,
 *   when neither the class nor `options.toolboxId` gives an id.
 */
export abstract class ToolBox {
  /** The toolbox id, conventionally the entry-point name (e.g. `ovos-math-tools`). Override in subclasses. */
  static toolboxId = '';
  /** Cross-copy brand checked by hosts; see {@link TOOLBOX_BRAND}. */
  static readonly [TOOLBOX_BRAND] = TOOLBOX_CONTRACT_VERSION;
  /**
   * The schema of the toolbox's config section (its section of the provider config, named after its entry point),
   * e.g. `Type.Object({ timeout_ms: Type.Number({ exclusiveMinimum: 0, default: 5000 }) })`; read it with the kit's
   * `readConfig(schema, this.config)`. When set, the provider checks the section against it at every load (each
   * unknown key, named with the nearest known one, and each bad value is logged as a warning) and
   * `ovos-tools check --config FILE` reports them as problems. Optional: `undefined` checks nothing.
   */
  static configSchema: TObject | undefined = undefined;

  readonly toolboxId: string;
  readonly config: Record<string, unknown>;
  readonly logger: Logger;
  /** The chat engine given at construction or by {@link ToolBox.setBrain}; `null` when none. */
  brain: ChatEngine | null;
  /** The bus this toolbox is bound to, or `null`. */
  bus: Bus | null = null;
  /** The host's plugin roots from {@link ToolBoxOptions.pluginRoots}, or `undefined` when constructed without a host. */
  readonly pluginRoots: readonly string[] | undefined;
  /** The paths from {@link ToolBoxOptions.protectedPaths} (empty when constructed without a host). */
  readonly protectedPaths: readonly string[];

  private toolCache: Map<string, AgentTool> | null = null;
  private bound: Array<[string, BusHandler]> = [];

  constructor(options: ToolBoxOptions = {}) {
    const cls = new.target as unknown as typeof ToolBox;
    const id = options.toolboxId || cls.toolboxId;
    if (typeof id !== 'string' || !id) {
      throw new ToolDefinitionError('invalid_toolbox', `${new.target.name} must define a class-level toolbox_id`);
    }
    this.toolboxId = id;
    this.config = options.config ?? {};
    this.logger = options.logger ?? createLogger(id);
    this.brain = options.brain ?? null;
    this.pluginRoots = options.pluginRoots ? Object.freeze([...options.pluginRoots]) : undefined;
    this.protectedPaths = Object.freeze([...(options.protectedPaths ?? [])]);
    if (options.bus) this.bind(options.bus);
  }

  /**
   * Returns every tool this toolbox provides, in the order they should be listed. Must be idempotent
   * and synchronous; may read `this.config`. Throwing marks discovery as failed.
   */
  abstract discoverTools(): AgentTool[];

  /**
   * Loads what the tools need on their first call that the toolbox does not load at construction: libraries loaded
   * on first use, worker threads. A host calls it once, in the background, right after the toolbox announced its
   * tools, so the first caller does not pay for the load (provider setting `warm_up`, on by default); nothing waits
   * for it. A tool called meanwhile must still work by loading what it needs through the same memoised loader, so
   * nothing is loaded twice and that call waits only for what is left of the load.
   *
   * The default compiles every tool's argument and output validators (otherwise compiled on each tool's first
   * call), one tool per turn of the event loop. Overrides load their own libraries and call `super.warmUp()`.
   * Should not reject; a rejection is logged by the host and the tools load on first use as before.
   */
  async warmUp(): Promise<void> {
    for (const tool of [...this.tools.values()]) {
      compileSchema(tool.argumentSchema);
      compileSchema(tool.outputSchema);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }

  /** Sets the chat engine used by tools that need a model. */
  setBrain(brain: ChatEngine | null): void {
    this.brain = brain;
  }

  /**
   * The tool cache, name → tool. The first read runs discovery; if that throws, the failure is logged at
   * debug level and the cache starts empty, retried on the next cache miss (OVOS constructor behaviour, §2.1).
   */
  get tools(): ReadonlyMap<string, AgentTool> {
    if (!this.toolCache) {
      try {
        this.refreshTools();
      } catch (err) {
        this.logger.debug(`ToolBox '${this.toolboxId}' deferred tool discovery: ${(err as Error)?.message ?? err}`);
        this.toolCache = new Map();
      }
    }
    return this.toolCache!;
  }

  /**
   * Re-runs {@link ToolBox.discoverTools} and replaces the cache (duplicate names: last wins).
   * @throws whatever `discoverTools` throws, unwrapped (OVOS `refresh_tools`).
   */
  refreshTools(): void {
    const tools = this.discoverTools();
    if (!Array.isArray(tools)) throw new ToolDefinitionError('invalid_toolbox', `${this.constructor.name}.discoverTools() must return an array`);
    this.toolCache = new Map(tools.map((t) => [t.name, t]));
  }

  /**
   * The tool called `name`; a cache miss re-runs discovery once (OVOS `get_tool`).
   * @throws whatever `discoverTools` throws on that refresh.
   */
  getTool(name: string): AgentTool | undefined {
    const hit = this.tools.get(name);
    if (hit) return hit;
    this.refreshTools();
    return this.toolCache!.get(name);
  }

  /**
   * Validates `args`, runs the tool, validates its output (OVOS `call_tool`, wire spec §2.6).
   *
   * @param args - a plain object; validated and coerced against the tool's argument schema.
   * @returns the validated output object.
   * @throws {@link UnknownToolError} `unknown_tool`; {@link InvalidArgumentsError} `invalid_arguments`
   *   (not an object: RuntimeError; schema mismatch: ValueError); {@link ToolExecutionError} `execution_failed`;
   *   {@link InvalidOutputError} `invalid_output`; {@link ToolTimeoutError} `timeout`; {@link ToolAbortedError}
   *   `aborted`; an `InvalidArgumentsError` the tool itself throws (semantic argument checks) passes through as is;
   *   and, unwrapped, whatever `discoverTools` throws on a cache miss.
   */
  async callTool(name: string, args: unknown, options: CallToolOptions = {}): Promise<ToolResult> {
    const tool = this.getTool(name);
    if (!tool) throw new UnknownToolError(String(name), this.toolboxId, { detail: `Available tools: ${[...this.tools.keys()].join(', ') || 'none'}.` });
    const input = validateArguments(tool, args, this.toolboxId);
    const raw = await runTool(tool, input, options, this);
    return validateOutput(tool, raw, this.toolboxId);
  }

  /** The tools as `{name, description, argument_schema, output_schema}` in discovery order (OVOS `tool_json_list`); reads the cache only. */
  get toolJsonList(): ToolJson[] {
    return [...this.tools.values()].map(toolJson);
  }

  /** OpenAI tool definitions for every tool (OVOS `openai_tools`). */
  get openaiTools(): OpenAITool[] {
    return toolsToOpenaiSpec(this.toolJsonList);
  }

  /** `{name, description, parameters}` with titles stripped (OVOS `tool_json_list_compact`). */
  get toolJsonListCompact(): CompactToolJson[] {
    return toCompactToolJson(this.toolJsonList);
  }

  /** OpenAI tool definitions with compact schemas (OVOS `tool_openai_format`). */
  get toolOpenaiFormat(): OpenAITool[] {
    return toCompactOpenaiTools(this.toolJsonList);
  }

  /**
   * Registers `ovos.persona.tools.discover` and `ovos.persona.tools.<toolbox_id>.call` on `bus` (OVOS `bind`).
   * Binding again first removes the handlers of the previous bind.
   */
  bind(bus: Bus): void {
    this.unbind();
    this.bus = bus;
    const discover: BusHandler = (m) => this.handleDiscover(m);
    const call: BusHandler = (m) => this.handleCall(m);
    this.bound = [
      [Topics.personaDiscover, discover],
      [personaCallTopic(this.toolboxId), call],
    ];
    for (const [topic, handler] of this.bound) bus.on(topic, handler);
  }

  /** Removes exactly the handlers this instance registered; the toolbox stays usable in-process. */
  unbind(): void {
    if (this.bus) for (const [topic, handler] of this.bound) this.bus.off(topic, handler);
    this.bound = [];
    this.bus = null;
  }

  /** Releases the toolbox: unbinds it. Subclasses that hold resources override and call `super.close()`. */
  async close(): Promise<void> {
    this.unbind();
  }

  /**
   * Answers `ovos.persona.tools.discover` with `{tools, toolbox_id}` after refreshing the cache (OVOS V1/V2).
   * Where OVOS would raise, answers `{tools: [], toolbox_id, error, code}` instead.
   */
  handleDiscover(message: Message): void {
    answerDiscover(this, message);
  }

  /**
   * Answers `ovos.persona.tools.<toolbox_id>.call` (`{name, kwargs}`) with `{result, toolbox_id}` or
   * `{error, toolbox_id, code}` (OVOS `handle_call`, plus `code`). Never throws.
   */
  handleCall(message: Message): Promise<void> {
    return answerCall(this, message);
  }
}
