import { isLogEnabled, LazyAbortController, parseTraceparent, ToolAbortedError, ToolTimeoutError, type CallOutcome, type HostCallContext, type JsonObject, type Logger, type ToolProgress, type ToolboxHost, type WireError } from '@ovos-tools/core';
import { MAX_TIMER_MS } from '@ovos-tools/core/node';
import type { PolicySettings } from './policySettings.js';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import type { InvokeOutcome } from '../service/InvokeOutcome.js';
import type { InvokeRequest } from '../service/InvokeRequest.js';
import { QueueFullError, Semaphore } from './Semaphore.js';
import { logField } from '../service/logField.js';
import { wireErrors } from '../service/wireErrors.js';

/**
 * Runs invocations under the provider's policy, the same for every transport and every host kind:
 * - a per-toolbox and a global concurrency limit (FIFO queues of bounded length; a full queue answers `overloaded`);
 * - one time limit per call, decided here only: config `tool_timeouts[name]`, else the tool's `timeoutMs`, else
 *   `default_timeout_ms`. At the limit the call's AbortSignal fires with a `ToolTimeoutError` and the caller gets
 *   `timeout` at once, whatever the host does; the host then reclaims the work (a worker or process that does not
 *   stop within `kill_grace_ms` is terminated and restarted);
 * - one log line per invocation with tool, toolbox, duration and outcome (arguments only when `log_arguments`).
 * Never throws.
 */
export class ExecutionPolicy {
  private readonly global: Semaphore;
  private readonly perToolbox = new Map<string, Semaphore>();

  constructor(
    private settings: PolicySettings,
    private readonly logger: Logger,
  ) {
    this.global = new Semaphore(settings.maxConcurrency, settings.maxQueue, 'provider concurrency limit (max_concurrency)');
  }

  /**
   * Takes new settings (a config reload): time limits and logging apply to calls that start from now on;
   * concurrency limits and queue lengths change in place (more slots start waiting calls at once; fewer take effect
   * as running calls end).
   */
  configure(settings: PolicySettings): void {
    this.settings = settings;
    this.global.resize(settings.maxConcurrency, settings.maxQueue);
    for (const s of this.perToolbox.values()) s.resize(settings.maxConcurrencyPerToolbox, settings.maxQueue);
  }

  /** The time limit that applies to `entry`, in ms (see {@link ExecutionPolicy.limitFor}). */
  timeoutFor(entry: CatalogEntry): number {
    return this.limitFor(entry).ms;
  }

  /**
   * The one time limit of a call of `entry` and the setting it comes from: config `tool_timeouts` (its name), else
   * the tool's own `timeoutMs`, else `default_timeout_ms`; capped at Node's timer range. Decided here only: hosts get
   * it as the call's deadline and signal, and `ToolBox.callTool` runs no timer of its own below it.
   */
  limitFor(entry: CatalogEntry): { ms: number; source: 'tool_timeouts' | 'tool timeoutMs' | 'default_timeout_ms' } {
    const configured = this.settings.toolTimeouts[entry.tool.name];
    const [ms, source] =
      configured !== undefined
        ? ([configured, 'tool_timeouts'] as const)
        : entry.tool.timeoutMs !== undefined
          ? ([entry.tool.timeoutMs, 'tool timeoutMs'] as const)
          : ([this.settings.defaultTimeoutMs, 'default_timeout_ms'] as const);
    return { ms: Math.min(ms, MAX_TIMER_MS), source };
  }

  /** Runs `entry` on `host` under the limits; resolves with the outcome. */
  async run(entry: CatalogEntry, host: ToolboxHost, request: InvokeRequest): Promise<InvokeOutcome> {
    const started = performance.now();
    const toolboxId = entry.toolboxId;
    const releases: Array<() => void> = [];
    let outcome: CallOutcome;
    try {
      const toolbox = this.semaphoreFor(toolboxId);
      releases.push(toolbox.tryAcquire() ?? (await toolbox.acquire(request.signal)));
      releases.push(this.global.tryAcquire() ?? (await this.global.acquire(request.signal)));
      outcome = await this.callWithLimit(entry, host, request);
    } catch (err) {
      outcome = { ok: false, error: queueError(err, entry) };
    } finally {
      for (const release of releases.reverse()) release();
    }
    const latencyMs = elapsed(started);
    const result: InvokeOutcome = outcome.ok ? { ok: true, result: outcome.result, toolboxId, latencyMs } : { ok: false, error: outcome.error, toolboxId, latencyMs };
    this.log(entry, request, result);
    return result;
  }

  /** Calls running and waiting, globally. */
  get load(): { running: number; waiting: number } {
    return { running: this.global.running, waiting: this.global.waiting };
  }

  /**
   * Calls the host under the time limit: resolves with the host's outcome, or — at the limit or when the caller
   * aborts, whichever comes first — aborts the call's signal and resolves at once with `timeout`/`aborted`.
   */
  private callWithLimit(entry: CatalogEntry, host: ToolboxHost, request: InvokeRequest): Promise<CallOutcome> {
    const name = entry.tool.name;
    const timeoutMs = this.timeoutFor(entry);
    const controller = new LazyAbortController(); // its AbortSignal is created only if a host reads ctx.signal
    const external = request.signal;
    return new Promise<CallOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: CallOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        external?.removeEventListener('abort', onExternal);
        resolve(outcome);
      };
      const cutOff = (reason: ToolTimeoutError | ToolAbortedError): void => {
        if (settled) return;
        controller.abort(reason);
        finish({ ok: false, error: wireOf(reason) });
      };
      const onExternal = (): void => cutOff(new ToolAbortedError(name, entry.toolboxId, { cause: external?.reason }));
      const timer = setTimeout(() => cutOff(new ToolTimeoutError(name, entry.toolboxId, timeoutMs)), timeoutMs);
      if (external?.aborted) return onExternal();
      external?.addEventListener('abort', onExternal, { once: true });
      const ctx = new PolicyCallContext(controller, timeoutMs, request.context ?? {}, request.onProgress);
      host.call(name, request.args === undefined ? {} : request.args, ctx).then(finish, (err: unknown) =>
        // a host must not reject (CallOutcome carries errors); one that does is answered, not left hanging
        finish({ ok: false, error: wireErrors.hostRejected(entry.toolboxId, name, err instanceof Error ? err.message : String(err)) }),
      );
    });
  }

  private semaphoreFor(toolboxId: string): Semaphore {
    let s = this.perToolbox.get(toolboxId);
    if (!s) {
      s = new Semaphore(this.settings.maxConcurrencyPerToolbox, this.settings.maxQueue, `toolbox "${toolboxId}" concurrency limit (max_concurrency_per_toolbox)`);
      this.perToolbox.set(toolboxId, s);
    }
    return s;
  }

  /**
   * One line per invocation (info when it succeeded, warn when not), built only when that level is on. A tool that
   * ran but answered `success: false` (the OVOS tools' failure value) logs `outcome=tool_error`, not `ok`; a timeout
   * logs `limit=` with the setting its limit came from (`tool_timeouts`, `"tool timeoutMs"`, `default_timeout_ms`). Every value
   * is one logfmt field (`logField`), so nothing in the arguments can forge another.
   */
  private log(entry: CatalogEntry, request: InvokeRequest, outcome: InvokeOutcome): void {
    if (!isLogEnabled(this.logger, outcome.ok ? 'info' : 'warn')) return;
    const traceparent = parseTraceparent(request.context?.traceparent);
    const base = `invoke ${logField('tool', entry.tool.name)} ${logField('toolbox', entry.toolboxId)} duration_ms=${outcome.latencyMs}${traceparent ? ` ${logField('traceparent', traceparent)}` : ''}`;
    const argText = this.settings.logArguments ? ` ${logField('args', safeJson(request.args))}` : '';
    if (outcome.ok) this.logger.info(`${base} outcome=${outcome.result.success === false ? 'tool_error' : 'ok'}${argText}`);
    else {
      // a timeout names the setting its limit came from (the one limit of the call, see limitFor)
      const limit = outcome.error.code === 'timeout' ? ` ${logField('limit', this.limitFor(entry).source)}` : '';
      this.logger.warn(`${base} outcome=error ${logField('code', outcome.error.code)}${limit}${argText} error=${JSON.stringify(outcome.error.error)}`);
    }
  }
}

/**
 * The {@link HostCallContext} of one call: `signal` reads the lazy `abort` (so it exists only if a host reads it).
 * A class, so the getter lives on the prototype and every call's context has the same shape.
 */
class PolicyCallContext implements HostCallContext {
  readonly deadline: number;
  readonly onProgress?: (progress: ToolProgress) => void;

  constructor(
    readonly abort: LazyAbortController,
    readonly timeoutMs: number,
    readonly context: JsonObject,
    onProgress: ((progress: ToolProgress) => void) | undefined,
  ) {
    this.deadline = Date.now() + timeoutMs;
    if (onProgress) this.onProgress = onProgress;
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }
}

function wireOf(reason: unknown): WireError {
  const r = reason as { ovosClass?: string; code?: WireError['code']; message?: string };
  return { error: `${r.ovosClass}: ${r.message}`, code: r.code ?? 'aborted' };
}

function queueError(err: unknown, entry: CatalogEntry): WireError {
  if (err instanceof QueueFullError) return wireErrors.overloaded(err.message);
  if ((err as { code?: string })?.code === 'aborted') return wireOf(new ToolAbortedError(entry.tool.name, entry.toolboxId));
  return wireErrors.internal(err instanceof Error ? err.message : String(err));
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 1000) / 1000;
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'undefined';
  } catch {
    return '[unserialisable]';
  }
}
