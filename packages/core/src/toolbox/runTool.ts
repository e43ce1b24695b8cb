import { ToolAbortedError, type ToolError, ToolExecutionError, ToolTimeoutError } from '../errors/ToolError.js';
import type { Logger } from '../logging/Logger.js';
import { parseTraceparent, withTraceparent } from '../logging/Logger.js';
import { LazyAbortController, listenForAbort } from '../host/LazyAbortController.js';
import { timerDelay } from '../node/values.js';
import type { AgentTool, ToolContext } from '../tool/AgentTool.js';
import type { JsonObject } from '../wire/Message.js';
import type { CallToolOptions, ToolResult } from './ToolBoxOptions.js';

/** What {@link runTool} needs of the toolbox a tool belongs to (what it hands the tool in its context). */
export interface ToolOwner {
  /** The toolbox id, in errors and `ctx.toolboxId`. */
  toolboxId: string;
  /** The toolbox's config section, as `ctx.config`. */
  config: Record<string, unknown>;
  /** The toolbox's logger; the tool gets it with the request's traceparent appended. */
  logger: Logger;
}

const NEVER_ABORTS = { signal: new AbortController().signal };
const noProgress = (): void => {};

/** The call's limit (a NaN one is ignored), else the tool's; `undefined` for none, infinite or over the timer range. */
function effectiveTimeout(callMs: number | undefined, toolMs: number | undefined): number | undefined {
  const ms = typeof callMs === 'number' && !Number.isNaN(callMs) ? callMs : toolMs;
  return ms === undefined ? undefined : timerDelay(ms);
}

/**
 * Runs an already validated call: builds the tool's context, applies the time limit (the call's, else the tool's)
 * and the caller's signal, and wraps what the tool throws (OVOS `ToolBox.call_tool`'s execution step).
 * @throws {@link ToolTimeoutError}, {@link ToolAbortedError}, {@link ToolExecutionError}, or a pass-through error the
 *   tool threw (timeout, abort, its own `InvalidArgumentsError`).
 */
export function runTool(tool: AgentTool, input: ToolResult, options: CallToolOptions, owner: ToolOwner): Promise<unknown> {
  const timeoutMs = effectiveTimeout(options.timeoutMs, tool.timeoutMs);
  const external = options.abort ?? options.signal;
  if (external?.aborted) return Promise.reject(new ToolAbortedError(tool.name, owner.toolboxId, { cause: external.reason }));
  if (timeoutMs === undefined && !external) return run(tool, input, NEVER_ABORTS, options, owner);

  // the tool's own signal, created only if the tool reads ctx.signal; separate from the caller's, so a tool's
  // listeners never pile up on a signal the caller reuses
  const toolAbort = new LazyAbortController();
  return new Promise<unknown>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      stopListening?.();
      fn();
    };
    const onAbort = () => {
      const err = new ToolAbortedError(tool.name, owner.toolboxId, { cause: external?.reason });
      toolAbort.abort(err);
      finish(() => reject(err));
    };
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            const err = new ToolTimeoutError(tool.name, owner.toolboxId, timeoutMs);
            toolAbort.abort(err);
            finish(() => reject(err));
          }, timeoutMs);
    const stopListening = external && listenForAbort(external, onAbort);
    run(tool, input, toolAbort, options, owner).then(
      (v) => finish(() => resolve(v)),
      (e) => finish(() => reject(e)),
    );
  });
}

async function run(tool: AgentTool, input: ToolResult, abort: { readonly signal: AbortSignal }, options: CallToolOptions, owner: ToolOwner): Promise<unknown> {
  const ctx: ToolContext = {
    get signal() {
      return abort.signal;
    },
    config: owner.config,
    logger: traceLogger(owner.logger, options.context),
    toolboxId: owner.toolboxId,
    toolName: tool.name,
    context: options.context ?? {},
    progress: options.onProgress ?? noProgress,
  };
  try {
    return await tool.toolCall(input as never, ctx);
  } catch (err) {
    if (isPassThrough(err)) throw err;
    throw new ToolExecutionError(tool.name, owner.toolboxId, { cause: err, detail: describeCause(err) });
  }
}

/** The toolbox's logger, carrying the request's `traceparent` (when valid) on every line the tool writes. */
function traceLogger(logger: Logger, context: JsonObject | undefined): Logger {
  const traceparent = context ? parseTraceparent(context.traceparent) : undefined;
  return traceparent ? withTraceparent(logger, traceparent) : logger;
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
