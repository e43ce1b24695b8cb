import { restoreStrictArguments, silentLogger, UnknownToolError, toWireError, VendorNameIndex, type Logger, type WireError } from '@ovos-tools/core';
import type { AccessControl } from '../access/AccessControl.js';
import { actingFor, DEFAULT_SESSION_RULES } from '../access/callerKeys.js';
import { MemoryResultStore } from '../budget/MemoryResultStore.js';
import { OutputBudgets } from '../budget/OutputBudgets.js';
import type { CatalogHolder } from '../catalog/CatalogHolder.js';
import type { Confirmation } from '../confirm/createConfirmation.js';
import { noopMetrics, type MetricsRecorder } from '../metrics/MetricsRecorder.js';
import type { ExecutionPolicy } from '../policy/ExecutionPolicy.js';
import type { DuplicateNamePolicy, RegistryGeneration } from '../registry/RegistryGeneration.js';
import { ToolSearchIndex, type ToolSearchIndexOptions } from '../search/ToolSearchIndex.js';
import type {
  Caller,
  CatalogChange,
  CatalogEntry,
  GetOutcome,
  InvokeOutcome,
  InvokeRequest,
  ListQuery,
  LoadProblem,
  ReloadOutcome,
  ReloadReport,
  ToolSearchOutcome,
  ToolSearchRequest,
  ToolService,
  ToolboxStatus,
} from '../service/ToolService.js';
import { LOAD_WAIT_MS, loadedWithin } from '../service/loadedWithin.js';
import { protoKeyPath } from '../service/protoKeyPath.js';
import { wireErrors } from '../service/wireErrors.js';

/** What {@link createToolService} composes. */
export interface ToolServiceParts {
  /** The generation serving now, and where swaps are announced; the service reads it on every call. */
  catalog: CatalogHolder;
  /** Builds and swaps in the next generation (the `Reloader`); called only for callers that may reload. */
  rebuild: () => Promise<ReloadReport>;
  /** Who may see, call, start a call now, reload. */
  access: AccessControl;
  /** Concurrency and time limits every invocation runs under. */
  policy: ExecutionPolicy;
  /** Which calls need the user's confirmation, and whether a call carries it (`confirm_token`); default: none do. */
  confirmation?: Confirmation;
  /** What a tool name several toolboxes serve means on an invoke without a toolbox (`duplicate_tool_names`). */
  duplicateToolNames: DuplicateNamePolicy;
  /** Records every invocation (by transport), calls in flight, queue depth and reloads; default: none. */
  metrics?: MetricsRecorder;
  /** How long an invocation that arrives before the first load has finished waits for it, ms; default `LOAD_WAIT_MS` (30000). */
  loadWaitMs?: number;
  /**
   * Output budgets: which budget a call has and where cut results wait to be paged; default no configured budgets
   * and a `MemoryResultStore` with its default limits.
   */
  budgets?: OutputBudgets;
  /** How tool search ranks (field boosts, the query-expansion lexicon); default `ToolSearchIndex`'s. */
  search?: ToolSearchIndexOptions;
  /** Where a failed search-index rebuild or a result too large to keep is reported; default silent. */
  logger?: Logger;
}

const IN_PROCESS: Caller = { transport: 'in-process' };

/**
 * The {@link ToolService} over a catalog holder (registry generations), access control and an execution policy.
 * Every transport's call takes this one door: lookup in the current generation → may this caller use the tool →
 * does the call need the user's confirmation, and carry it → may it start a call now (its agent's limits) → the
 * policy (time limit, concurrency) → the toolbox's host → the caller's output budget. Metrics are recorded here, once, for every transport. Tool search ranks the current
 * generation's entries, filtered by the same access decision; its index is rebuilt beside the old one on every swap.
 */
export function createToolService(parts: ToolServiceParts): ToolService {
  const { catalog, access, policy } = parts;
  const metrics = parts.metrics ?? noopMetrics;
  const loadWaitMs = parts.loadWaitMs ?? LOAD_WAIT_MS;
  const firstLoad = {
    get loaded() {
      return catalog.loaded;
    },
    whenLoaded: () => catalog.firstLoad,
  };
  /** The first-load wait of every request, bounded by `loadWaitMs`. */
  const ready = async (): Promise<WireError | undefined> => (catalog.loaded || (await loadedWithin(firstLoad, loadWaitMs)) ? undefined : wireErrors.stillLoading(loadWaitMs));
  const logger = parts.logger ?? silentLogger;
  const budgets = parts.budgets ?? new OutputBudgets({ store: new MemoryResultStore() });
  const visible = (caller: Caller, entry: CatalogEntry) => access.canUse(caller, entry).allowed;
  // The search index is built at the first search after a swap, not at the swap: building it (stemmer, MiniSearch;
  // the utterance files were read in a worker before the swap) costs about 100 ms of the provider's thread, which start-up and every reload would otherwise
  // pay before serving, whether or not anyone searches. It is built beside the serving one and swapped in whole, so
  // a search always ranks exactly the generation the catalog serves.
  const index = new ToolSearchIndex([], parts.search);
  let unindexed: readonly CatalogEntry[] | undefined = catalog.current.entries;
  catalog.onSwap(({ generation }) => {
    unindexed = generation.entries;
  });
  const currentIndex = (): ToolSearchIndex => {
    if (unindexed !== undefined) {
      const rebuilt = index.rebuild(unindexed);
      unindexed = undefined;
      if (!rebuilt.ok) logger.warn(rebuilt.error.error);
    }
    return index;
  };

  return {
    get generation() {
      return catalog.current.number;
    },
    get loaded() {
      return catalog.loaded;
    },
    whenLoaded: () => catalog.firstLoad,
    list(query: ListQuery = {}) {
      const caller = query.caller ?? IN_PROCESS;
      const tags = query.tags ?? [];
      return catalog.current.entries.filter((e) => (!tags.length || tags.every((t) => e.tool.tags?.includes(t))) && visible(caller, e));
    },
    get(name: string, caller: Caller = IN_PROCESS, toolboxId?: string): GetOutcome {
      const entry = lookup(catalog.current, name, toolboxId);
      if (!entry) return { ok: false, error: unknownTool(name, toolboxId) };
      // the same decision, and the same rule, as invoke gives (list hides what the caller may not call)
      const decision = access.canUse(caller, entry);
      if (!decision.allowed) return { ok: false, error: wireErrors.forbidden(name, decision.rule) };
      return { ok: true, entry, timeoutMs: policy.timeoutFor(entry) };
    },
    async invoke(request: InvokeRequest): Promise<InvokeOutcome> {
      metrics.inflight(1);
      const outcome = await invokeOnce(request);
      metrics.inflight(-1);
      metrics.queueDepth(policy.load.waiting);
      const known = outcome.ok || outcome.error.code !== 'unknown_tool';
      metrics.invoked({
        tool: known ? request.name : '(unknown)',
        ...(outcome.toolboxId ? { toolboxId: outcome.toolboxId } : {}),
        outcome: outcome.ok ? 'ok' : outcome.error.code,
        latencyMs: outcome.latencyMs,
        transport: (request.caller ?? IN_PROCESS).transport,
      });
      return outcome;
    },
    search(request: ToolSearchRequest): ToolSearchOutcome {
      const caller = request.caller ?? IN_PROCESS;
      const found = currentIndex().search(request.query, {
        ...(request.limit !== undefined && request.limit !== null ? { limit: request.limit } : {}),
        ...(request.tags !== undefined && request.tags !== null ? { tags: request.tags } : {}),
        ...(request.explain !== undefined && request.explain !== null ? { explain: request.explain } : {}),
        filter: (entry) => visible(caller, entry),
      });
      if (!found.ok) return found;
      return { ...found, results: found.results.map((hit) => ({ ...hit, timeoutMs: policy.timeoutFor(hit.entry) })) };
    },
    readResult: (request) => budgets.page(request),
    async reload(caller: Caller = IN_PROCESS): Promise<ReloadOutcome> {
      const decision = access.allows(caller, 'reload');
      if (!decision.allowed) return { ok: false, error: wireErrors.operatorOnly(decision.rule) };
      const report = await parts.rebuild();
      metrics.reloaded(report.problems.length ? 'problems' : 'ok');
      return { ok: true, report };
    },
    allows: (caller, action) => access.allows(caller, action),
    ready,
    actingFor: (caller, claimed) => (access.actingFor ? access.actingFor(caller, claimed) : actingFor(caller, claimed)),
    sessions: access.sessions ?? DEFAULT_SESSION_RULES,
    onChange(listener) {
      return catalog.onSwap(({ report }) => {
        if (report.added.length || report.removed.length || report.updated.length) listener(toChange(report));
      });
    },
    toolboxes: () => statuses(catalog.current),
    problems(): LoadProblem[] {
      const g = catalog.current;
      const out = [...g.problems];
      for (const t of g.toolboxes) {
        const h = t.host.health();
        if (h.state === 'unhealthy') out.push({ entryPoint: t.source, packageName: t.packageName, error: `toolbox '${t.host.toolboxId}' is unhealthy: ${h.lastError ?? 'it crashed repeatedly'}` });
      }
      return out;
    },
    collisions: () => [...catalog.current.collisions],
  };

  /** One invocation on the generation current now: lookup, access, the duplicate-name rule, confirmation, the agent's limits, policy → host, budget. */
  async function invokeOnce(request: InvokeRequest): Promise<InvokeOutcome> {
    const started = performance.now();
    // a budget the request gets wrong (e.g. below the marker's own size) is refused before anything runs
    const budget = budgets.choose(request.caller ?? IN_PROCESS, request.maxOutputChars);
    if (!budget.ok) return { ok: false, error: budget.error, latencyMs: elapsed(started) };
    // `__proto__` in the arguments is refused on every door (HTTP refuses such a body before it gets here)
    const proto = protoKeyPath(request.args);
    if (proto) return { ok: false, error: wireErrors.protoKey(proto), latencyMs: elapsed(started) };
    // (loaded: no await, so a call binds to the generation current when it arrived, before any reload swaps it)
    if (!catalog.loaded) {
      const notReady = await ready();
      if (notReady) return { ok: false, error: notReady, latencyMs: elapsed(started) };
    }
    const generation = catalog.current;
    const release = generation.acquire();
    try {
      const refused = (error: WireError, toolboxId?: string): InvokeOutcome => ({ ok: false, error, latencyMs: elapsed(started), ...(toolboxId ? { toolboxId } : {}) });
      const entry = lookup(generation, request.name, request.toolboxId);
      if (!entry) return refused(unknownTool(request.name, request.toolboxId));
      const caller = request.caller ?? IN_PROCESS;
      const decision = access.canUse(caller, entry);
      if (!decision.allowed) return refused(wireErrors.forbidden(request.name, decision.rule), entry.toolboxId);
      if (parts.duplicateToolNames === 'error' && request.toolboxId === undefined) {
        const collision = generation.collision(entry.tool.name);
        if (collision) return refused(wireErrors.ambiguousName(request.name, collision.toolboxIds));
      }
      const args = request.format === 'openai-strict' ? restoreStrictArguments(entry.tool.argumentSchema, request.args ?? {}) : request.args;
      // Confirmation (confirm/): a call the policy wants confirmed runs only with the token of this very call.
      if (parts.confirmation) {
        const pending = parts.confirmation.check(caller, entry, { args, context: request.context, languages: request.languages, token: request.confirmToken });
        const verdict = 'then' in pending ? await pending : pending;
        if (!verdict.ok) {
          return {
            ...refused(verdict.error, entry.toolboxId),
            ...(verdict.confirmation ? { confirmation: verdict.confirmation } : {}),
            ...(verdict.retryAfterMs !== undefined ? { retryAfterMs: verdict.retryAfterMs } : {}),
          } as InvokeOutcome;
        }
      }
      // the in-memory limiter answers synchronously (no promise on the hot path); a shared one (Redis) with a promise
      const admitted = access.admit(caller);
      const admission = admitted instanceof Promise ? await admitted : admitted;
      if (!admission.ok) {
        return { ...refused(admission.error, entry.toolboxId), ...(admission.retryAfterMs !== undefined ? { retryAfterMs: admission.retryAfterMs } : {}) } as InvokeOutcome;
      }
      try {
        const outcome = await policy.run(entry, generation.toolbox(entry.toolboxId)!.host, args === request.args ? request : { ...request, args });
        // the output budget (issue 27): one step after the policy, on the result only
        return budget.maxChars === undefined ? outcome : await withinBudget(outcome, budget.maxChars, entry, caller);
      } finally {
        admission.release();
      }
    } catch (err) {
      return { ok: false, error: toWireError(err), latencyMs: elapsed(started) };
    } finally {
      release();
    }
  }

  /** A successful outcome cut to `maxChars`, its full result kept for the caller; or the error when no cut fits. */
  async function withinBudget(outcome: InvokeOutcome, maxChars: number, entry: CatalogEntry, caller: Caller): Promise<InvokeOutcome> {
    if (!outcome.ok) return outcome;
    const cut = await budgets.apply(outcome.result, maxChars, entry.tool.outputSchema, caller);
    if (!cut.ok) return { ok: false, error: cut.error, toolboxId: outcome.toolboxId, latencyMs: outcome.latencyMs };
    if (cut.keepError) logger.warn(`the full result of '${entry.tool.name}' is not kept for paging: ${cut.keepError.error}`);
    return cut.truncated ? { ...outcome, result: cut.result, truncated: cut.truncated } : outcome;
  }
}

const vendorNames = new WeakMap<RegistryGeneration, VendorNameIndex>();

/**
 * The entry for `name` in generation `g`: by its exact name first, else by a vendor-mapped name (core
 * `vendorToolName`: an OpenAI/Anthropic/Gemini-safe name, an MCP-escaped name), indexed once per generation.
 */
function lookup(g: RegistryGeneration, name: string, toolboxId?: string): CatalogEntry | undefined {
  const exact = g.lookup(name, toolboxId);
  if (exact) return exact;
  let index = vendorNames.get(g);
  if (!index) vendorNames.set(g, (index = new VendorNameIndex(g.entries.map((e) => e.tool.name))));
  const resolved = index.resolve(name);
  return resolved === undefined ? undefined : g.lookup(resolved, toolboxId);
}

function toChange(report: ReloadReport): CatalogChange {
  return { generation: report.generation, loaded: report.loaded, totalTools: report.totalTools, added: report.added, removed: report.removed, updated: report.updated };
}

function statuses(g: RegistryGeneration): ToolboxStatus[] {
  return g.toolboxes.map((t) => ({
    toolboxId: t.host.toolboxId,
    source: t.source,
    kind: t.host.kind,
    origin: t.origin,
    toolCount: t.host.describe().tools.length,
    health: t.host.health(),
  }));
}

/**
 * The unknown-tool error: the provider API's OVOS text `Unknown tool: '<name>'` (no class prefix), or, for a
 * toolbox-scoped call, the OVOS ToolBox text `ValueError: Unknown tool '<name>' for ToolBox '<id>'.`
 */
function unknownTool(name: string, toolboxId?: string): WireError {
  if (toolboxId === undefined) return wireErrors.unknownTool(name);
  return toWireError(new UnknownToolError(name, toolboxId));
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 1000) / 1000;
}
