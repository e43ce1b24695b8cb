import type { WireError } from '../errors/wireError.js';
import type { Logger } from '../logging/Logger.js';
import { hostErrors } from './hostErrors.js';
import type { CallOutcome, HostCallContext, HostHealth, HostKind, HostState, ToolboxDescription, ToolboxHost } from './ToolboxHost.js';

/** How a {@link SupervisedHost} keeps its runtime alive. */
export interface SupervisionOptions {
  /** The toolbox the host serves. */
  toolboxId: string;
  /**
   * `max_restarts`: crashes (a runtime that stopped, or a restart that failed) within `crashWindowMs` after which the
   * host is `unhealthy` and refuses calls until the next reload. `Infinity`: never given up (e.g. a remote server
   * that may come back).
   */
  maxRestarts: number;
  /** The window crashes are counted in, ms; default 60000. */
  crashWindowMs?: number;
  /**
   * Delay before a restart, ms: given the attempt since the host last served (from 1) and the crashes counted in the
   * window now (from 1).
   */
  backoffMs: (attempt: number, recentCrashes: number) => number;
  /** Where crashes, restarts and giving up are logged. */
  logger: Logger;
  /** How log lines name the host, e.g. `toolbox 'x'` or `MCP server 'fs' at http://…`; default `toolbox '<id>'`. */
  label?: string;
  /** Called with the toolbox id after each successful restart (metrics). */
  onRestart?: (toolboxId: string) => void;
}

const RESOLVED = Promise.resolve();

/** `a minute`, or `<n> s`. */
function windowText(ms: number): string {
  return ms === 60_000 ? 'a minute' : `${Math.round(ms / 1000)} s`;
}

/**
 * The supervision every toolbox host with a runtime of its own shares — the provider's worker and process hosts,
 * toolbox-mcp's MCP server host — so `max_restarts`, backoff, health and tools-changed mean the same for all:
 * - state: `starting` → `ready`; a lost runtime → `restarting` (calls wait, see {@link untilSettled}) → `ready` again,
 *   or `unhealthy` after `maxRestarts` crashes within `crashWindowMs` (calls refused until the next reload) →
 *   `closed` for good;
 * - a lost runtime fails the calls in flight with `toolbox_crashed` naming why (core `hostErrors`), and restarts with
 *   backoff; a restart that fails counts as a crash and tries again after the next delay;
 * - `health()` answers state, restarts, calls in flight and the last error; `onToolsChanged` listeners hear of a
 *   restart that changed the tools, and of whatever the subclass reports with {@link emitToolsChanged}.
 * A subclass provides the runtime: {@link relaunch} (start a fresh one), {@link failInflight}, {@link inflightCount},
 * {@link shutdown}, and tells the base when its runtime was lost ({@link runtimeLost}).
 */
export abstract class SupervisedHost implements ToolboxHost {
  abstract readonly kind: HostKind;
  readonly toolboxId: string;
  /** The state now; change it with {@link setState} (callers waiting in {@link untilSettled} are released). */
  protected state: HostState;
  /** Successful restarts so far. */
  protected restarts = 0;
  /** Why the runtime last stopped, for the operator (`health().lastError`); may hold detail callers must not see. */
  protected lastError: string | undefined;
  /** The same without operator-only detail: what callers are told. */
  protected lastReason: string | undefined;
  protected readonly supervision: SupervisionOptions;
  #crashes: number[] = [];
  #attempt = 0;
  #timer: NodeJS.Timeout | undefined;
  #relaunching: Promise<boolean> | undefined;
  readonly #listeners = new Set<() => void>();
  #waiters: Array<() => void> = [];

  protected constructor(supervision: SupervisionOptions, initial: HostState = 'ready') {
    this.supervision = supervision;
    this.toolboxId = supervision.toolboxId;
    this.state = initial;
  }

  abstract describe(): ToolboxDescription;
  abstract call(name: string, args: unknown, ctx: HostCallContext): Promise<CallOutcome>;

  /** Starts a fresh runtime and makes it the live one; resolves with whether its tools changed; rejects saying why it could not start. */
  protected abstract relaunch(): Promise<{ toolsChanged: boolean }>;
  /** Calls in flight now. */
  protected abstract inflightCount(): number;
  /** Answers every call in flight with `error` (its runtime is gone, or the host closed). */
  protected abstract failInflight(error: WireError): void;
  /** Stops the live runtime for good (from {@link close}). */
  protected abstract shutdown(): Promise<void>;

  /** State, successful restarts, calls in flight and the last error. */
  health(): HostHealth {
    const h: HostHealth = { state: this.state, restarts: this.restarts, inflight: this.inflightCount() };
    if (this.lastError !== undefined) h.lastError = this.lastError;
    return h;
  }

  /** Calls `listener` when the tools changed (a restart brought other tools, or the runtime said so). Returns the unsubscribe function. */
  onToolsChanged(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops restarting, answers the calls in flight `toolbox_unavailable` (closed during the call) and shuts the runtime down. Idempotent. */
  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.setState('closed');
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.failInflight(hostErrors.closedDuringCall(this.toolboxId));
    this.#listeners.clear();
    await this.shutdown();
  }

  /** Tells every `onToolsChanged` listener; one that throws is logged and does not stop the others. */
  protected emitToolsChanged(): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener();
      } catch (err) {
        this.supervision.logger.warn(`${this.#name()}: an onToolsChanged listener threw: ${(err as Error)?.message ?? String(err)}`);
      }
    }
  }

  /** Changes the state; leaving `starting`/`restarting` releases every caller waiting in {@link untilSettled}. */
  protected setState(state: HostState): void {
    this.state = state;
    if (state !== 'restarting' && state !== 'starting') for (const w of this.#waiters.splice(0)) w();
  }

  /** Resolves once the host is neither starting nor restarting, or `signal` fires (check the state after). */
  protected untilSettled(signal?: AbortSignal): Promise<void> {
    if ((this.state !== 'restarting' && this.state !== 'starting') || signal?.aborted) return RESOLVED;
    return new Promise((resolve) => {
      const done = () => {
        signal?.removeEventListener('abort', done);
        this.#waiters = this.#waiters.filter((w) => w !== done);
        resolve();
      };
      this.#waiters.push(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /**
   * The runtime stopped (it exited, crashed, passed its memory limit, lost its connection): unless `failInflight` is
   * false, the calls in flight get `toolbox_crashed` naming `reason`; unless `collateral` (it stopped because of
   * another host sharing it), it counts as a crash. Then the host restarts after the backoff, or, past `max_restarts`
   * crashes within the window, is `unhealthy`.
   * @param reason - for callers (no operator-only detail); `detail` is appended for the operator's log and health.
   */
  protected runtimeLost(reason: string, options: { detail?: string; collateral?: boolean; failInflight?: boolean } = {}): void {
    if (this.state === 'closed') return;
    this.lastReason = reason;
    this.lastError = options.detail ? `${reason}; ${options.detail}` : reason;
    this.supervision.logger.error(`${this.#name()} stopped: ${this.lastError}`);
    if (options.failInflight !== false) this.failInflight(hostErrors.crashedDuringCall(this.toolboxId, reason));
    if (!options.collateral) this.#countCrash();
    this.#scheduleRestart();
  }

  /** Starts a restart now, or joins the one under way; resolves true once the host serves again. Never rejects. */
  protected restartNow(): Promise<boolean> {
    if (this.state === 'closed' || this.state === 'unhealthy') return Promise.resolve(false);
    if (this.#relaunching) return this.#relaunching;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.state !== 'starting') this.setState('restarting');
    const run = this.relaunch().then(
      ({ toolsChanged }) => {
        this.#relaunching = undefined;
        if ((this.state as HostState) === 'closed') return false;
        this.restarts++;
        this.#attempt = 0;
        this.setState('ready');
        this.supervision.logger.info(`${this.#name()} restarted (restart ${this.restarts})`);
        this.supervision.onRestart?.(this.toolboxId);
        if (toolsChanged) this.emitToolsChanged();
        return true;
      },
      (err: unknown) => {
        this.#relaunching = undefined;
        if ((this.state as HostState) === 'closed') return false;
        const why = (err as Error)?.message ?? String(err);
        this.lastError = why;
        this.lastReason = (err as { summary?: string }).summary ?? why;
        this.supervision.logger.warn(`${this.#name()}: restart failed: ${why}`);
        this.#countCrash();
        this.#scheduleRestart();
        return false;
      },
    );
    this.#relaunching = run;
    return run;
  }

  /** `toolbox_unavailable` naming why: closed, unhealthy (and its last error), or restarting; `reason` overrides. */
  protected unavailable(reason?: string): WireError {
    const why =
      reason ??
      (this.state === 'closed'
        ? 'it was closed'
        : this.state === 'unhealthy'
          ? `it crashed ${this.supervision.maxRestarts} times within ${windowText(this.supervision.crashWindowMs ?? 60_000)} (last: ${this.lastReason ?? 'unknown error'}); it is unhealthy until the next reload`
          : `it is restarting${this.lastReason ? ` (${this.lastReason})` : ''}`);
    return hostErrors.toolboxUnavailable(this.toolboxId, why);
  }

  #name(): string {
    return this.supervision.label ?? `toolbox '${this.toolboxId}'`;
  }

  #countCrash(): void {
    const now = Date.now();
    const window = this.supervision.crashWindowMs ?? 60_000;
    this.#crashes = this.#crashes.filter((t) => now - t < window);
    this.#crashes.push(now);
  }

  /** The next restart after the backoff, or `unhealthy` past `max_restarts` crashes within the window. */
  #scheduleRestart(): void {
    if (this.state === 'closed' || this.#timer || this.#relaunching) return;
    const { maxRestarts, crashWindowMs = 60_000 } = this.supervision;
    const now = Date.now();
    const recent = this.#crashes.filter((t) => now - t < crashWindowMs).length;
    if (recent >= maxRestarts) {
      this.supervision.logger.error(`${this.#name()} is unhealthy: ${recent} crashes within ${crashWindowMs} ms; calls are refused until the next reload`);
      this.setState('unhealthy');
      return;
    }
    this.setState('restarting');
    this.#attempt++;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.restartNow();
    }, this.supervision.backoffMs(this.#attempt, recent));
    this.#timer.unref?.();
  }
}
