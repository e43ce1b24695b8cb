import { toWireError, type Logger, type WireError } from '@ovos-tools/core';
import type { ProviderSettings } from '../config/ProviderConfig.js';
import type { RegisteredTool } from '../registry/RegistryGeneration.js';
import { QueueFullError, Semaphore } from './Semaphore.js';

/** The outcome of one invocation, ready for the wire: a result or an error, plus who ran it and how long it took. */
export type InvokeOutcome =
  | { ok: true; result: Record<string, unknown>; toolboxId: string; latencyMs: number }
  | { ok: false; error: WireError; toolboxId: string; latencyMs: number };

/**
 * Runs invocations under the provider's policy: a per-toolbox and a global concurrency limit (FIFO queues of
 * bounded length; a full queue answers `overloaded`), a time limit per call (config `tool_timeouts[name]`, else
 * the tool's `timeoutMs`, else `default_timeout_ms`) enforced by `callTool` — on expiry the tool's AbortSignal
 * fires and the caller gets a `timeout` error at once — and one log line per invocation with tool, toolbox,
 * duration and outcome (arguments only when `log_arguments` is set). Never throws.
 */
export class ExecutionPolicy {
  private readonly global: Semaphore;
  private readonly perToolbox = new Map<string, Semaphore>();

  constructor(
    private readonly settings: ProviderSettings,
    private readonly logger: Logger,
  ) {
    this.global = new Semaphore(settings.maxConcurrency, settings.maxQueue, 'provider concurrency limit (max_concurrency)');
  }

  /** The time limit that applies to `entry`, in ms. */
  timeoutFor(entry: RegisteredTool): number {
    return this.settings.toolTimeouts[entry.tool.name] ?? entry.tool.timeoutMs ?? this.settings.defaultTimeoutMs;
  }

  /** Runs `entry` with `args` under the limits; resolves with the outcome. */
  async run(entry: RegisteredTool, args: unknown): Promise<InvokeOutcome> {
    const started = performance.now();
    const toolboxId = entry.toolbox.toolboxId;
    let outcome: InvokeOutcome;
    const releases: Array<() => void> = [];
    try {
      releases.push(await this.semaphoreFor(entry.toolbox.entryPointName).acquire());
      releases.push(await this.global.acquire());
      const result = await entry.toolbox.instance.callTool(entry.tool.name, args, { timeoutMs: this.timeoutFor(entry) });
      outcome = { ok: true, result, toolboxId, latencyMs: elapsed(started) };
    } catch (err) {
      const error: WireError = err instanceof QueueFullError ? { error: `RuntimeError: ${err.message}`, code: 'overloaded' } : toWireError(err);
      outcome = { ok: false, error, toolboxId, latencyMs: elapsed(started) };
    } finally {
      for (const release of releases.reverse()) release();
    }
    this.log(entry, args, outcome);
    return outcome;
  }

  /** Calls running and waiting, globally. */
  get load(): { running: number; waiting: number } {
    return { running: this.global.running, waiting: this.global.waiting };
  }

  private semaphoreFor(entryPoint: string): Semaphore {
    let s = this.perToolbox.get(entryPoint);
    if (!s) {
      s = new Semaphore(this.settings.maxConcurrencyPerToolbox, this.settings.maxQueue, `toolbox "${entryPoint}" concurrency limit (max_concurrency_per_toolbox)`);
      this.perToolbox.set(entryPoint, s);
    }
    return s;
  }

  private log(entry: RegisteredTool, args: unknown, outcome: InvokeOutcome): void {
    const base = `invoke tool=${entry.tool.name} toolbox=${outcome.toolboxId} duration_ms=${outcome.latencyMs}`;
    const argText = this.settings.logArguments ? ` args=${safeJson(args)}` : '';
    if (outcome.ok) this.logger.info(`${base} outcome=ok${argText}`);
    else this.logger.warn(`${base} outcome=error code=${outcome.error.code}${argText} error=${JSON.stringify(outcome.error.error)}`);
  }
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
