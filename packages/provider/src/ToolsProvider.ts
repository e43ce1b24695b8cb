import { createLogger, Message, Topics, type Bus, type ChatEngine, type Logger } from '@ovos-tools/core';
import { createBrain } from './brain/createBrain.js';
import { defaultPluginRoots, parseProviderConfig, type ProviderSettings } from './config/ProviderConfig.js';
import { scanPluginRoots } from './discovery/scanPluginRoots.js';
import { errorText, loadToolbox, type LoadedToolbox, type ModuleCache } from './loading/loadToolbox.js';
import { ExecutionPolicy } from './policy/ExecutionPolicy.js';
import { RegistryGeneration, type LoadProblem } from './registry/RegistryGeneration.js';
import { registerBusApi } from './api/registerBusApi.js';

/** Options of {@link ToolsProvider}. */
export interface ToolsProviderOptions {
  /** The messagebus to serve on (a `MessageBusClient`, or a `FakeBus` in-process). */
  bus: Bus;
  /** Parsed settings; default `parseProviderConfig({})`. */
  settings?: ProviderSettings;
  /** Plugin roots to scan; default `settings.pluginRoots`, else the working directory and the per-user dir. */
  pluginRoots?: string[];
  logger?: Logger;
  /** The brain handed to every toolbox; default built from `settings.brain` and the environment. */
  brain?: ChatEngine | null;
}

/** What one (re)load did: the OVOS reload payload plus details. */
export interface ReloadReport {
  /** Entry-point names now loaded, in load order. */
  loaded: string[];
  totalTools: number;
  generation: number;
  problems: LoadProblem[];
  /** Tool names that appeared / disappeared, and entry points whose package changed. */
  added: string[];
  removed: string[];
  updated: string[];
  durationMs: number;
}

/**
 * The tools provider: the TypeScript counterpart of ovos-PHAL-plugin-tools (wire spec §4). It discovers
 * toolbox packages in the plugin roots, loads them into a registry generation, serves `ovos.tools.list/get/
 * invoke/reload` on the bus, and binds every loaded toolbox so it also answers the per-toolbox
 * `ovos.persona.tools.*` topics.
 *
 * Reload builds the next generation completely beside the current one, then swaps atomically: the old
 * toolboxes are unbound and the new ones bound in one synchronous step, calls in flight finish on the old
 * generation, and old toolboxes are closed once their last call ends. Reloads are serialised.
 */
export class ToolsProvider {
  readonly bus: Bus;
  readonly settings: ProviderSettings;
  readonly pluginRoots: string[];
  readonly logger: Logger;
  readonly policy: ExecutionPolicy;
  readonly brain: ChatEngine | null;
  private current = new RegistryGeneration(0, [], []);
  private readonly moduleCache: ModuleCache = new Map();
  private reloadChain: Promise<unknown> = Promise.resolve();
  private unregisterApi: (() => void) | undefined;
  private closed = false;

  constructor(options: ToolsProviderOptions) {
    this.bus = options.bus;
    this.settings = options.settings ?? parseProviderConfig({});
    this.pluginRoots = options.pluginRoots ?? this.settings.pluginRoots ?? defaultPluginRoots();
    this.logger = options.logger ?? createLogger('ovos-tools');
    this.policy = new ExecutionPolicy(this.settings, this.logger);
    this.brain = options.brain === undefined ? createBrain(this.settings.brain, this.logger) : options.brain;
  }

  /** The registry generation serving requests now. */
  get registry(): RegistryGeneration {
    return this.current;
  }

  /** Loads every toolbox, then registers the `ovos.tools.*` handlers. Resolves with the load report. */
  async start(): Promise<ReloadReport> {
    const report = await this.reload();
    this.unregisterApi ??= registerBusApi(this.bus, this);
    return report;
  }

  /**
   * Rescans the plugin roots and swaps in a new generation (see the class comment); emits `ovos.tools.changed`
   * when tools or packages changed. Never rejects for a bad toolbox: failures are logged and reported in `problems`.
   */
  reload(): Promise<ReloadReport> {
    const run = this.reloadChain.then(() => this.buildAndSwap());
    this.reloadChain = run.catch(() => undefined);
    return run;
  }

  /** Unregisters the bus API, unbinds every toolbox and closes them once their calls finish. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unregisterApi?.();
    this.unregisterApi = undefined;
    await this.reloadChain;
    const old = this.current;
    this.current = new RegistryGeneration(old.number + 1, [], []);
    for (const tb of old.toolboxes) tb.instance.unbind();
    await old.drained();
    await closeAll(old.toolboxes);
  }

  private async buildAndSwap(): Promise<ReloadReport> {
    const started = performance.now();
    const scan = await scanPluginRoots(this.pluginRoots, { allowedPackages: this.settings.allowedPackages });
    const problems: LoadProblem[] = scan.problems.map((p) => ({ entryPoint: '', packageName: p.packageName ?? p.packageDir, error: p.message }));
    for (const p of scan.problems) this.logger.warn(`discovery: ${p.packageName ?? p.packageDir}: ${p.message}`);
    const disabled = new Set(this.settings.disabledToolboxes);
    const declarations = scan.declarations.filter((d) => !disabled.has(d.entryPointName));
    const settled = await Promise.allSettled(
      declarations.map((d) =>
        loadToolbox(d, {
          config: this.settings.toolboxConfigs[d.entryPointName] ?? {},
          brain: this.brain,
          logger: createLogger(d.entryPointName),
          moduleCache: this.moduleCache,
          importTimeoutMs: this.settings.importTimeoutMs,
          pluginRoots: this.pluginRoots,
        }),
      ),
    );
    const loaded: LoadedToolbox[] = [];
    settled.forEach((s, i) => {
      const d = declarations[i]!;
      if (s.status === 'fulfilled') loaded.push(s.value);
      else {
        const err = s.reason as Error;
        this.logger.error(err.message, (err as { cause?: unknown }).cause ?? '');
        problems.push({ entryPoint: d.entryPointName, packageName: d.packageName, error: err.message ?? errorText(err) });
      }
    });
    for (const path of this.moduleCache.keys()) if (!declarations.some((d) => d.modulePath === path)) this.moduleCache.delete(path);

    const previous = this.current;
    const next = new RegistryGeneration(previous.number + 1, loaded, problems);
    for (const c of next.collisions) {
      this.logger.warn(`tool name collision: '${c.name}' is provided by ${c.toolboxIds.join(', ')}; '${c.winner}' serves get/invoke (last loaded wins)`);
    }
    if (this.closed) {
      await closeAll(loaded);
      return this.report(previous, previous, started);
    }
    this.swap(previous, next);
    const report = this.report(previous, next, started);
    if (report.added.length || report.removed.length || report.updated.length) {
      this.bus.emit(
        new Message(Topics.toolsChanged, {
          loaded: report.loaded,
          total_tools: report.totalTools,
          added: report.added,
          removed: report.removed,
          updated: report.updated,
          generation: report.generation,
        }),
      );
    }
    this.logger.info(`loaded ${report.loaded.length} toolbox(es) with ${report.totalTools} tool(s) in ${report.durationMs} ms (generation ${report.generation})`);
    return report;
  }

  /** Unbinds the old generation and binds the new one in one synchronous step; closes old toolboxes once drained. */
  private swap(previous: RegistryGeneration, next: RegistryGeneration): void {
    for (const tb of previous.toolboxes) tb.instance.unbind();
    const byId = new Map<string, LoadedToolbox>();
    for (const tb of next.toolboxes) {
      const earlier = byId.get(tb.toolboxId);
      if (earlier) this.logger.warn(`toolbox id '${tb.toolboxId}' is used by ${earlier.entryPointName} and ${tb.entryPointName}; only ${tb.entryPointName} answers ovos.persona.tools.${tb.toolboxId}.call`);
      byId.set(tb.toolboxId, tb);
    }
    for (const tb of byId.values()) tb.instance.bind(this.bus);
    this.current = next;
    void previous.drained().then(() => closeAll(previous.toolboxes));
  }

  private report(previous: RegistryGeneration, next: RegistryGeneration, started: number): ReloadReport {
    const before = previous.toolNames;
    const after = next.toolNames;
    const oldPrints = new Map(previous.toolboxes.map((t) => [t.entryPointName, t.declaration.fingerprint]));
    return {
      loaded: next.loaded,
      totalTools: next.totalTools,
      generation: next.number,
      problems: [...next.problems],
      added: [...after].filter((n) => !before.has(n)),
      removed: [...before].filter((n) => !after.has(n)),
      updated: next.toolboxes
        .filter((t) => oldPrints.has(t.entryPointName) && oldPrints.get(t.entryPointName) !== t.declaration.fingerprint)
        .map((t) => t.entryPointName),
      durationMs: Math.round(performance.now() - started),
    };
  }
}

async function closeAll(toolboxes: readonly LoadedToolbox[]): Promise<void> {
  await Promise.allSettled(toolboxes.map(async (tb) => tb.instance.close()));
}
