import { Message, personaCallTopic, type Bus, type CallOutcome, type HostCallContext, type HostHealth, type JsonObject, type ToolboxDescription, type ToolboxHost, type ToolDescriptor } from '@ovos-tools/core';
import { abortOutcome } from '@ovos-tools/core';
import { isObject } from '@ovos-tools/core/node';
import { wireErrors } from '../service/wireErrors.js';

/**
 * A toolbox that lives elsewhere on the messagebus (a Python OVOS `ToolBox`, another provider), reached over its
 * own call topic `ovos.persona.tools.<toolbox_id>.call` with `{name, kwargs}` and answered `{result}` or
 * `{error}` (OPM `ToolBox.handle_call`, wire spec §2.5). Requests carry `context.request_id` so concurrent calls
 * never cross; the remote toolbox validates its own arguments and output. Time limits, concurrency and
 * permissions are the provider's, as for every host.
 */
export class BusToolboxHost implements ToolboxHost {
  readonly kind = 'bus' as const;
  private inflight = 0;
  private closed = false;

  constructor(
    private readonly bus: Bus,
    private readonly description: ToolboxDescription,
  ) {}

  get toolboxId(): string {
    return this.description.toolboxId;
  }

  describe(): ToolboxDescription {
    return this.description;
  }

  health(): HostHealth {
    return { state: this.closed ? 'closed' : 'ready', restarts: 0, inflight: this.inflight };
  }

  async call(name: string, args: unknown, ctx: HostCallContext): Promise<CallOutcome> {
    if (this.closed) return { ok: false, error: wireErrors.remoteGone(this.toolboxId) };
    if (ctx.signal.aborted) return abortOutcome(ctx.signal, name, this.toolboxId);
    this.inflight++;
    try {
      const request = new Message(personaCallTopic(this.toolboxId), { name, kwargs: args as JsonObject }, passThrough(ctx.context));
      const waiting = this.bus.waitForResponse(request, undefined, Math.max(1, ctx.deadline - Date.now()));
      const reply = await Promise.race([waiting, aborted(ctx.signal)]);
      if (ctx.signal.aborted) return abortOutcome(ctx.signal, name, this.toolboxId);
      if (!reply) {
        return { ok: false, error: wireErrors.remoteSilent(this.toolboxId) };
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
}

/** The tools of a discover answer `{tools: [{name, description, argument_schema, output_schema}], toolbox_id}` as descriptors; malformed entries are skipped. */
export function descriptorsFromDiscover(tools: unknown): ToolDescriptor[] {
  if (!Array.isArray(tools)) return [];
  const out: ToolDescriptor[] = [];
  for (const t of tools) {
    if (t === null || typeof t !== 'object') continue;
    const e = t as Record<string, unknown>;
    if (typeof e.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(e.name)) continue;
    out.push({
      name: e.name,
      description: typeof e.description === 'string' ? e.description : '',
      argumentSchema: isObject(e.argument_schema) ? e.argument_schema : { type: 'object' },
      outputSchema: isObject(e.output_schema) ? e.output_schema : { type: 'object' },
      tags: ['remote'],
    });
  }
  return out;
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
