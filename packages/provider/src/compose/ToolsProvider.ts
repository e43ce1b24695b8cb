import { createLogger, parseLogLevel, type Bus, type ChatEngine, type Logger, type LogLevel, type Message, type ToolboxHost } from '@ovos-tools/core';
import type { AccessControl, BusExposure } from '../access/AccessControl.js';
import { createBrain } from '../brain/createBrain.js';
import { OpenAIChatEngine } from '../brain/OpenAIChatEngine.js';
import { warmUpWhenIdle } from '../hosts/warmUpWhenIdle.js';
import { MemoryResultStore } from '../budget/MemoryResultStore.js';
import { OutputBudgets } from '../budget/OutputBudgets.js';
import type { ResultStore } from '../budget/ResultStore.js';
import { CatalogHolder } from '../catalog/CatalogHolder.js';
import { Reloader } from '../catalog/Reloader.js';
import type { ConfirmationStore } from '../confirm/ConfirmationStore.js';
import { defaultPluginRoots, parseProviderConfig, type ProviderSettings } from '../config/ProviderConfig.js';
import { unmatchedNames } from '../config/unmatchedNames.js';
import { BusFederation, type OwnBusServer } from '../federation/BusFederation.js';
import type { MetricsRecorder } from '../metrics/MetricsRecorder.js';
import { ExecutionPolicy } from '../policy/ExecutionPolicy.js';
import type { RegistryGeneration } from '../registry/RegistryGeneration.js';
import type { ToolSearchIndexOptions } from '../search/ToolSearchIndex.js';
import { packageUtterances } from '../search/packageUtterances.js';
import { ModelRanking } from '../search/semantic/ModelRanking.js';
import { VOICE_LEXICON } from '../search/voiceLexicon.js';
import type { Caller, LoadProblem, ReloadReport, ToolService } from '../service/ToolService.js';
import { busCaller } from '../transports/ovos-bus/busCaller.js';
import { registerOvosBus, type OvosBusOptions } from '../transports/ovos-bus/registerOvosBus.js';
import { RedisConfirmationStore } from '../state/RedisConfirmationStore.js';
import { RedisResultStore } from '../state/RedisResultStore.js';
import { RedisState } from '../state/RedisState.js';
import { createToolService } from './createToolService.js';
import { LiveAccess } from './LiveAccess.js';
import { LiveSettings } from './LiveSettings.js';
import { protectedPaths } from './protectedPaths.js';

/** Options of {@link ToolsProvider}. */
export interface ToolsProviderOptions {
  /** The messagebus to serve on (a `MessageBusClient`, a server attachment, or a `FakeBus`); none for bus-less transports (MCP over stdio). */
  bus?: Bus | null;
  /** Parsed settings; default `parseProviderConfig({})`. */
  settings?: ProviderSettings;
  /** Plugin roots to scan; default `settings.pluginRoots`, else the working directory and the per-user dir. */
  pluginRoots?: string[];
  /** Where the provider logs; default a stderr logger named `ovos-tools`. */
  logger?: Logger;
  /** Level of the toolboxes' loggers (their lines are dropped in their hosts below it); default `$OVOS_TOOLS_LOG_LEVEL`, else `info`. */
  logLevel?: LogLevel;
  /** The brain lent to every toolbox; default built from `settings.brain` and the environment. */
  brain?: ChatEngine | null;
  /**
   * Who may see, call, start a call now and reload, for every transport; default built from the settings' `agents`,
   * `bus_requires_agent` and `bus_reload`, with `busExposure`.
   */
  access?: AccessControl;
  /**
   * Who can reach the messagebus (decides whether `ovos.tools.reload` is accepted from it under `bus_reload: "auto"`);
   * default `loopback`. `ovos-tools serve` sets it from the bus it serves on (embedded or joined, host and secret).
   */
  busExposure?: BusExposure;
  /**
   * The messagebus's server, when the provider runs it itself (`ovos-tools serve` on its embedded bus passes it): how
   * many other clients are connected, and each new connection. While nobody else is connected, the federation's
   * discovery answers at once with no remote toolboxes instead of listening for `discover_window_ms`, so such a
   * provider serves without that wait; and 0.25 and 2 s after a client connects the federation asks the bus, so a
   * Python toolbox that connects later (it never announces itself) is served within seconds instead of at the next
   * `interval_ms`. Absent: the window is always waited and joiners are found as on any bus (`BusFederation`).
   */
  ownBusServer?: OwnBusServer;
  /** Config files the provider read; toolboxes that touch files must never write them (`ToolBoxOptions.protectedPaths`). */
  configPaths?: string[];
  /** Records invocations of every transport, calls in flight, queue depth, reloads and toolbox restarts (e.g. `PrometheusMetrics`). */
  metrics?: MetricsRecorder;
  /**
   * Where results cut to a caller's `max_output_chars` wait to be paged; default, with the config's `result_store`
   * limits, a store in the Redis of `state.redis` when it is set (a handle is then readable from any replica), else a
   * `MemoryResultStore`. A store given here is not cleared when the provider closes (nor is the Redis one: other
   * replicas still page its handles).
   */
  resultStore?: ResultStore;
  /** How tool search ranks (field boosts, the query-expansion lexicon); default `ToolSearchIndex`'s. */
  search?: ToolSearchIndexOptions;
  /**
   * Where the single use of confirm tokens is recorded; default a store in the Redis of `state.redis` when it is set,
   * else an in-memory store of this process. Replicas that share `confirmation.secret` and one store accept a token
   * issued by any of them, once.
   */
  confirmationStore?: ConfirmationStore;
  /**
   * Reads the config again, with the same checks as at start (e.g. `() => parseProviderConfig(loadProviderConfig(file))`):
   * every reload after the first calls it and applies what may change while running (each feature's reload rule
   * says what waits for a restart). A reader that throws leaves the running config as it is; the reload reports why in
   * its problems and the log. Without it, reloads keep the settings the provider was built with.
   */
  readSettings?: () => ProviderSettings;
  /** What the config is, for problems and logs (e.g. the `--config` file path); default `config`. */
  configLabel?: string;
}

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
  /** The result store the provider made itself (cleared on close), if it made one. */
  private readonly ownStore: MemoryResultStore | undefined;
  /** The connection to the state replicas share (`state.redis`), when configured. */
  private readonly sharedState: RedisState | undefined;
  /** The generation before the last swap's (whose hosts are warm already). */
  private lastGeneration: RegistryGeneration | undefined;
  /** Cancels the warm-ups of the last swap that have not started yet. */
  private cancelWarmUp: (() => void) | undefined;
  private unregisterBus: (() => void) | undefined;
  private closed = false;
  private loadedOnce = false;

  constructor(options: ToolsProviderOptions) {
    this.bus = options.bus ?? null;
    const settings = options.settings ?? parseProviderConfig({});
    this.logger = options.logger ?? createLogger('ovos-tools');
    const live = (this.live = new LiveSettings(settings, options.readSettings, options.configLabel ?? 'config', this.logger));
    this.pluginRoots = options.pluginRoots ?? settings.discovery.pluginRoots ?? defaultPluginRoots();
    this.policy = new ExecutionPolicy(settings.policy, this.logger);
    live.onChange((next) => this.policy.configure(next.policy));
    this.brain = options.brain === undefined ? createBrain(settings.brain, this.logger) : options.brain;
    const federation = (this.federation =
      this.bus && settings.federation.enabled ? new BusFederation(this.bus, settings.federation, this.logger, () => void this.reload(), options.ownBusServer) : undefined);
    if (federation) {
      live.onChange((next) => federation.configure(next.federation));
      this.catalog.onSwap(({ generation }) => federation.setLocalIds(new Set(generation.toolboxes.filter((t) => t.host.kind !== 'bus').map((t) => t.host.toolboxId))));
    }
    // warm, once the provider is idle, every host a swap brought (and the brain with the first generation)
    this.catalog.onSwap(({ generation }) => {
      if (live.current.hosts.warmUp) this.warmNewHosts(this.lastGeneration, generation);
      this.lastGeneration = generation;
    });
    this.reloader = new Reloader({
      ...(federation ? { builtInSources: [{ name: 'messagebus', origin: 'remote' as const, source: federation }] } : {}),
      discovery: settings.discovery,
      registry: settings.registry,
      hosts: settings.hosts,
      toolboxConfigs: settings.toolboxConfigs,
      pluginRoots: this.pluginRoots,
      protectedPaths: protectedPaths(this.pluginRoots, options.configPaths ?? []),
      brain: this.brain,
      logger: this.logger,
      logLevel: options.logLevel ?? envLevel(),
      holder: this.catalog,
      ...(options.metrics ? { onHostRestart: (toolboxId: string) => options.metrics!.toolboxRestarted(toolboxId) } : {}),
      onLoaded: (names) => {
        for (const warning of unmatchedNames(live.current, names)) this.logger.warn(warning);
      },
    });
    live.onChange((next) => this.reloader.configure({ discovery: next.discovery, registry: next.registry, hosts: next.hosts, toolboxConfigs: next.toolboxConfigs }));
    // with `state.redis`, agents' limits, result handles and confirm-token uses are kept in the Redis every replica
    // shares, unless the embedder gave its own stores
    this.sharedState = settings.state ? new RedisState(settings.state.redis, this.logger) : undefined;
    const confirmationStore = options.confirmationStore ?? (this.sharedState ? new RedisConfirmationStore(this.sharedState, { logger: this.logger }) : undefined);
    const liveAccess = (this.liveAccess = new LiveAccess({
      settings: live,
      logger: this.logger,
      ...(options.access ? { access: options.access } : {}),
      ...(options.busExposure ? { busExposure: options.busExposure } : {}),
      ...(this.sharedState ? { sharedState: this.sharedState } : {}),
      ...(confirmationStore ? { confirmationStore } : {}),
    }));
    const store =
      options.resultStore ?? (this.sharedState ? new RedisResultStore(this.sharedState, settings.budget.store) : (this.ownStore = new MemoryResultStore(settings.budget.store)));
    this.modelRanking = new ModelRanking({ source: () => this.reloader.searchRanker(), logger: this.logger }, options.search?.lexicon === undefined ? VOICE_LEXICON : options.search.lexicon);
    this.service = createToolService({
      catalog: this.catalog,
      rebuild: () => this.reloader.reload(() => this.rereadConfig()),
      access: liveAccess.access,
      policy: this.policy,
      confirmation: liveAccess.confirmation,
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
      // example requests from each toolbox package's locale/<lang>/<tool>.intent files (issue 39)
      // a search-ranker package (issue 42), when discovery finds one: its model's ranking is fused with the lexical one
      search: { utterances: packageUtterances((source) => this.reloader.packageOf(source)), ranker: this.modelRanking, ...options.search },
      ...(options.metrics ? { metrics: options.metrics } : {}),
    });
    // HiveMind satellites are recognised whatever bus_agent_field says: they act as their declared agent or not at all
    this.busOptions = {
      logger: this.logger,
      callerOf: (message: Message): Caller =>
        busCaller(message.context, { contextField: live.current.bus.agentField ?? false, satelliteAgent: (client) => liveAccess.satelliteAgent(client) }),
      ...(federation ? { hostId: federation.hostId } : {}),
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
   * Warms, once the provider is idle (see `warmUpWhenIdle`), every host of `next` that `previous` did not have
   * (hosts kept across a reload are warm already), and the brain with the first generation.
   */
  private warmNewHosts(previous: RegistryGeneration | undefined, next: RegistryGeneration): void {
    const kept = new Set(previous?.toolboxes.map((t) => t.host) ?? []);
    const hosts: ToolboxHost[] = next.toolboxes.filter((t) => !kept.has(t.host)).map((t) => t.host);
    const brain = this.brain;
    if (!previous && brain instanceof OpenAIChatEngine) hosts.push({ warmUp: () => void brain.warmUp() } as ToolboxHost);
    this.cancelWarmUp?.();
    this.cancelWarmUp = warmUpWhenIdle(hosts, { busy: () => this.policy.load.running > 0 });
  }

  /** The registry generation serving requests now. */
  get registry(): RegistryGeneration {
    return this.catalog.current;
  }

  /**
   * Serves the OVOS bus topics (when there is a bus), then loads every toolbox; the first load's catalog goes out
   * as the first `ovos.tools.changed`. Requests that arrive while the toolboxes load wait for them (bounded).
   * Resolves with the load report.
   */
  async start(): Promise<ReloadReport> {
    await this.sharedState?.start(); // never rejects: with Redis down, calls that need it are refused until it is back
    this.liveAccess.warnOfReplicaSecret();
    if (this.bus && !this.unregisterBus && !this.closed) this.unregisterBus = registerOvosBus(this.bus, this.service, this.busOptions);
    const report = await this.reload();
    this.federation?.start();
    return report;
  }

  /** Rescans the plugin roots and swaps in the next generation, as the operator; see `Reloader`. Never rejects for a bad toolbox. */
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
    await this.reloader.close();
    await this.modelRanking.close();
    this.liveAccess.close();
    await this.sharedState?.close();
    await this.ownStore?.clear();
  }
}

function envLevel(): LogLevel {
  const read = parseLogLevel(process.env.OVOS_TOOLS_LOG_LEVEL ?? 'info');
  return read.ok ? read.level : 'info';
}
