import { silentLogger, type CallOutcome, type HostCallContext, type HostHealth, type Logger, type ToolboxDescription, type ToolboxHost } from '@ovos-tools/core';
import type { ToolBoxLike } from '@ovos-tools/core/contract';
import { abortOutcome } from '@ovos-tools/core';
import { callToolOptions } from './callToolOptions.js';
import { toDescriptor } from './descriptors.js';
import { toolCallOutcome } from './toolCallOutcome.js';
import { warmUpToolbox } from './warmUpToolbox.js';
import { wireErrors } from '../service/wireErrors.js';

/**
 * A toolbox running in the provider's own thread (isolation `inline`): the fastest host and the only one
 * without a boundary — a tool that blocks the event loop stalls the provider, and one that exhausts memory
 * takes it down. Only where the operator sets it.
 */
export class InlineHost implements ToolboxHost {
  readonly kind = 'inline' as const;
  readonly toolboxId: string;
  private readonly description: ToolboxDescription;
  private inflight = 0;
  private closed = false;

  /** `logger` receives a failed warm-up's warning (see {@link InlineHost.warmUp}). */
  constructor(
    private readonly instance: ToolBoxLike,
    private readonly logger: Logger = silentLogger,
  ) {
    this.toolboxId = instance.toolboxId;
    this.description = { toolboxId: instance.toolboxId, tools: [...instance.tools.values()].map(toDescriptor) };
  }

  describe(): ToolboxDescription {
    return this.description;
  }

  health(): HostHealth {
    return { state: this.closed ? 'closed' : 'ready', restarts: 0, inflight: this.inflight };
  }

  async call(name: string, args: unknown, ctx: HostCallContext): Promise<CallOutcome> {
    if (this.closed) return { ok: false, error: wireErrors.toolboxClosed(this.toolboxId) };
    const abort = ctx.abort ?? ctx.signal; // the policy's lazy controller when there is one: reading it creates no signal
    if (abort.aborted) return abortOutcome(abort, name, this.toolboxId);
    this.inflight++;
    try {
      const outcome = await toolCallOutcome(this.instance, name, args, callToolOptions(abort, ctx.context, ctx.onProgress));
      return !outcome.ok && abort.aborted ? abortOutcome(abort, name, this.toolboxId) : outcome;
    } finally {
      this.inflight--;
    }
  }

  /** Runs the toolbox's `warmUp()` on this thread, from the next turn of the event loop on (so never inside a reload). */
  warmUp(): void {
    setImmediate(() => {
      if (!this.closed) void warmUpToolbox(this.instance, this.logger);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.instance.close();
    } catch {
      // closing is best effort; the generation is gone either way
    }
  }
}
