import { Message, personaCallTopic, type Bus, type CallOutcome, type HostCallContext, type HostHealth, type JsonObject, type ToolboxDescription, type ToolboxHost } from '@ovos-tools/core';
import { abortOutcome } from '@ovos-tools/core';
import { wireErrors } from '../service/wireErrors.js';

/** How much longer than the call's deadline the host itself waits for an answer, ms. */
const OWN_WAIT_GRACE_MS = 1000;

/** What a {@link BusToolboxHost} is told beside the bus and its tools. */
export interface BusToolboxHostOptions {
  /**
   * Called when a call got no answer in its time limit: the host is then unavailable (calls are answered
   * `toolbox_unavailable` at once) until {@link BusToolboxHost.revive} — the federation asks the bus again.
   */
  onSilent?: (host: BusToolboxHost) => void;
}

/**
 * A toolbox that lives elsewhere on the messagebus (a Python OVOS `ToolBox`, another provider), reached over its
 * own call topic `ovos.persona.tools.<toolbox_id>.call` with `{name, kwargs}` and answered `{result}` or
 * `{error}` (OPM `ToolBox.handle_call`, wire spec §2.5). Requests carry `context.request_id` so concurrent calls
 * never cross; the remote toolbox validates its own arguments and output. Time limits, concurrency and
 * permissions are the provider's, as for every host: its tools carry the federation's answer limit as their
 * `timeoutMs`. The first call that gets no answer in its limit marks the host unavailable (it may have stopped):
 * later calls are answered `toolbox_unavailable` at once instead of each waiting out the limit, until the toolbox
 * answers a discovery again (`revive`) or the next discovery drops it.
 */
export class BusToolboxHost implements ToolboxHost {
  readonly kind = 'bus' as const;
  private inflight = 0;
  private closed = false;
  private silentSince: string | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly description: ToolboxDescription,
    private readonly options: BusToolboxHostOptions = {},
  ) {}

  get toolboxId(): string {
    return this.description.toolboxId;
  }

  describe(): ToolboxDescription {
    return this.description;
  }

  health(): HostHealth {
    if (this.closed) return { state: 'closed', restarts: 0, inflight: this.inflight };
    if (this.silentSince) return { state: 'unhealthy', restarts: 0, inflight: this.inflight, lastError: this.silentSince };
    return { state: 'ready', restarts: 0, inflight: this.inflight };
  }

  /** True while a silence has marked it unavailable. */
  get unavailable(): boolean {
    return this.silentSince !== undefined;
  }

  /** It answered a discovery again: calls go to it once more. */
  revive(): void {
    this.silentSince = undefined;
  }

  async call(name: string, args: unknown, ctx: HostCallContext): Promise<CallOutcome> {
    if (this.closed) return { ok: false, error: wireErrors.remoteGone(this.toolboxId) };
    if (this.silentSince) return { ok: false, error: wireErrors.toolboxUnavailable(this.toolboxId, `${this.silentSince}; it is served again once it answers a discovery`) };
    if (ctx.signal.aborted) return abortOutcome(ctx.signal, name, this.toolboxId);
    this.inflight++;
    try {
      const request = new Message(personaCallTopic(this.toolboxId), { name, kwargs: args as JsonObject }, passThrough(ctx.context));
      // the policy answers `timeout` at the deadline (and fires the signal); the host's own wait ends a little later,
      // for a caller that calls it without a policy, so the two never race for the answer
      const waiting = this.bus.waitForResponse(request, undefined, Math.max(1, ctx.deadline - Date.now()) + OWN_WAIT_GRACE_MS);
      const reply = await Promise.race([waiting, aborted(ctx.signal)]);
      if (ctx.signal.aborted) {
        if ((ctx.signal.reason as { code?: unknown } | undefined)?.code === 'timeout') this.markSilent(ctx.timeoutMs);
        return abortOutcome(ctx.signal, name, this.toolboxId);
      }
      if (!reply) {
        this.markSilent(ctx.timeoutMs);
        return { ok: false, error: wireErrors.remoteSilent(this.toolboxId, ctx.timeoutMs) };
      }
      const data = reply.data ?? {};
      if (typeof data.error === 'string') return { ok: false, error: { error: data.error, code: typeof data.code === 'string' ? (data.code as never) : 'execution_failed' } };
      const result = data.result;
      if (result === null || typeof result !== 'object' || Array.isArray(result)) {
        return { ok: false, error: wireErrors.remoteNoResult(this.toolboxId) };
      }
      return { ok: true, result: result as Record<string, unknown> };
    } finally {
      this.inflight--;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private markSilent(timeoutMs: number): void {
    if (this.silentSince) return;
    this.silentSince = `it did not answer a call within ${timeoutMs} ms (it may have stopped)`;
    this.options.onSilent?.(this);
  }
}

/** The request context keys a remote toolbox should see (OVOS-TOOLS-1: session and utterance_id pass through). */
function passThrough(context: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of ['session', 'utterance_id', 'traceparent', 'source', 'destination']) if (context[key] !== undefined) out[key] = context[key];
  return out;
}

function aborted(signal: AbortSignal): Promise<null> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(null);
    signal.addEventListener('abort', () => resolve(null), { once: true });
  });
}
