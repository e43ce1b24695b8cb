import { createHash } from 'node:crypto';
import { createLogger, SEARCH_RANKER_GROUP, type ChatEngine, type HostSource, type HostSourceResult, type Logger, type LogLevel, type ToolboxHost } from '@ovos-tools/core';
import { errorText } from '@ovos-tools/core/node';
import type { DiscoverySettings } from '../discovery/discoverySettings.js';
import { hostSettingsFor, type HostDefaults } from '../hosts/hostSettings.js';
import { scanPluginRoots, type ToolboxDeclaration } from '../discovery/scanPluginRoots.js';
import { startPackageHost, type ModuleCache } from '../hosts/startPackageHost.js';
import type { WorkerGroup } from '../hosts/WorkerGroup.js';
import { ToolboxLoadError } from '../loading/ToolboxLoadError.js';
import { ORIGIN_PRECEDENCE, RegistryGeneration, type HostedToolbox } from '../registry/RegistryGeneration.js';
import type { RegistrySettings } from '../registry/registrySettings.js';
import type { ServedToolbox, UtterancePackage } from '../search/packageUtterances.js';
import type { LoadProblem, ToolboxOrigin } from '../service/ToolboxStatus.js';
import type { ReloadReport } from '../service/ReloadReport.js';
import { loadHostSource } from './loadHostSource.js';
import { pickSearchRanker } from './pickSearchRanker.js';
import { loadedNames, report } from './reloadReport.js';
import { ReloadRefusedError } from './ReloadRefusedError.js';
import type { CatalogHolder } from './CatalogHolder.js';
import type { LoadedNames } from './LoadedNames.js';


/**
 * A core {@link HostSource} the provider itself brings (not declared by a package), e.g. the federation of
 * toolboxes elsewhere on the bus: called on every reload, beside the start of package hosts, with its previous hosts
 * and its config section. Hosts whose toolbox id is served locally are dropped (and closed) by the reloader.
 */
export interface BuiltInHostSource {
  /** The source's name: its `loaded` entry, the key of its config section, used in problems and logs. */
  name: string;
  /** Where its toolboxes rank when ids or tool names collide. */
  origin: ToolboxOrigin;
  /** The source. */
  source: HostSource;
}

/** What the {@link Reloader} needs. */
export interface ReloaderOptions {
  /** Which packages may load. */
  discovery: DiscoverySettings;
  /** Who wins an id or name (`pinned_toolboxes`). */
  registry: RegistrySettings;
  /** How toolboxes are hosted. */
  hosts: HostDefaults;
  /** Toolbox config sections by entry-point name. */
  toolboxConfigs: Record<string, Record<string, unknown>>;
  /** Plugin roots scanned on every reload. */
  pluginRoots: readonly string[];
  /** Paths no toolbox may read or write. */
  protectedPaths: readonly string[];
  /** The chat engine lent to toolboxes; `null` when none. */
  brain: ChatEngine | null;
  /** Where reload progress and problems are logged. */
  logger: Logger;
  /** The lowest level toolbox hosts forward. */
  logLevel: LogLevel;
  /** Host sources the provider brings itself (e.g. toolboxes elsewhere on the bus); called on every reload. */
  builtInSources?: readonly BuiltInHostSource[];
  /** Called with the toolbox id each time a worker or process host restarts its runtime (metrics). */
  onHostRestart?: (toolboxId: string) => void;
  /** Called after each reload's swap with the names it found installed and serving (to check the config's names). */
  onLoaded?: (names: LoadedNames) => void;
  /**
   * Tool search's example requests (`PackageUtterances`): `prepare` gets discovery's packages as a reload starts
   * (read off the provider's thread while hosts start; awaited before the swap, never rejects), `settle` the
   * toolboxes of the next generation right before it swaps in.
   */
  utterances?: { prepare(packages: readonly UtterancePackage[]): Promise<void>; settle(toolboxes: readonly ServedToolbox[]): void };
  /** Where every generation goes live (after a reload, or after a host's tools changed); the service reads it. */
  holder: CatalogHolder;
}

/**
 * Builds registry generations and swaps them in. A reload rescans the plugin roots, keeps the host of every
 * toolbox whose package, config and host settings are unchanged (and healthy), or whose package npm is still
 * writing (discovery's `installing` problems: a half-written install never unloads a working toolbox), starts
 * hosts for new and changed ones (all at once; one that fails is a problem, never a failed reload), refuses a
 * toolbox that claims an id already served by a toolbox of equal or higher precedence, swaps the next generation
 * in synchronously, and closes every host it no longer serves once the calls holding the old generation have
 * ended. Reloads are serialised.
 */
export class Reloader {
  private chain: Promise<unknown> = Promise.resolve();
  private readonly moduleCache: ModuleCache = new Map();
  /** Workers shared by toolboxes (`worker_group`), kept across reloads like the hosts in them. */
  private readonly workerGroups = new Map<string, WorkerGroup>();
  private unsubscribes: Array<() => void> = [];
  private closed = false;
  /** Entry-point name → its package's version (package and host-source entry points), for the catalog digest. */
  private readonly versions = new Map<string, string>();
  /** The search ranker declaration of the last reload. */
  private ranker: ToolboxDeclaration | undefined;

  constructor(private options: ReloaderOptions) {}

  /**
   * Takes new settings (a config reload): the next reload scans, hosts and ranks with them. Toolboxes whose config
   * section or host settings changed get a fresh host then (their fingerprint changed); the others keep theirs.
   */
  configure(next: Pick<ReloaderOptions, 'discovery' | 'registry' | 'hosts' | 'toolboxConfigs'>): void {
    this.options = { ...this.options, discovery: next.discovery, registry: next.registry, hosts: next.hosts, toolboxConfigs: next.toolboxConfigs };
  }

  private get current(): RegistryGeneration {
    return this.options.holder.current;
  }

  /**
   * Rescans and swaps in the next generation; never rejects for a bad toolbox.
   * @param before - runs first, in the reload's turn (reloads are serialised), and answers problems that are not a
   *   toolbox's (e.g. a config file that could not be read again); they join the generation's problems.
   * @param accept - decides, once the next generation is built, whether it goes live (default: always). Refused:
   *   the hosts it started are closed, the generation serving now keeps serving, and the reload rejects with a
   *   {@link ReloadRefusedError} carrying what the refused generation would have changed.
   */
  reload(before?: () => LoadProblem[], accept?: (report: ReloadReport) => boolean): Promise<ReloadReport> {
    const run = this.chain.then(() => this.buildAndSwap(before?.() ?? [], accept));
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Stops serving: swaps in an empty generation and closes every host once its calls end. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.chain;
    const old = this.current;
    this.options.holder.retire(new RegistryGeneration(old.number + 1, [], []));
    this.watchHosts(this.current);
    await old.drained();
    await closeHosts(old.toolboxes.map((t) => t.host));
  }

  private async buildAndSwap(ownProblems: readonly LoadProblem[], accept?: (report: ReloadReport) => boolean): Promise<ReloadReport> {
    const started = performance.now();
    const { discovery, logger } = this.options;
    const previous = this.current;
    const scan = await scanPluginRoots(this.options.pluginRoots, { allowedPackages: discovery.allowedPackages });
    const problems: LoadProblem[] = [...ownProblems, ...scan.problems.map((p) => ({ entryPoint: '', packageName: p.packageName ?? p.packageDir, error: p.message }))];
    for (const p of scan.problems) logger.warn(`discovery: ${p.packageName ?? p.packageDir}: ${p.message}`);
    const disabled = new Set(discovery.disabledToolboxes);
    const enabled = scan.declarations.filter((d) => !disabled.has(d.entryPointName));
    const declarations = enabled.filter((d) => d.group !== SEARCH_RANKER_GROUP);
    this.ranker = pickSearchRanker(enabled, this.options.registry.pinnedToolboxes, problems, logger);
    // example requests (locale/<lang>/<tool>.intent) are read in a worker while the hosts start (issue 42)
    const utterancesRead = this.options.utterances?.prepare(declarations.filter((d) => d.group !== 'ovos-tools.hosts').map((d) => ({ source: d.entryPointName, packageName: d.packageName, dir: d.packageDir, fingerprint: d.fingerprint })));

    let localIds: ReadonlySet<string> = new Set();
    const localReady = Promise.allSettled(declarations.map((d) => this.hostsFor(d, previous))).then((built) => {
      localIds = new Set(built.flatMap((b) => (b.status === 'fulfilled' ? b.value.hosts.map((h) => h.host.toolboxId) : [])));
      return built;
    });
    const extras = (this.options.builtInSources ?? []).map(async ({ name, origin, source }) => {
      const own = previous.toolboxes.filter((t) => t.source === name).map((t) => t.host);
      try {
        const r = await this.runSource(source, name, own);
        await localReady;
        const hosts = r.hosts.filter((h) => !localIds.has(h.toolboxId));
        for (const h of r.hosts) if (localIds.has(h.toolboxId) && !own.includes(h)) void h.close();
        return { hosts: hosts.map((host) => ({ host, source: name, packageName: name, fingerprint: host.toolboxId, origin })), problems: sourceProblems(name, name, r.problems, logger) };
      } catch (err) {
        return { hosts: [], problems: [{ entryPoint: name, packageName: name, error: errorText(err) }] };
      }
    });
    const built = await localReady;
    const candidates: HostedToolbox[] = [];
    built.forEach((b, i) => {
      const d = declarations[i]!;
      if (b.status === 'fulfilled') {
        candidates.push(...b.value.hosts);
        problems.push(...b.value.problems);
      } else {
        const err = b.reason as Error;
        logger.error(err.message, (err as { cause?: unknown }).cause ?? '');
        problems.push({ entryPoint: d.entryPointName, packageName: d.packageName, error: err.message ?? errorText(err) });
      }
    });
    for (const extra of await Promise.all(extras)) {
      candidates.push(...extra.hosts);
      problems.push(...extra.problems);
    }
    // a package npm is still writing is not loaded yet; the version of it that was serving keeps serving
    const installing = new Set(scan.problems.filter((p) => p.installing).map((p) => p.packageName));
    candidates.push(...previous.toolboxes.filter((t) => installing.has(t.packageName) && !candidates.some((c) => c.source === t.source)));
    for (const path of this.moduleCache.keys()) if (!declarations.some((d) => d.modulePath === path)) this.moduleCache.delete(path);

    const accepted = this.refuseImpostors(candidates, problems);
    await utterancesRead;
    const next = new RegistryGeneration(previous.number + 1, accepted, problems);
    for (const c of next.collisions) logger.warn(`tool name collision: '${c.name}' is provided by ${c.toolboxIds.join(', ')}; '${c.winner}' serves get/invoke`);
    const r = report(previous, next, started);
    if (this.closed || (accept && !accept(r))) {
      await closeHosts(accepted.filter((t) => !previous.toolboxes.some((p) => p.host === t.host)).map((t) => t.host));
      if (this.closed) return report(previous, previous, started);
      throw new ReloadRefusedError(r);
    }
    this.options.utterances?.settle(next.toolboxes.map((t) => ({ source: t.source, packageName: t.packageName, origin: t.origin, tools: t.host.describe().tools.map((tool) => tool.name) })));
    this.swap(previous, next, r);
    this.options.onLoaded?.(loadedNames(scan, next));
    logger.info(`loaded ${r.loaded.length} toolbox(es) with ${r.totalTools} tool(s) in ${r.durationMs} ms (generation ${r.generation})`);
    return r;
  }

  /** The version of the package that declared an entry point (a package toolbox or a host source), once scanned. */
  versionOf(entryPointName: string): string | undefined {
    return this.versions.get(entryPointName);
  }

  /**
   * The search ranker the last reload found (a package declaring `ovos-tools.search-rankers`), or `undefined`: the
   * search index fuses its ranking with the lexical one, and drops it when a reload no longer finds it.
   */
  searchRanker(): ToolboxDeclaration | undefined {
    return this.ranker;
  }

  /** The hosts of one declaration: its reused or new package host, or a host source's hosts. */
  private async hostsFor(decl: ToolboxDeclaration, previous: RegistryGeneration): Promise<{ hosts: HostedToolbox[]; problems: LoadProblem[] }> {
    const { hosts, registry } = this.options;
    const config = this.options.toolboxConfigs[decl.entryPointName] ?? {};
    const trust: ToolboxOrigin = decl.packageName.startsWith('@ovos-tools/') ? 'bundled' : registry.pinnedToolboxes.includes(decl.entryPointName) ? 'pinned' : 'plugin';
    const fingerprint = hash([decl.fingerprint, decl.exportName, config, hostSettingsFor(hosts, decl.entryPointName)]);
    const logger = createLogger(decl.entryPointName, this.options.logLevel);
    if (decl.group === 'ovos-tools.hosts') {
      // a host source runs in the provider's own thread, outside every isolation mode: only trusted packages may
      if (trust === 'plugin') {
        throw new ToolboxLoadError(
          decl.entryPointName,
          decl.packageName,
          'contract',
          `host sources run in the provider's own thread, so only @ovos-tools packages and entry points listed in pinned_toolboxes may declare one; add "${decl.entryPointName}" to pinned_toolboxes if you trust ${decl.packageName}`,
        );
      }
      // what a host source serves (MCP servers, HTTP services) ranks as mounted, below every installed toolbox
      const origin: ToolboxOrigin = 'mounted';
      this.versions.set(decl.entryPointName, decl.packageVersion);
      const source = await loadHostSource(decl, this.moduleCache);
      const own = previous.toolboxes.filter((t) => t.source === decl.entryPointName).map((t) => t.host);
      const r = await this.runSource(source, decl.entryPointName, own);
      return {
        hosts: r.hosts.map((host) => ({ host, source: decl.entryPointName, packageName: decl.packageName, fingerprint, origin })),
        problems: sourceProblems(decl.entryPointName, decl.packageName, r.problems, this.options.logger),
      };
    }
    this.versions.set(decl.entryPointName, decl.packageVersion);
    const reusable = previous.toolboxes.find((t) => t.source === decl.entryPointName && t.fingerprint === fingerprint);
    const state = reusable?.host.health().state;
    if (reusable && (state === 'ready' || state === 'restarting')) return { hosts: [reusable], problems: [] };
    const host = await startPackageHost(decl, {
      settings: hosts,
      config,
      brain: this.options.brain,
      logger,
      logLevel: this.options.logLevel,
      pluginRoots: this.options.pluginRoots,
      protectedPaths: this.options.protectedPaths,
      moduleCache: this.moduleCache,
      workerGroups: this.workerGroups,
      ...(this.options.onHostRestart ? { onRestart: this.options.onHostRestart } : {}),
    });
    return { hosts: [{ host, source: decl.entryPointName, packageName: decl.packageName, fingerprint, origin: trust }], problems: [] };
  }

  /** Calls a host source with its config section, a logger named after it and its previous hosts. */
  private runSource(source: HostSource, name: string, previous: readonly ToolboxHost[]): Promise<HostSourceResult> {
    return source.createHosts({ config: this.options.toolboxConfigs[name] ?? {}, logger: createLogger(name, this.options.logLevel), previous });
  }

  /**
   * Keeps the first claim of every toolbox id in precedence order (`ORIGIN_PRECEDENCE`: bundled, pinned, plugin,
   * mounted, remote; then load order); a later claim is refused, reported, and its host closed.
   */
  private refuseImpostors(candidates: HostedToolbox[], problems: LoadProblem[]): HostedToolbox[] {
    const order = candidates.map((c, i) => ({ c, i })).sort((a, b) => ORIGIN_PRECEDENCE[b.c.origin] - ORIGIN_PRECEDENCE[a.c.origin] || a.i - b.i);
    const owner = new Map<string, HostedToolbox>();
    const refused = new Set<HostedToolbox>();
    for (const { c } of order) {
      const id = c.host.toolboxId;
      const first = owner.get(id);
      if (!first) {
        owner.set(id, c);
        continue;
      }
      refused.add(c);
      const error = `toolbox id '${id}' is already served by ${first.source} (${first.packageName}); ${c.source} (${c.packageName}) was refused — a toolbox may not take over another's id`;
      this.options.logger.error(error);
      problems.push({ entryPoint: c.source, packageName: c.packageName, error });
      if (c.host !== first.host) void c.host.close();
    }
    return candidates.filter((c) => !refused.has(c));
  }

  private swap(previous: RegistryGeneration, next: RegistryGeneration, r: ReloadReport): void {
    this.watchHosts(next);
    this.options.holder.swap(next, r);
    const kept = new Set(next.toolboxes.map((t) => t.host));
    const replaced = previous.toolboxes.map((t) => t.host).filter((h) => !kept.has(h));
    if (replaced.length) void previous.drained().then(() => closeHosts(replaced));
  }

  /** Re-reads a host's tools when its source says they changed, as a new generation over the same hosts. */
  private watchHosts(generation: RegistryGeneration): void {
    for (const u of this.unsubscribes.splice(0)) u();
    for (const t of generation.toolboxes) {
      const u = t.host.onToolsChanged?.(() => {
        this.chain = this.chain.then(() => {
          if (this.current !== generation || this.closed) return;
          const started = performance.now();
          const next = new RegistryGeneration(generation.number + 1, generation.toolboxes, generation.problems);
          this.watchHosts(next);
          const r = report(generation, next, started);
          r.updated = [...new Set([...r.updated, t.source])];
          this.options.holder.swap(next, r);
        });
      });
      if (u) this.unsubscribes.push(u);
    }
  }
}

/**
 * A host source's problems as load problems of the entry point that declared it: `toolbox '<id>': <error>`, each
 * also logged (a toolbox-mcp server entry with an unknown key is said at start, not only by `list` and `reload`).
 */
function sourceProblems(entryPoint: string, packageName: string, problems: HostSourceResult['problems'], logger: Logger): LoadProblem[] {
  return problems.map((p) => {
    const error = `toolbox '${p.toolboxId}': ${p.error}`;
    logger.warn(`${entryPoint}: ${error}`);
    return { entryPoint, packageName, error };
  });
}


function hash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
}

async function closeHosts(hosts: readonly ToolboxHost[]): Promise<void> {
  await Promise.allSettled(hosts.map((h) => h.close()));
}
