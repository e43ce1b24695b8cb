import { silentLogger, type Logger, type WireError } from '@ovos-tools/core';
import type { AccessControl } from '../access/AccessControl.js';
import { actingFor, DEFAULT_SESSION_RULES } from '../access/callerKeys.js';
import { MemoryResultStore } from '../budget/MemoryResultStore.js';
import { OutputBudgets } from '../budget/OutputBudgets.js';
import type { CatalogHolder } from '../catalog/CatalogHolder.js';
import type { Confirmation } from '../confirm/createConfirmation.js';
import { noopMetrics, type MetricsRecorder } from '../metrics/MetricsRecorder.js';
import type { ExecutionPolicy } from '../policy/ExecutionPolicy.js';
import type { DuplicateNamePolicy, RegistryGeneration } from '../registry/RegistryGeneration.js';
import { invokePipeline } from './invokePipeline.js';
import { lookupRefusal, lookupTool } from './lookupTool.js';
import { ToolSearchIndex, type ToolSearchIndexOptions } from '../search/ToolSearchIndex.js';
import type { GetOutcome, ListOutcome, ListQuery, ToolService } from '../service/ToolService.js';
import type { Caller } from '../service/Caller.js';
import type { CatalogChange, ReloadOutcome, ReloadReport } from '../service/ReloadReport.js';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import type { InvokeOutcome } from '../service/InvokeOutcome.js';
import type { InvokeRequest } from '../service/InvokeRequest.js';
import type { ToolSearchHit, ToolSearchOutcome, ToolSearchRequest } from '../service/ToolSearchRequest.js';
import type { LoadProblem, ToolboxStatus } from '../service/ToolboxStatus.js';
import { LOAD_WAIT_MS, loadedWithin } from '../service/loadedWithin.js';
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
  /**
   * Told the generation number each time a generation's search index serves after its swap (or failed to build:
   * the previous one keeps serving); default nobody. What start-up and reloads wait for (`SearchReadiness`).
   */
  searchIndexBuilt?: (generation: number) => void;
  /** Told of every search as it arrives (what host warm-ups hold back for, see `SearchReadiness`); default nobody. */
  searched?: () => void;
  /** Where a failed search-index rebuild or a result too large to keep is reported; default silent. */
  logger?: Logger;
}

const IN_PROCESS: Caller = { transport: 'in-process' };

/**
 * The {@link ToolService} over a catalog holder (registry generations), access control and an execution policy.
 * Every transport's call takes this one door, the invoke pipeline (`invokePipeline`): lookup → access → confirm →
 * admit → policy → host → budget → answer. Metrics are recorded here, once, for every transport. Tool search ranks the current
 * generation's entries, filtered by the same access decision; its index is rebuilt beside the old one, in the
 * background, on every swap.
 */
export function createToolService(parts: ToolServiceParts): ToolService {
  const { catalog, access, policy } = parts;
  const metrics = parts.metrics ?? noopMetrics;
  const loadWaitMs = parts.loadWaitMs ?? LOAD_WAIT_MS;
  const firstLoad = { get loaded() { return catalog.loaded; }, whenLoaded: () => catalog.firstLoad };
  /** The first-load wait of every request, bounded by `loadWaitMs`. */
  const ready = async (): Promise<WireError | undefined> => (catalog.loaded || (await loadedWithin(firstLoad, loadWaitMs)) ? undefined : wireErrors.stillLoading(loadWaitMs));
  const logger = parts.logger ?? silentLogger;
  const budgets = parts.budgets ?? new OutputBudgets({ store: new MemoryResultStore() });
  const visible = (caller: Caller, entry: CatalogEntry) => access.canUse(caller, entry).allowed;
  const searchIndex = backgroundSearchIndex(catalog, parts.search, logger, parts.searchIndexBuilt);
  const pipeline = invokePipeline({ catalog, access, policy, budgets, duplicateToolNames: parts.duplicateToolNames, confirmation: parts.confirmation, ready, logger });

  return {
    get generation() { return catalog.current.number; },
    get loaded() { return catalog.loaded; },
    whenLoaded: () => catalog.firstLoad,
    async list(query: ListQuery = {}): Promise<ListOutcome> {
      const notReady = catalog.loaded ? undefined : await ready();
      if (notReady) return { ok: false, error: notReady };
      const caller = query.caller ?? IN_PROCESS;
      const tags = query.tags ?? [];
      return { ok: true, entries: catalog.current.entries.filter((e) => (!tags.length || tags.every((t) => e.tool.tags?.includes(t))) && visible(caller, e)) };
    },
    async get(name: string, caller: Caller = IN_PROCESS, toolboxId?: string): Promise<GetOutcome> {
      const notReady = catalog.loaded ? undefined : await ready();
      if (notReady) return { ok: false, error: notReady };
      const generation = catalog.current;
      const entry = lookupTool(generation, name, toolboxId);
      if (!entry) return { ok: false, error: lookupRefusal(generation, name, toolboxId, (e) => visible(caller, e)) };
      // the same decision, and the same rule, as invoke gives (list hides what the caller may not call)
      const decision = access.canUse(caller, entry);
      if (!decision.allowed) return { ok: false, error: wireErrors.forbidden(name, decision.rule), rule: decision.rule };
      return { ok: true, entry, timeoutMs: policy.timeoutFor(entry) };
    },
    invoke: metered(pipeline, metrics, policy),
    async search(request: ToolSearchRequest): Promise<ToolSearchOutcome> {
      parts.searched?.();
      const notReady = catalog.loaded ? undefined : await ready();
      if (notReady) return { ok: false, error: notReady };
      const caller = request.caller ?? IN_PROCESS;
      const found = await searchIndex.searchAsync(request.query, { ...searchOptions(request), filter: (entry) => visible(caller, entry) });
      if (!found.ok) return found;
      return { ...found, results: found.results.map((hit: ToolSearchHit) => ({ ...hit, timeoutMs: policy.timeoutFor(hit.entry) })) };
    },
    readResult: (request) => budgets.page(request),
    async reload(caller: Caller = IN_PROCESS): Promise<ReloadOutcome> {
      const decision = access.allows(caller, 'reload');
      if (!decision.allowed) return { ok: false, error: wireErrors.operatorOnly(decision.rule), rule: decision.rule };
      const report = await parts.rebuild();
      metrics.reloaded(report.problems.length ? 'problems' : 'ok');
      return { ok: true, report };
    },
    allows: (caller, action) => access.allows(caller, action),
    ready,
    actingFor: (caller, claimed) => (access.actingFor ? access.actingFor(caller, claimed) : actingFor(caller, claimed)),
    sessions: access.sessions ?? DEFAULT_SESSION_RULES,
    onChange: (listener) => catalog.onSwap(({ report }) => {
      if (report.added.length || report.removed.length || report.updated.length) listener(toChange(report));
    }),
    toolboxes: () => statuses(catalog.current),
    problems: () => problems(catalog.current),
    collisions: () => [...catalog.current.collisions],
  };
}

/** The pipeline with its metrics: calls in flight, queue depth, and one record per invocation (by transport), once for every door. */
function metered(pipeline: (request: InvokeRequest) => Promise<InvokeOutcome>, metrics: MetricsRecorder, policy: ExecutionPolicy) {
  return async (request: InvokeRequest): Promise<InvokeOutcome> => {
    metrics.inflight(1);
    const outcome = await pipeline(request);
    metrics.inflight(-1);
    // nothing to record: no record built per call (the default, and `serve` without metrics)
    if (metrics === noopMetrics) return outcome;
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
  };
}

/**
 * The search index of the generation the catalog serves, rebuilt in the background at every swap
 * (`ToolSearchIndex.rebuildInBackground`): in steps between turns of the event loop, so neither start-up nor other
 * callers wait for it (building it costs 100–400 ms of the provider's thread on a 2-core machine: the stemmer, the
 * word-vector table, MiniSearch, every meaning vector, the ranking code's first run), and the first search after a
 * start or a reload finds it built. A search arriving before the end finishes the build itself, so a search always
 * ranks exactly the generation the catalog serves. Logs (debug) when each build serves, and warns when one fails;
 * `built` hears of both.
 */
function backgroundSearchIndex(catalog: CatalogHolder, options: ToolSearchIndexOptions | undefined, logger: Logger, built?: (generation: number) => void): ToolSearchIndex {
  const index = new ToolSearchIndex([], options);
  // the stemmer, the word-vector table and the ranking code are loaded while the toolboxes load
  void index.prepare();
  const build = (generation: number, entries: readonly CatalogEntry[]) =>
    void index.rebuildInBackground(entries).then((outcome) => {
      if (!outcome) return; // a newer generation's build replaced it
      if (outcome.ok) logger.debug(`search: the index of generation ${generation} serves (${outcome.tools} tool(s), built in ${Math.round(outcome.durationMs)} ms)`);
      else logger.warn(outcome.error.error);
      built?.(generation);
    });
  build(catalog.current.number, catalog.current.entries);
  catalog.onSwap(({ generation }) => build(generation.number, generation.entries));
  return index;
}

/** The index's options of a search request (absent and `null` fields left out). */
function searchOptions(request: ToolSearchRequest) {
  return {
    ...(request.limit !== undefined && request.limit !== null ? { limit: request.limit } : {}),
    ...(request.tags !== undefined && request.tags !== null ? { tags: request.tags } : {}),
    ...(request.explain !== undefined && request.explain !== null ? { explain: request.explain } : {}),
  };
}

/** Load problems of generation `g` plus its toolboxes that are unhealthy now. */
function problems(g: RegistryGeneration): LoadProblem[] {
  const out = [...g.problems];
  for (const t of g.toolboxes) {
    const h = t.host.health();
    if (h.state === 'unhealthy') out.push({ entryPoint: t.source, packageName: t.packageName, error: `toolbox '${t.host.toolboxId}' is unhealthy: ${h.lastError ?? 'it crashed repeatedly'}` });
  }
  return out;
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

