import { restoreStrictArguments, toWireError, type Logger, type WireError } from '@ovos-tools/core';
import type { AccessControl, Admission } from '../access/AccessControl.js';
import type { OutputBudgets } from '../budget/OutputBudgets.js';
import type { CatalogHolder } from '../catalog/CatalogHolder.js';
import type { Confirmation } from '../confirm/createConfirmation.js';
import type { ExecutionPolicy } from '../policy/ExecutionPolicy.js';
import type { DuplicateNamePolicy, RegistryGeneration } from '../registry/RegistryGeneration.js';
import type { Caller } from '../service/Caller.js';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import type { ConfirmationRequest } from '../service/ConfirmationRequest.js';
import type { InvokeOutcome } from '../service/InvokeOutcome.js';
import type { InvokeRequest } from '../service/InvokeRequest.js';
import { protoKeyPath } from '../service/protoKeyPath.js';
import type { Refusal } from '../service/Refusal.js';
import { wireErrors } from '../service/wireErrors.js';
import { lookupRefusal, lookupTool } from './lookupTool.js';

/** One call on its way through the pipeline: what the request asked, and what each stage found so far. */
export interface Call {
  /** The request as the transport handed it over. */
  readonly request: InvokeRequest;
  /** Who asks (the request's caller, else the in-process one). */
  readonly caller: Caller;
  /** `performance.now()` when the call arrived. */
  readonly started: number;
  /** The output budget chosen for this caller (`undefined`: no limit). */
  maxChars?: number | undefined;
  /** The generation the call is bound to (held until the call ends). */
  generation?: RegistryGeneration;
  /** The tool found by {@link lookup}. */
  entry?: CatalogEntry;
  /** The arguments the tool gets (strict-mode nulls removed). */
  args?: unknown;
  /** The agent's admission (released when the call ends). */
  admission?: Extract<Admission, { ok: true }>;
}

/** What the pipeline is made of (see `createToolService`). */
export interface PipelineParts {
  /** The generation serving now (a call binds to the one current when it arrived). */
  catalog: CatalogHolder;
  /** Who may use a tool, and start a call now. */
  access: AccessControl;
  /** The time limit and concurrency of every call. */
  policy: ExecutionPolicy;
  /** The caller's output budget, and where cut results wait. */
  budgets: OutputBudgets;
  /** What a name several toolboxes serve means without a toolbox (`duplicate_tool_names`). */
  duplicateToolNames: DuplicateNamePolicy;
  /** Which calls need the user's confirmation; none without it. */
  confirmation?: Confirmation | undefined;
  /** The first-load wait, `undefined` once loaded (or loaded in time), else the error to answer. */
  ready: () => Promise<WireError | undefined>;
  /** Where a result too large to keep for paging is reported. */
  logger: Logger;
}

const IN_PROCESS: Caller = { transport: 'in-process' };

/**
 * The invoke pipeline, in the order the docs draw it: lookup → access → confirm → admit → policy → host → budget →
 * answer. Each stage takes the {@link Call} and answers a {@link Refusal} (the service's one verdict type) or nothing
 * (go on); a call binds to the
 * generation current when it arrived, before any reload swaps it. Never throws: a stage that throws is answered as
 * the error it threw.
 */
export function invokePipeline(parts: PipelineParts): (request: InvokeRequest) => Promise<InvokeOutcome> {
  const stages = createStages(parts);
  return async (request) => {
    const call: Call = { request, caller: request.caller ?? IN_PROCESS, started: performance.now() };
    let release: (() => void) | undefined;
    try {
      const before = stages.admitRequest(call) ?? (parts.catalog.loaded ? undefined : await stages.awaitLoad());
      if (before) return answer(call, before);
      release = (call.generation = parts.catalog.current).acquire();
      const refused = stages.lookup(call) ?? stages.access(call) ?? (await stages.confirm(call)) ?? (await stages.admit(call));
      if (refused) return answer(call, refused);
      try {
        return await stages.budget(call, await stages.host(call));
      } finally {
        call.admission!.release();
      }
    } catch (err) {
      return answer(call, { error: toWireError(err) });
    } finally {
      release?.();
    }
  };
}

/** The stages of {@link invokePipeline}, each a small function of the call. */
function createStages(parts: PipelineParts) {
  const { access, policy, budgets } = parts;
  return {
    /** Refused before anything: a budget the request gets wrong, `__proto__` in the arguments (every door). */
    admitRequest(call: Call): Refusal | undefined {
      const budget = budgets.choose(call.caller, call.request.maxOutputChars);
      if (!budget.ok) return { error: budget.error };
      call.maxChars = budget.maxChars;
      const proto = protoKeyPath(call.request.args);
      return proto ? { error: wireErrors.protoKey(proto) } : undefined;
    },
    /** The first-load wait, bounded (only while the first load runs). */
    async awaitLoad(): Promise<Refusal | undefined> {
      const notReady = await parts.ready();
      return notReady ? { error: notReady } : undefined;
    },
    /** lookup: the tool in the bound generation (exact or vendor-mapped name), else unknown with the nearest names. */
    lookup(call: Call): Refusal | undefined {
      const { request } = call;
      const entry = lookupTool(call.generation!, request.name, request.toolboxId);
      if (!entry) return { error: lookupRefusal(call.generation!, request.name, request.toolboxId, (e) => access.canUse(call.caller, e).allowed) };
      call.entry = entry;
      return undefined;
    },
    /** access: may this caller use the tool; a name several toolboxes serve under `duplicate_tool_names: "error"`. */
    access(call: Call): Refusal | undefined {
      const entry = call.entry!;
      const decision = access.canUse(call.caller, entry);
      if (!decision.allowed) return { error: wireErrors.forbidden(call.request.name, decision.rule), rule: decision.rule, toolboxId: entry.toolboxId };
      if (parts.duplicateToolNames === 'error' && call.request.toolboxId === undefined) {
        const collision = call.generation!.collision(entry.tool.name);
        if (collision) return { error: wireErrors.ambiguousName(call.request.name, collision.toolboxIds) };
      }
      const { request } = call;
      call.args = request.format === 'openai-strict' ? restoreStrictArguments(entry.tool.argumentSchema, request.args ?? {}) : request.args;
      return undefined;
    },
    /** confirm: a call the policy wants confirmed runs only with the token of this very call. */
    async confirm(call: Call): Promise<Refusal | undefined> {
      if (!parts.confirmation) return undefined;
      const { request } = call;
      const pending = parts.confirmation.check(call.caller, call.entry!, { args: call.args, context: request.context, languages: request.languages, token: request.confirmToken });
      const verdict = 'then' in pending ? await pending : pending;
      if (verdict.ok) return undefined;
      return { error: verdict.error, toolboxId: call.entry!.toolboxId, ...(verdict.confirmation ? { confirmation: verdict.confirmation } : {}), ...(verdict.retryAfterMs !== undefined ? { retryAfterMs: verdict.retryAfterMs } : {}) };
    },
    /** admit: may the caller's agent start a call now (its rate and concurrency; synchronous unless shared in Redis). */
    async admit(call: Call): Promise<Refusal | undefined> {
      const admitted = access.admit(call.caller);
      const admission = admitted instanceof Promise ? await admitted : admitted;
      if (!admission.ok) return { ...admission, toolboxId: call.entry!.toolboxId };
      call.admission = admission;
      return undefined;
    },
    /** policy → host: the time limit and concurrency of the policy around the toolbox's host. */
    host(call: Call): Promise<InvokeOutcome> {
      const { request, entry } = call;
      return policy.run(entry!, call.generation!.toolbox(entry!.toolboxId)!.host, call.args === request.args ? request : { ...request, args: call.args });
    },
    /** budget: a successful result cut to the caller's budget, its full result kept for paging; on the result only. */
    async budget(call: Call, outcome: InvokeOutcome): Promise<InvokeOutcome> {
      if (call.maxChars === undefined || !outcome.ok) return outcome;
      const entry = call.entry!;
      const cut = await budgets.apply(outcome.result, call.maxChars, entry.tool.outputSchema, call.caller);
      if (!cut.ok) return { ok: false, error: cut.error, toolboxId: outcome.toolboxId, latencyMs: outcome.latencyMs };
      if (cut.keepError) parts.logger.warn(`the full result of '${entry.tool.name}' is not kept for paging: ${cut.keepError.error}`);
      return cut.truncated ? { ...outcome, result: cut.result, truncated: cut.truncated } : outcome;
    },
  };
}

/** answer: a refusal as the call's outcome (with the toolbox, once the tool was found, and how long it took). */
function answer(call: Call, refusal: Refusal): InvokeOutcome {
  const latencyMs = Math.round((performance.now() - call.started) * 1000) / 1000;
  return {
    ok: false,
    error: refusal.error,
    latencyMs,
    ...(refusal.toolboxId ? { toolboxId: refusal.toolboxId } : {}),
    ...(refusal.rule !== undefined ? { rule: refusal.rule } : {}),
    ...(refusal.confirmation ? { confirmation: refusal.confirmation } : {}),
    ...(refusal.retryAfterMs !== undefined ? { retryAfterMs: refusal.retryAfterMs } : {}),
  } as InvokeOutcome;
}
