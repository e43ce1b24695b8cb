import { restoreStrictArguments, UnknownToolError, toWireError, VendorNameIndex, type WireError } from '@ovos-tools/core';
import type { ProviderSettings } from '../config/ProviderConfig.js';
import { noopMetrics, type MetricsRecorder } from '../metrics/MetricsRecorder.js';
import type { ExecutionPolicy } from '../policy/ExecutionPolicy.js';
import type { Reloader } from '../reload/Reloader.js';
import type { RegistryGeneration } from '../registry/RegistryGeneration.js';
import type {
  Authorizer,
  Caller,
  CatalogChange,
  CatalogEntry,
  GetOutcome,
  InvokeOutcome,
  InvokeRequest,
  ListQuery,
  LoadProblem,
  ToolService,
  ToolboxStatus,
} from './ToolService.js';
import { wireErrors } from '../errors/wireErrors.js';

/** What {@link createToolService} composes. */
export interface ToolServiceParts {
  /** Builds and swaps registry generations; the service reads the current one on every call. */
  reloader: Reloader;
  /** Concurrency and time limits every invocation runs under. */
  policy: ExecutionPolicy;
  /** The provider settings (the duplicate-tool-name rule is read from them). */
  settings: ProviderSettings;
  /** Permission check for list/get/invoke; default: everything allowed. */
  authorize?: Authorizer;
  /** Records every invocation (by transport), calls in flight, queue depth and reloads; default: none. */
  metrics?: MetricsRecorder;
}

const IN_PROCESS: Caller = { transport: 'in-process' };
const allowAll: Authorizer = () => ({ allowed: true });

/**
 * The {@link ToolService} over a reloader (registry generations), an execution policy and an authorizer.
 * Returns the service and `notify`, which the provider calls with every swapped-in generation's change.
 */
export function createToolService(parts: ToolServiceParts): { service: ToolService; notify: (change: CatalogChange) => void } {
  const { reloader, policy, settings } = parts;
  const authorize = parts.authorize ?? allowAll;
  const metrics = parts.metrics ?? noopMetrics;
  const listeners = new Set<(change: CatalogChange) => void>();
  const visible = (caller: Caller, entry: CatalogEntry) => authorize(caller, entry).allowed;

  const service: ToolService = {
    get generation() {
      return reloader.generation.number;
    },
    list(query: ListQuery = {}) {
      const caller = query.caller ?? IN_PROCESS;
      const tags = query.tags ?? [];
      return reloader.generation.entries.filter((e) => (!tags.length || tags.every((t) => e.tool.tags?.includes(t))) && visible(caller, e));
    },
    get(name: string, caller: Caller = IN_PROCESS): GetOutcome {
      const entry = lookup(reloader.generation, name);
      if (!entry || !visible(caller, entry)) return { ok: false, error: unknownTool(name) };
      return { ok: true, entry };
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
    async reload() {
      const report = await reloader.reload();
      metrics.reloaded(report.problems.length ? 'problems' : 'ok');
      return report;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toolboxes: () => statuses(reloader.generation),
    problems(): LoadProblem[] {
      const g = reloader.generation;
      const out = [...g.problems];
      for (const t of g.toolboxes) {
        const h = t.host.health();
        if (h.state === 'unhealthy') out.push({ entryPoint: t.source, packageName: t.packageName, error: `toolbox '${t.host.toolboxId}' is unhealthy: ${h.lastError ?? 'it crashed repeatedly'}` });
      }
      return out;
    },
    collisions: () => [...reloader.generation.collisions],
  };

  /** One invocation on the generation current now: lookup, permissions, the duplicate-name rule, policy → host. */
  async function invokeOnce(request: InvokeRequest): Promise<InvokeOutcome> {
    const started = performance.now();
    const generation = reloader.generation;
    const release = generation.acquire();
    try {
      const refused = (error: WireError, toolboxId?: string): InvokeOutcome => ({ ok: false, error, latencyMs: elapsed(started), ...(toolboxId ? { toolboxId } : {}) });
      const entry = lookup(generation, request.name, request.toolboxId);
      if (!entry) return refused(unknownTool(request.name, request.toolboxId));
      const decision = authorize(request.caller ?? IN_PROCESS, entry);
      if (!decision.allowed) return refused(wireErrors.forbidden(request.name, decision.rule), entry.toolboxId);
      if (settings.duplicateToolNames === 'error' && request.toolboxId === undefined) {
        const collision = generation.collision(entry.tool.name);
        if (collision) {
          return refused(wireErrors.ambiguousName(request.name, collision.toolboxIds));
        }
      }
      const hosted = generation.toolbox(entry.toolboxId)!;
      const args = request.format === 'openai-strict' ? restoreStrictArguments(entry.tool.argumentSchema, request.args ?? {}) : request.args;
      return await policy.run(entry, hosted.host, args === request.args ? request : { ...request, args });
    } catch (err) {
      return { ok: false, error: toWireError(err), latencyMs: elapsed(started) };
    } finally {
      release();
    }
  }

  const notify = (change: CatalogChange) => {
    for (const l of listeners) {
      try {
        l(change);
      } catch {
        // a transport's listener failing must not stop the others
      }
    }
  };
  return { service, notify };
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
