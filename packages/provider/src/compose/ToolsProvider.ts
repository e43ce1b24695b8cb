import { createLogger, type Bus, type ChatEngine, type Logger, type Message, type ToolboxHost } from '@ovos-tools/core';
import { createBrain } from '../brain/createBrain.js';
import { OpenAIChatEngine } from '../brain/OpenAIChatEngine.js';
import { warmUpWhenIdle } from '../hosts/warmUpWhenIdle.js';
import { MemoryResultStore } from '../budget/MemoryResultStore.js';
import { OutputBudgets } from '../budget/OutputBudgets.js';
import { CatalogHolder } from '../catalog/CatalogHolder.js';
import { catalogDigest } from '../catalog/catalogDigest.js';
import { newFailures } from '../catalog/newFailures.js';
import { Reloader } from '../catalog/Reloader.js';
import { defaultPluginRoots, parseProviderConfig, type ProviderSettings } from '../config/ProviderConfig.js';
import { BusFederation } from '../federation/BusFederation.js';
import type { MetricsRecorder } from '../metrics/MetricsRecorder.js';
import { ExecutionPolicy } from '../policy/ExecutionPolicy.js';
import type { RegistryGeneration } from '../registry/RegistryGeneration.js';
import { PackageUtterances } from '../search/packageUtterances.js';
import { ModelRanking } from '../search/semantic/ModelRanking.js';
import { VOICE_LEXICON } from '../search/voiceLexicon.js';
import type { ToolService } from '../service/ToolService.js';
import type { Caller } from '../service/Caller.js';
import type { LoadProblem } from '../service/ToolboxStatus.js';
import type { ReloadReport } from '../service/ReloadReport.js';
import { busCaller } from '../transports/ovos-bus/busCaller.js';
import { registerOvosBus, type OvosBusOptions } from '../transports/ovos-bus/registerOvosBus.js';
import { RedisConfirmationStore } from '../state/RedisConfirmationStore.js';
import { RedisResultStore } from '../state/RedisResultStore.js';
import { RedisState } from '../state/RedisState.js';
import { replicaHealthJson } from '../state/replicaHealthJson.js';
import { ReplicaSync } from '../state/ReplicaSync.js';
import { createToolService } from './createToolService.js';
import { LiveAccess } from './LiveAccess.js';
import { LiveSettings } from './LiveSettings.js';
import { providerReloader } from './providerReloader.js';
import { SearchReadiness } from './SearchReadiness.js';
import type { ToolsProviderOptions } from './ToolsProviderOptions.js';

/**
 * The longest a load or reload waits for its generation's search index, ms (built in 0.1–0.7 s for 15–214 tools on
 * a loaded 2-core machine; a search arriving later than this after a huge catalog's swap finishes the build itself).
 */
const SEARCH_INDEX_WAIT_MS = 2000;
/** A search this recent counts as a call running for host warm-ups (`warmUpWhenIdle` polls every 50 ms), ms. */
const SEARCH_ACTIVE_MS = 100;

/**
 * The tools provider: the TypeScript counterpart of ovos-PHAL-plugin-tools (wire spec §4). It wires the parts
 * of a call's path — discovery and reload (`Reloader`) → registry generation → permissions → execution policy →
 * the toolbox's host — into a transport-free {@link ToolService}, and serves that service on the OVOS messagebus
 * when it has one. Other transports (MCP, HTTP) take `provider.service`. The running settings are a
 * `LiveSettings`: each part wired here subscribes to it and applies its new value on a reload, by the reload
 * rule its feature declares (`reloadSettings`).
 */
export class ToolsProvider {
  readonly bus: Bus | null;
  readonly pluginRoots: string[];
  readonly logger: Logger;
  readonly policy: ExecutionPolicy;
  readonly brain: ChatEngine | null;
  /** The transport-free tool service every transport is written against. */
  readonly service: ToolService;
  private readonly catalog = new CatalogHolder();
  private readonly live: LiveSettings;
  private readonly liveAccess: LiveAccess;
  private readonly reloader: Reloader;
  /** The search-ranker package's side of tool search (idle, and nothing of a model loaded, unless one is installed). */
  private readonly modelRanking: ModelRanking;
  private readonly federation: BusFederation | undefined;
  private readonly busOptions: OvosBusOptions;
  private readonly metrics: MetricsRecorder | undefined;
  /** The result store the provider made itself (cleared on close), if it made one. */
  private ownStore: MemoryResultStore | undefined;
  /** The connection to the state replicas share (`state.redis`), when configured. */
  private readonly sharedState: RedisState | undefined;
  /** Tells the other replicas of this one's reloads and follows theirs (with `state.redis`). */
  private readonly replicaSync: ReplicaSync | undefined;
  /** The digest of what is served now (`catalogDigest`), after every swap. */
  private digest = '';
  /** The generation before the last swap's (whose hosts are warm already). */
  private lastGeneration: RegistryGeneration | undefined;
  /** Cancels the warm-ups of the last swap that have not started yet. */
  private cancelWarmUp: (() => void) | undefined;
  private unregisterBus: (() => void) | undefined;
  private closed = false;
  private loadedOnce = false;
  /** The toolbox packages' example requests, read in a worker at each reload (issue 42). */
  private readonly utterances: PackageUtterances;
  /** Which generation's search index serves: a load or reload finishes once the one it swapped in does. */
  private readonly searchReadiness = new SearchReadiness();

  constructor(options: ToolsProviderOptions) {
    this.bus = options.bus ?? null;
    const settings = options.settings ?? parseProviderConfig({});
    this.logger = options.logger ?? createLogger('ovos-tools');
    this.metrics = options.metrics;
    const live = (this.live = new LiveSettings(settings, options.readSettings, options.configLabel ?? 'config', this.logger));
    this.pluginRoots = options.pluginRoots ?? settings.discovery.pluginRoots ?? defaultPluginRoots();
    this.policy = new ExecutionPolicy(settings.policy, this.logger);
    live.onChange((next) => this.policy.configure(next.policy));
    this.brain = options.brain === undefined ? createBrain(settings.brain, this.logger) : options.brain;
    this.federation = this.federationFor(settings, options);
    this.watchSwaps();
    // example requests of the toolbox packages, read in a worker at each reload and filtered by who said them first (issue 42)
    this.utterances = new PackageUtterances({ logger: this.logger, trusted: () => live.current.search.trustedToolboxes });
    this.reloader = providerReloader(settings, options, { pluginRoots: this.pluginRoots, brain: this.brain, logger: this.logger, catalog: this.catalog, live, federation: this.federation, utterances: this.utterances });
    // with `state.redis`, agents' limits, result handles and confirm-token uses are kept in the Redis every replica
    // shares (unless the embedder gave its own stores), and reloads reach every replica
    this.sharedState = settings.state ? new RedisState(settings.state.redis, this.logger) : undefined;
    this.replicaSync = this.sharedState ? new ReplicaSync(this.sharedState, this.logger, { reload: () => this.reloadForReplica(), digest: () => this.digest }) : undefined;
    const confirmationStore = options.confirmationStore ?? (this.sharedState ? new RedisConfirmationStore(this.sharedState, { logger: this.logger }) : undefined);
    this.liveAccess = new LiveAccess({
      settings: live,
      logger: this.logger,
      ...(options.access ? { access: options.access } : {}),
      ...(options.busExposure ? { busExposure: options.busExposure } : {}),
      ...(this.sharedState ? { sharedState: this.sharedState } : {}),
      ...(confirmationStore ? { confirmationStore } : {}),
    });
    this.modelRanking = new ModelRanking({ source: () => this.reloader.searchRanker(), logger: this.logger }, options.search?.lexicon === undefined ? VOICE_LEXICON : options.search.lexicon);
    this.service = this.serviceFor(settings, options);
    this.busOptions = this.busOptionsFor();
  }

  /** The federation of toolboxes elsewhere on the bus (when there is a bus and it is on), following config reloads. */
  private federationFor(settings: ProviderSettings, options: ToolsProviderOptions): BusFederation | undefined {
    if (!this.bus || !settings.federation.enabled) return undefined;
    // what the bus changes is this replica's own: such reloads are not told to other replicas
    const federation = new BusFederation(this.bus, settings.federation, this.logger, () => void this.reloadHere(true).catch((err) => this.logger.error(`federation: reload failed: ${(err as Error).message}`)), options.ownBusServer);
    this.live.onChange((next) => federation.configure(next.federation));
    this.catalog.onSwap(({ generation }) => federation.setLocalIds(new Set(generation.toolboxes.filter((t) => t.host.kind !== 'bus').map((t) => t.host.toolboxId))));
    return federation;
  }

  /** After every swap: the digest of what is served, and warming (once idle) every host it brought. */
  private watchSwaps(): void {
    this.catalog.onSwap(({ generation }) => {
      this.digest = this.digestOf(generation);
      if (this.live.current.hosts.warmUp) this.warmNewHosts(this.lastGeneration, generation);
      this.lastGeneration = generation;
    });
  }

  private digestOf(generation: RegistryGeneration): string {
    return catalogDigest(generation, this.live.current, (entryPoint) => this.reloader.versionOf(entryPoint));
  }

  /** The tool service: the catalog, access, policy, confirmation and output budgets, reloading through {@link ToolsProvider.reloadForAll}. */
  private serviceFor(settings: ProviderSettings, options: ToolsProviderOptions): ToolService {
    const live = this.live;
    const store =
      options.resultStore ?? (this.sharedState ? new RedisResultStore(this.sharedState, settings.budget.store) : (this.ownStore = new MemoryResultStore(settings.budget.store)));
    return createToolService({
      catalog: this.catalog,
      rebuild: () => this.reloadForAll(),
      access: this.liveAccess.access,
      policy: this.policy,
      confirmation: this.liveAccess.confirmation,
      get duplicateToolNames() {
        return live.current.registry.duplicateToolNames;
      },
      budgets: new OutputBudgets({
        store,
        get defaultMaxOutputChars() {
          return live.current.budget.maxOutputChars;
        },
        agentMaxOutputChars: (id) => live.current.access.agents.find((a) => a.id === id)?.maxOutputChars,
      }),
      logger: this.logger,
      searchIndexBuilt: (generation) => this.searchReadiness.built(generation),
      searched: () => this.searchReadiness.searched(),
      // example requests from each toolbox package's locale/<lang>/<tool>.intent files (issues 39, 42), read safely and
      // filtered; a search-ranker package (issue 42), when discovery finds one: its model's ranking is fused with the lexical one
      search: { utterances: this.utterances.utterancesOf, ranker: this.modelRanking, ...options.search },
      ...(options.metrics ? { metrics: options.metrics } : {}),
    });
  }

  /** How the bus transport reads callers: HiveMind satellites act as their declared agent whatever bus_agent_field says. */
  private busOptionsFor(): OvosBusOptions {
    const live = this.live;
    const liveAccess = this.liveAccess;
    return {
      logger: this.logger,
      callerOf: (message: Message): Caller =>
        busCaller(message.context, { contextField: live.current.bus.agentField ?? false, satelliteAgent: (client) => liveAccess.satelliteAgent(client) }),
      ...(this.federation ? { hostId: this.federation.hostId } : {}),
    };
  }

  /** The settings running now: those it was built with, then what each reload read again (see `readSettings`). */
  get settings(): ProviderSettings {
    return this.live.current;
  }

  /** Before every reload but the first: reads the config again (see {@link LiveSettings.reread}) and answers its problems. */
  private rereadConfig(): LoadProblem[] {
    const first = !this.loadedOnce;
    this.loadedOnce = true;
    return first ? [] : this.live.reread();
  }

  /**
   * A reload of this replica only (the first load, the federation's): rescans and re-reads the config; its report
   * carries the digest. `count`: record it in the metrics (the service records the reloads asked through it).
   */
  private async reloadHere(count = false): Promise<ReloadReport> {
    const report = await this.reloader.reload(() => this.rereadConfig());
    // the swapped-in generation's search index is built in the background (steps between turns of the event loop,
    // the catalog serving meanwhile): the load is reported once it serves, so the first search finds it built
    await this.searchReadiness.whenBuilt(this.catalog.current.number, SEARCH_INDEX_WAIT_MS);
    if (count) this.metrics?.reloaded(report.problems.length ? 'problems' : 'ok');
    return { ...report, digest: this.digest };
  }

  /** A reload asked through a door (the service's `reload`: bus, HTTP, CLI, `--watch`): this replica's, then told to every replica. */
  private async reloadForAll(): Promise<ReloadReport> {
    const report = await this.reloadHere();
    await this.replicaSync?.announce(report.digest!);
    return report;
  }

  /**
   * A reload another replica announced: rescans and re-reads the config, and puts the result in service only when it
   * brought no new failure (a toolbox that did not load here, a config that could not be read): else this replica
   * keeps serving its last good catalog and the reload rejects (`ReplicaSync` says so in the log and `/health`).
   * Resolves with the digest served after.
   */
  private async reloadForReplica(): Promise<string> {
    try {
      const report = await this.reloader.reload(
        () => this.rereadConfig(),
        (next) => {
          const failures = newFailures(this.catalog.current.problems, next.problems);
          for (const f of failures) this.logger.error(`replica sync: not put in service: ${f.entryPoint || f.packageName}: ${f.error}`);
          return failures.length === 0;
        },
      );
      this.metrics?.reloaded(report.problems.length ? 'problems' : 'ok');
    } finally {
      this.digest = this.digestOf(this.catalog.current); // a config read again is running even when the catalog was kept
    }
    return this.digest;
  }

  /**
   * What `/health` says of this provider: the generation number serving now, the digest of what it serves (its
   * packages, their versions and its config: equal on replicas that serve the same) and, with `state.redis`, where
   * it stands against the last reload told to every replica (see `replicaHealthJson`).
   */
  health(): Record<string, unknown> {
    return replicaHealthJson(this.catalog.current.number, this.digest, this.replicaSync?.status());
  }

  /**
   * Warms, once the provider is idle (see `warmUpWhenIdle`), every host of `next` that `previous` did not have
   * (hosts kept across a reload are warm already), and the brain with the first generation.
   */
  private warmNewHosts(previous: RegistryGeneration | undefined, next: RegistryGeneration): void {
    const kept = new Set(previous?.toolboxes.map((t) => t.host) ?? []);
    const hosts: ToolboxHost[] = next.toolboxes.filter((t) => !kept.has(t.host)).map((t) => t.host);
    const brain = this.brain;
    if (!previous && brain instanceof OpenAIChatEngine) hosts.push({ warmUp: () => void brain.warmUp() } as ToolboxHost);
    this.cancelWarmUp?.();
    // the search index of the generation is built first (in the background, after the swap), and searches count as
    // calls: warming every host at once beside them would make the first searches after a start or a reload wait
    this.cancelWarmUp = warmUpWhenIdle(hosts, { busy: () => this.policy.load.running > 0 || this.searchReadiness.busy(next.number, SEARCH_ACTIVE_MS) });
  }

  /** The registry generation serving requests now. */
  get registry(): RegistryGeneration {
    return this.catalog.current;
  }

  /**
   * Serves the OVOS bus topics (when there is a bus), then loads every toolbox; the first load's catalog goes out
   * as the first `ovos.tools.changed`. Requests that arrive while the toolboxes load wait for them (bounded).
   * With `state.redis`, then follows the reloads of the other replicas. Resolves with the load report.
   */
  async start(): Promise<ReloadReport> {
    await this.sharedState?.start(); // never rejects: with Redis down, calls that need it are refused until it is back
    this.liveAccess.warnOfReplicaSecret();
    if (this.bus && !this.unregisterBus && !this.closed) this.unregisterBus = registerOvosBus(this.bus, this.service, this.busOptions);
    await this.replicaSync?.prime(); // the first load covers every reload announced before it
    const report = await this.reloadHere(true);
    this.federation?.start();
    await this.replicaSync?.start();
    return report;
  }

  /**
   * Rescans the plugin roots and swaps in the next generation, as the operator; see `Reloader`. With `state.redis`,
   * every replica sharing it reloads too. Never rejects for a bad toolbox.
   */
  async reload(): Promise<ReloadReport> {
    const outcome = await this.service.reload();
    if (!outcome.ok) throw new Error(outcome.error.error); // the in-process operator may always reload
    return outcome.report;
  }

  /** Stops serving the bus, then closes every toolbox host once its calls finish, then the shared-state connection. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.cancelWarmUp?.();
    this.federation?.stop();
    this.unregisterBus?.();
    this.unregisterBus = undefined;
    await this.replicaSync?.close();
    await this.reloader.close();
    await this.modelRanking.close();
    this.liveAccess.close();
    await this.sharedState?.close();
    await this.ownStore?.clear();
  }
}
