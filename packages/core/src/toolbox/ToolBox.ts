import type { Bus, BusHandler } from '../bus/Bus.js';
import type { ChatEngine } from '../chat/ChatEngine.js';
import {
  InvalidArgumentsError,
  InvalidOutputError,
  ToolAbortedError,
  ToolDefinitionError,
  type ToolError,
  ToolExecutionError,
  ToolTimeoutError,
  UnknownToolError,
} from '../errors/ToolError.js';
import { toWireError } from '../errors/wireError.js';
import type { Logger } from '../logging/Logger.js';
import { createLogger, parseTraceparent, withTraceparent } from '../logging/Logger.js';
import type { AgentTool, ToolContext } from '../tool/AgentTool.js';
import { compileSchema } from '../validation/compileSchema.js';
import { timerDelay } from '../node/values.js';
import type { ToolProgress } from '../tool/ToolProgress.js';
import type { JsonObject, Message } from '../wire/Message.js';
import { personaCallTopic, Topics } from '../wire/topics.js';
import { toolJson, type ToolJson } from '../wire/toolJson.js';
import { TOOLBOX_BRAND, TOOLBOX_CONTRACT_VERSION } from './brand.js';
import { toCompactOpenaiTools, toCompactToolJson, toolsToOpenaiSpec, type CompactToolJson, type OpenAITool } from './openaiFormat.js';

/** What a host passes to a toolbox constructor: `new MyToolBox({ config, bus })`. */
export interface ToolBoxOptions {
  /** This toolbox's own config section; default `{}`. */
  config?: Record<string, unknown> | null;
  /** When given, the toolbox binds its bus handlers at construction. */
  bus?: Bus | null;
  /** Overrides the class-level `static toolboxId`. */
  toolboxId?: string;
  /** Default: a stderr logger named after the toolbox id. */
  logger?: Logger;
  /** A chat engine for toolboxes that need a model (e.g. SKILL.md skills); the provider passes its configured brain. */
  brain?: ChatEngine | null;
  /**
   * The host's plugin roots (directories whose `node_modules` it scans for toolbox packages), when the host
   * passes them; toolboxes that discover content in installed packages (e.g. SKILL.md files) default to these.
   */
  pluginRoots?: readonly string[];
  /**
   * Paths no tool of this toolbox may write (and, for file tools, read by default): the provider's plugin
   * roots, config files and folders, skills folders and data folder. Passed by the provider; toolboxes that
   * touch files refuse them whatever roots the operator configures.
   */
  protectedPaths?: readonly string[];
}

/** Per-call options of {@link ToolBox.callTool}. */
export interface CallToolOptions {
  /** Aborts the call; the tool's `ctx.signal` fires and the call rejects with code `aborted`. */
  signal?: AbortSignal;
  /** Time limit in ms; overrides the tool's own `timeoutMs`. No limit when neither is set, or when the limit is `Infinity` or beyond Node's timer range (~24.8 days); `NaN` is ignored. */
  timeoutMs?: number;
  /** The request's context (OVOS `context` keys such as `session`, `traceparent`), handed to the tool as `ctx.context`. */
  context?: JsonObject;
  /** Receives the tool's progress reports (`ctx.progress`); absent when the caller wants none. */
  onProgress?: (progress: ToolProgress) => void;
}

/** The argument/output shape every tool call deals in: a plain JSON object. */
export type ToolResult = Record<string, unknown>;

const NEVER_ABORTED = new AbortController().signal;
const noProgress = (): void => {};

/** The call's limit (a NaN one is ignored), else the tool's; `undefined` for none, infinite or over the timer range. */
function effectiveTimeout(callMs: number | undefined, toolMs: number | undefined): number | undefined {
  const ms = typeof callMs === 'number' && !Number.isNaN(callMs) ? callMs : toolMs;
  return ms === undefined ? undefined : timerDelay(ms);
}

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
    const input = this.validateArguments(tool, args);
    const raw = await this.execute(tool, input, options);
    return this.validateOutput(tool, raw);
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
    try {
      this.refreshTools();
      this.bus?.emit(message.response({ tools: this.toolJsonList, toolbox_id: this.toolboxId }));
    } catch (err) {
      this.bus?.emit(message.response({ tools: [], toolbox_id: this.toolboxId, ...toWireError(err) }));
    }
  }

  /**
   * Answers `ovos.persona.tools.<toolbox_id>.call` (`{name, kwargs}`) with `{result, toolbox_id}` or
   * `{error, toolbox_id, code}` (OVOS `handle_call`, plus `code`). Never throws.
   */
  async handleCall(message: Message): Promise<void> {
    const data = message.data ?? {};
    const name = data.name ?? '';
    const kwargs = 'kwargs' in data ? data.kwargs : {};
    let reply: Record<string, unknown>;
    try {
      const result = await this.callTool(name as string, kwargs);
      reply = { result, toolbox_id: this.toolboxId };
    } catch (err) {
      const wire = toWireError(err);
      reply = { error: wire.error, toolbox_id: this.toolboxId, code: wire.code };
    }
    this.bus?.emit(message.response(reply));
  }

  private validateArguments(tool: AgentTool, args: unknown): ToolResult {
    if (args === null || args === undefined || typeof args !== 'object' || Array.isArray(args)) {
      throw new InvalidArgumentsError(
        'RuntimeError',
        `Tool '${tool.name}' called with unexpected type arguments: ${pythonTypeName(args)}. Must be Dict[str, Any] or ToolArguments.`,
      );
    }
    const parsed = compileSchema(tool.argumentSchema).parse(args);
    if (!parsed.ok) {
      throw new InvalidArgumentsError('ValueError', `Tool input validation failed for '${tool.name}' in ToolBox '${this.toolboxId}'`, {
        detail: parsed.problems.join('; '),
      });
    }
    return parsed.value as ToolResult;
  }

  private validateOutput(tool: AgentTool, raw: unknown): ToolResult {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new InvalidOutputError(`Tool '${tool.name}' returned an unexpected type: ${pythonTypeName(raw)}. Must return Dict[str, Any] or ToolOutput.`);
    }
    const parsed = compileSchema(tool.outputSchema).parse(raw);
    if (!parsed.ok) {
      throw new InvalidOutputError(`Tool output validation failed for '${tool.name}' in ToolBox '${this.toolboxId}'`, {
        detail: parsed.problems.join('; '),
      });
    }
    return parsed.value as ToolResult;
  }

  private execute(tool: AgentTool, input: ToolResult, options: CallToolOptions): Promise<unknown> {
    const timeoutMs = effectiveTimeout(options.timeoutMs, tool.timeoutMs);
    const external = options.signal;
    if (external?.aborted) return Promise.reject(new ToolAbortedError(tool.name, this.toolboxId, { cause: external.reason }));
    if (timeoutMs === undefined && !external) return this.run(tool, input, NEVER_ABORTED, options);

    const controller = new AbortController();
    return new Promise<unknown>((resolve, reject) => {
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        if (timer) clearTimeout(timer);
        external?.removeEventListener('abort', onAbort);
        fn();
      };
      const onAbort = () => {
        const err = new ToolAbortedError(tool.name, this.toolboxId, { cause: external?.reason });
        controller.abort(err);
        finish(() => reject(err));
      };
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              const err = new ToolTimeoutError(tool.name, this.toolboxId, timeoutMs);
              controller.abort(err);
              finish(() => reject(err));
            }, timeoutMs);
      external?.addEventListener('abort', onAbort, { once: true });
      this.run(tool, input, controller.signal, options).then(
        (v) => finish(() => resolve(v)),
        (e) => finish(() => reject(e)),
      );
    });
  }

  private async run(tool: AgentTool, input: ToolResult, signal: AbortSignal, options: CallToolOptions): Promise<unknown> {
    const ctx: ToolContext = {
      signal,
      config: this.config,
      logger: traceLogger(this.logger, options.context),
      toolboxId: this.toolboxId,
      toolName: tool.name,
      context: options.context ?? {},
      progress: options.onProgress ?? noProgress,
    };
    try {
      return await tool.toolCall(input as never, ctx);
    } catch (err) {
      if (isPassThrough(err)) throw err;
      throw new ToolExecutionError(tool.name, this.toolboxId, { cause: err, detail: describeCause(err) });
    }
  }
}

/** The toolbox's logger, carrying the request's `traceparent` (when valid) on every line the tool writes. */
function traceLogger(logger: Logger, context: JsonObject | undefined): Logger {
  const traceparent = context ? parseTraceparent(context.traceparent) : undefined;
  return traceparent ? withTraceparent(logger, traceparent) : logger;
}

/** The Python type name OVOS would print for a JSON value: `NoneType`, `list`, `str`, `int`, `float`, `bool`, `dict`. */
export function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'number':
      return Number.isInteger(value) ? 'int' : 'float';
    case 'boolean':
      return 'bool';
    case 'object':
      return 'dict';
    default:
      return typeof value;
  }
}

/**
 * Errors a tool may throw that reach the caller as they are: timeouts, aborts, and a tool's own semantic
 * argument check (`InvalidArgumentsError`, e.g. an unknown time zone). Recognised by shape, across copies.
 */
function isPassThrough(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const e = err as Partial<ToolError>;
  return typeof e.ovosClass === 'string' && (e.code === 'timeout' || e.code === 'aborted' || e.code === 'invalid_arguments');
}

function describeCause(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return `thrown value: ${String(err)}`;
}
