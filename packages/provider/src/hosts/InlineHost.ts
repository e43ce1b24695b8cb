import type { CallOutcome, CallToolOptions, HostCallContext, HostHealth, JsonObject, LazyAbortController, ToolboxDescription, ToolboxHost, ToolProgress } from '@ovos-tools/core';
import type { ToolBoxLike } from '@ovos-tools/core/testing';
import { abortOutcome } from './abortOutcome.js';
import { toDescriptor } from './descriptors.js';
import { toolCallOutcome } from './toolCallOutcome.js';
import { wireErrors } from '../errors/wireErrors.js';

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

  constructor(private readonly instance: ToolBoxLike) {
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
    const abort = ctx.abort;
    if (abort ? abort.aborted : ctx.signal.aborted) return abortOutcome(ctx.signal, name, this.toolboxId);
    this.inflight++;
    try {
      const outcome = await toolCallOutcome(this.instance, name, args, new InlineCallOptions(ctx));
      return !outcome.ok && (abort ? abort.aborted : ctx.signal.aborted) ? abortOutcome(ctx.signal, name, this.toolboxId) : outcome;
    } finally {
      this.inflight--;
    }
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

/**
 * `ToolBox.callTool`'s options for one call: the policy's lazy `abort` goes on as it is, so a tool that never reads
 * `ctx.signal` costs no `AbortSignal`; `signal` (a getter, created on first read) stays for a toolbox built on an
 * older core, which knows only `signal`. A class, so the getter lives on the prototype.
 */
class InlineCallOptions implements CallToolOptions {
  readonly abort?: LazyAbortController;
  readonly context: JsonObject;
  readonly onProgress?: (progress: ToolProgress) => void;

  constructor(private readonly ctx: HostCallContext) {
    if (ctx.abort) this.abort = ctx.abort;
    this.context = ctx.context;
    if (ctx.onProgress) this.onProgress = ctx.onProgress;
  }

  get signal(): AbortSignal {
    return this.ctx.signal;
  }
}
