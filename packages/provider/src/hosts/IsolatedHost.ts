import {
  listenForAbort,
  SupervisedHost,
  type CallOutcome,
  type HostCallContext,
  type ToolboxDescription,
  type ToolProgress,
  type WireError,
} from '@ovos-tools/core';
import type { ToolboxLoadError } from '../loading/ToolboxLoadError.js';
import type { HostChannel } from './channels.js';
import { abortOutcome } from '@ovos-tools/core';
import { isFromHost, type FromHost } from './protocol.js';
import { wakeSpinner } from './wakeSpin.js';
import type { IsolatedHostOptions } from './IsolatedHostOptions.js';
import { launchRuntime } from './launchRuntime.js';
import { wireErrors } from '../service/wireErrors.js';

interface PendingCall {
  name: string;
  resolve: (outcome: CallOutcome) => void;
  onProgress?: (progress: ToolProgress) => void;
  /** Answered already (timeout/abort); the runtime still owes its result. */
  settled: boolean;
  graceTimer?: NodeJS.Timeout;
  detach?: () => void;
}

const BACKOFF_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * A toolbox running in its own worker thread or child process (see `channels.ts`), behind the `ToolboxHost`
 * interface, supervised by core's {@link SupervisedHost} (as toolbox-mcp's MCP host is): a runtime that exits, passes
 * its memory limit or throws uncaught is restarted with backoff (calls in flight get a `toolbox_crashed` error naming
 * why); a call whose signal fired and that has not returned `killGraceMs` later gets its runtime terminated and
 * restarted; after `maxRestarts` crashes within a minute the host is `unhealthy` and refuses calls until the next
 * reload. A stop caused by another toolbox of a shared worker is not counted as this toolbox's crash.
 */
export class IsolatedHost extends SupervisedHost {
  readonly kind: 'worker' | 'process';
  private description: ToolboxDescription;
  private channel: HostChannel;
  private nextId = 0;
  private readonly pending = new Map<number, PendingCall>();
  private stopReason: string | undefined;
  /** No call was running when {@link close} began: the runtime may end cleanly (on a shared worker, only this toolbox). */
  private idleAtClose = false;
  /** Closed while a cut-off call has not returned: new calls wait instead of queueing behind it in a runtime that may be recycled. */
  private gate: { promise: Promise<void>; open: () => void } | undefined;
  /** Keeps the provider's loop polling while a lone call is out, so its answer is read without waking a sleeping thread. */
  private readonly awaitAnswer: () => void;
  /** {@link IsolatedHost.warmUp} was called: a restarted runtime warms up too. */
  private warm = false;

  private constructor(
    private readonly options: IsolatedHostOptions,
    launched: { channel: HostChannel; description: ToolboxDescription },
  ) {
    super({
      toolboxId: launched.description.toolboxId,
      maxRestarts: options.maxRestarts,
      ...(options.crashWindowMs !== undefined ? { crashWindowMs: options.crashWindowMs } : {}),
      backoffMs: (_attempt, recentCrashes) => BACKOFF_MS[Math.min(Math.max(recentCrashes - 1, 0), BACKOFF_MS.length - 1)]!,
      logger: options.logger,
      ...(options.onRestart ? { onRestart: options.onRestart } : {}),
    });
    this.kind = options.kind;
    this.description = launched.description;
    this.channel = launched.channel;
    this.awaitAnswer = wakeSpinner(options.spinWaitMs, () => this.pending.size > 0);
    this.attach(this.channel);
  }

  /**
   * Starts the runtime and waits for its tools.
   * @throws {@link ToolboxLoadError} when the toolbox fails to import, construct or discover in its runtime, when
   *   the runtime exits or sends garbage before announcing its tools, or when it does not announce them in time.
   */
  static async start(options: IsolatedHostOptions): Promise<IsolatedHost> {
    return new IsolatedHost(options, await launchRuntime(options));
  }

  describe(): ToolboxDescription {
    return this.description;
  }

  async call(name: string, args: unknown, ctx: HostCallContext): Promise<CallOutcome> {
    const abort = ctx.abort ?? ctx.signal; // the policy's lazy controller when there is one: reading it creates no signal
    if (abort.aborted) return abortOutcome(abort, name, this.toolboxId);
    // wait while the runtime restarts, or while a cut-off call may still be holding it (it is about to be reclaimed)
    while (this.gate || this.state === 'restarting') {
      const wait = this.gate ? this.gate.promise : this.untilSettled(ctx.signal);
      const outcome = await Promise.race([wait.then(() => undefined), signalled(ctx.signal, name, this.toolboxId)]);
      if (outcome) return outcome;
    }
    if (this.state !== 'ready') return { ok: false, error: this.unavailable() };
    const id = ++this.nextId;
    return new Promise<CallOutcome>((resolve) => {
      const call: PendingCall = { name, resolve, settled: false };
      if (ctx.onProgress) call.onProgress = ctx.onProgress;
      call.detach = listenForAbort(abort, () => this.abandon(id, call, abort));
      this.pending.set(id, call);
      const lone = this.pending.size === 1;
      // poll for the answer of a lone call only (as the runtime does for the next call): under concurrency the next
      // answer comes anyway, and polling would take CPU from the runtime and the callers on a small machine
      if (lone) this.awaitAnswer();
      this.channel.post({ t: 'call', id, name, args, context: ctx.context, progress: Boolean(ctx.onProgress), lone }, (err) => {
        if (this.pending.get(id) !== call) return;
        this.pending.delete(id);
        call.detach?.();
        const detail = err instanceof Error ? err.message : String(err);
        if (!call.settled) resolve({ ok: false, error: wireErrors.argumentsNotSendable(name, this.toolboxId, detail) });
      });
    });
  }

  /** Asks the runtime to run its toolbox's `warmUp()` in the background (and every runtime a restart starts). */
  warmUp(): void {
    if (this.warm) return;
    this.warm = true;
    if (this.state === 'ready') this.channel.post({ t: 'warm-up' });
  }

  override async close(): Promise<void> {
    if (this.state !== 'closed') this.idleAtClose = this.pending.size === 0;
    await super.close();
  }

  /** A toolbox with no call running ends cleanly (on a shared worker, only it); one still running code is terminated. */
  protected async shutdown(): Promise<void> {
    this.stopReason = 'closed';
    await (this.idleAtClose && this.channel.release ? this.channel.release() : this.channel.terminate());
  }

  protected inflightCount(): number {
    let n = 0;
    for (const c of this.pending.values()) if (!c.settled) n++;
    return n;
  }

  protected failInflight(error: WireError): void {
    for (const call of this.pending.values()) {
      clearTimeout(call.graceTimer);
      call.detach?.();
      if (!call.settled) call.resolve({ ok: false, error });
    }
    this.pending.clear();
    this.openGate();
  }

  /** A restart: a fresh runtime (same init), attached as the live one; a runtime of a closed host is stopped at once. */
  protected async relaunch(): Promise<{ toolsChanged: boolean }> {
    const launched = await launchRuntime(this.options);
    if (this.state === 'closed') {
      await launched.channel.terminate();
      return { toolsChanged: false };
    }
    this.channel = launched.channel;
    this.attach(launched.channel);
    const changed = JSON.stringify(launched.description) !== JSON.stringify(this.description);
    this.description = { ...launched.description, toolboxId: this.toolboxId };
    if (this.warm) this.channel.post({ t: 'warm-up' });
    return { toolsChanged: changed };
  }

  /** The caller gave up (time limit or cancellation): answer now, tell the runtime, and reclaim it if it does not stop. */
  private abandon(id: number, call: PendingCall, abort: { readonly reason: unknown }): void {
    if (call.settled) return;
    call.settled = true;
    call.resolve(abortOutcome(abort, call.name, this.toolboxId));
    if (!this.gate) {
      let open!: () => void;
      const promise = new Promise<void>((resolve) => (open = resolve));
      this.gate = { promise, open };
    }
    const reason = (abort.reason as { code?: string } | undefined)?.code === 'timeout' ? 'timeout' : 'aborted';
    this.channel.post({ t: 'abort', id, reason }); // if the runtime is gone, its exit handler cleans up
    call.graceTimer = setTimeout(() => {
      if (!this.pending.has(id) || this.state !== 'ready') return;
      this.stopReason = `a call to '${call.name}' did not stop within ${this.options.killGraceMs} ms of being cut off (kill_grace_ms)`;
      void this.channel.terminate();
    }, this.options.killGraceMs);
    call.graceTimer.unref?.();
  }

  private attach(channel: HostChannel): void {
    channel.onMessage((raw) => {
      if (channel !== this.channel) return;
      if (!isFromHost(raw)) {
        this.options.logger.error(`toolbox '${this.toolboxId}' sent a message that is not part of the host protocol; restarting it`);
        this.stopReason = 'it sent a message that is not part of the host protocol';
        void channel.terminate();
        return;
      }
      this.receive(raw);
    });
    channel.onExit((reason, collateral) => {
      if (channel !== this.channel || this.state === 'closed') return;
      const why = this.stopReason ?? reason;
      const ownStop = this.stopReason !== undefined;
      this.stopReason = undefined;
      this.runtimeLost(why, { collateral: collateral === true && !ownStop });
    });
  }

  private receive(message: FromHost): void {
    switch (message.t) {
      case 'result': {
        const call = this.pending.get(message.id);
        if (!call) return;
        this.pending.delete(message.id);
        clearTimeout(call.graceTimer);
        call.detach?.();
        if (!call.settled) call.resolve(message.outcome);
        else if (![...this.pending.values()].some((c) => c.settled)) this.openGate();
        return;
      }
      case 'progress': {
        const call = this.pending.get(message.id);
        if (call && !call.settled) call.onProgress?.(message.progress);
        return;
      }
      case 'log':
        this.options.logger[message.level](message.message);
        return;
      case 'chat':
        void this.answerChat(message.id, message.messages);
        return;
      default:
        // `ready`/`failed` after start belong to a restart (handled by launch)
        return;
    }
  }

  private async answerChat(id: number, messages: Array<{ role: string; content: string }>): Promise<void> {
    const brain = this.options.brain;
    if (!brain) {
      this.channel.post({ t: 'chat-result', id, ok: false, error: 'no chat engine is configured for the provider (brain)' });
      return;
    }
    try {
      const reply = await brain.continueChat(messages as never);
      this.channel.post({ t: 'chat-result', id, ok: true, content: reply.content });
    } catch (err) {
      this.channel.post({ t: 'chat-result', id, ok: false, error: err instanceof Error ? err.message : String(err) });
    }
  }

  private openGate(): void {
    const gate = this.gate;
    this.gate = undefined;
    gate?.open();
  }
}

function signalled(signal: AbortSignal, name: string, toolboxId: string): Promise<CallOutcome> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(abortOutcome(signal, name, toolboxId));
    signal.addEventListener('abort', () => resolve(abortOutcome(signal, name, toolboxId)), { once: true });
  });
}
