import os from 'node:os';
import path from 'node:path';
import { createLogger, parseLogLevel, type Bus, type ChatEngine, type Logger, type LogLevel, type Message, type ToolboxHost } from '@ovos-tools/core';
import { randomBytes } from 'node:crypto';
import { createAccessControl, type AccessControl, type BusExposure } from '../access/AccessControl.js';
import { createSatelliteResolver } from '../access/resolveAgent.js';
import { createBrain } from '../brain/createBrain.js';
import { OpenAIChatEngine } from '../brain/OpenAIChatEngine.js';
import { warmUpWhenIdle } from '../hosts/warmUpWhenIdle.js';
import { MemoryResultStore } from '../budget/MemoryResultStore.js';
import { OutputBudgets } from '../budget/OutputBudgets.js';
import type { ResultStore } from '../budget/ResultStore.js';
import { CatalogHolder } from '../catalog/CatalogHolder.js';
import { Reloader } from '../catalog/Reloader.js';
import type { ConfirmationStore } from '../confirm/ConfirmationStore.js';
import { createConfirmation, type Confirmation } from '../confirm/createConfirmation.js';
import { defaultPluginRoots, parseProviderConfig, userPluginRoot, type ProviderSettings } from '../config/ProviderConfig.js';
import { RESTART_ONLY_KEYS, rereadSettings } from '../config/rereadSettings.js';
import { unmatchedNames } from '../config/unmatchedNames.js';
import { BusFederation, type OwnBusServer } from '../federation/BusFederation.js';
import type { MetricsRecorder } from '../metrics/MetricsRecorder.js';
import { ExecutionPolicy } from '../policy/ExecutionPolicy.js';
import type { RegistryGeneration } from '../registry/RegistryGeneration.js';
import type { ToolSearchIndexOptions } from '../search/ToolSearchIndex.js';
import type { Caller, LoadProblem, ReloadReport, ToolService } from '../service/ToolService.js';
import { busCaller } from '../transports/ovos-bus/busCaller.js';
import { registerOvosBus, type OvosBusOptions } from '../transports/ovos-bus/registerOvosBus.js';
import { RedisAgentLimiter } from '../state/RedisAgentLimiter.js';
import { RedisConfirmationStore } from '../state/RedisConfirmationStore.js';
import { RedisResultStore } from '../state/RedisResultStore.js';
import { RedisState } from '../state/RedisState.js';
import { createToolService } from './createToolService.js';
import { replicaSecretWarning } from './replicaSecretWarning.js';

/** How long a replaced shared limiter keeps renewing the leases of the calls it admitted (past any time limit), ms. */
const OLD_LIMITER_GRACE_MS = 10 * 60_000;

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
   * every reload after the first calls it and applies what may change while running (see `RESTART_ONLY_KEYS` for
   * what waits for a restart). A reader that throws leaves the running config as it is; the reload reports why in
   * its problems and the log. Without it, reloads keep the settings the provider was built with.
   */
  readSettings?: () => ProviderSettings;
  /** What the config is, for problems and logs (e.g. the `--config` file path); default `config`. */
  configLabel?: string;
}

/**
 * The tools provider: the TypeScript counterpart of ovos-PHAL-plugin-tools (wire spec §4). It composes the parts
 * of a call's path — discovery and reload (`Reloader`) → registry generation → permissions → execution policy →
 * the toolbox's host — into a transport-free {@link ToolService}, and serves that service on the OVOS messagebus
 * when it has one. Other transports (MCP, HTTP) take `provider.service`.
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
  private readonly reloader: Reloader;
  private readonly federation: BusFederation | undefined;
  private readonly busOptions: OvosBusOptions;
  private readonly options: ToolsProviderOptions;
  /** The result store the provider made itself (cleared on close), if it made one. */
  private readonly ownStore: MemoryResultStore | undefined;
  /** The confirm-token secret when the config sets none: random, kept for the provider's life (config reloads included). */
  private readonly confirmSecret = randomBytes(32).toString('base64');
  /** The connection to the state replicas share (`state.redis`), when configured. */
  private readonly sharedState: RedisState | undefined;
  private sharedLimits: RedisAgentLimiter | undefined;
  /** Where confirm-token uses are recorded when not in the confirmation's own default (given, or Redis with `state.redis`). */
  private readonly confirmationStore: ConfirmationStore | undefined;
  /** Whether the missing shared confirmation secret was warned about (once). */
  private secretWarned = false;
  /** The agent declared for a HiveMind client key, over the agents running now. */
  #satelliteAgent: (client: string) => string | undefined;
  /** The generation before the last swap's (whose hosts are warm already). */
  private lastGeneration: RegistryGeneration | undefined;
  /** Cancels the warm-ups of the last swap that have not started yet. */
  private cancelWarmUp: (() => void) | undefined;
  private unregisterBus: (() => void) | undefined;
  private closed = false;
  private loadedOnce = false;
  #settings: ProviderSettings;
  #access: AccessControl;
  #confirmation: Confirmation;

  constructor(options: ToolsProviderOptions) {
    this.options = options;
    this.bus = options.bus ?? null;
    const settings = (this.#settings = options.settings ?? parseProviderConfig({}));
    this.pluginRoots = options.pluginRoots ?? settings.discovery.pluginRoots ?? defaultPluginRoots();
    this.logger = options.logger ?? createLogger('ovos-tools');
    this.policy = new ExecutionPolicy(settings.policy, this.logger);
    this.brain = options.brain === undefined ? createBrain(settings.brain, this.logger) : options.brain;
    const federation = (this.federation =
      this.bus && settings.federation.enabled ? new BusFederation(this.bus, settings.federation, this.logger, () => void this.reload(), options.ownBusServer) : undefined);
    // warm, once the provider is idle, every host a swap brought (and the brain with the first generation)
    this.catalog.onSwap(({ generation }) => {
      if (this.#settings.hosts.warmUp) this.warmNewHosts(this.lastGeneration, generation);
      this.lastGeneration = generation;
    });
    if (federation) {
      this.catalog.onSwap(({ generation }) => federation.setLocalIds(new Set(generation.toolboxes.filter((t) => t.host.kind !== 'bus').map((t) => t.host.toolboxId))));
    }
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
        for (const warning of unmatchedNames(this.#settings, names)) this.logger.warn(warning);
      },
    });
    // with `state.redis`, agents' limits are counted in the Redis every replica shares (never per replica)
    this.sharedState = settings.state ? new RedisState(settings.state.redis, this.logger) : undefined;
    this.sharedLimits = this.sharedState && !options.access ? new RedisAgentLimiter(this.sharedState, settings.access.agents, { logger: this.logger }) : undefined;
    // so are result handles and confirm-token uses, unless the embedder gave its own stores
    this.confirmationStore = options.confirmationStore ?? (this.sharedState ? new RedisConfirmationStore(this.sharedState, { logger: this.logger }) : undefined);
    this.#access = options.access ?? this.accessFor(settings);
    this.#satelliteAgent = createSatelliteResolver(settings.access.agents);
    // the service asks the access control of the settings running now (a config reload may replace it)
    const access: AccessControl = {
      canUse: (caller, entry) => this.#access.canUse(caller, entry),
      admit: (caller) => this.#access.admit(caller),
      allows: (caller, action) => this.#access.allows(caller, action),
    };
    const provider = this;
    // likewise the confirmation rules, made again when the confirmation or access settings change
    this.#confirmation = this.confirmationFor(settings);
    const confirmation: Confirmation = {
      check: (caller, entry, call) => this.#confirmation.check(caller, entry, call),
      needs: (caller, entry) => this.#confirmation.needs(caller, entry),
      get store() {
        return provider.#confirmation.store;
      },
    };
    const store =
      options.resultStore ?? (this.sharedState ? new RedisResultStore(this.sharedState, settings.budget.store) : (this.ownStore = new MemoryResultStore(settings.budget.store)));
    this.service = createToolService({
      catalog: this.catalog,
      rebuild: () => this.reloader.reload(() => this.rereadConfig()),
      access,
      policy: this.policy,
      confirmation,
      get duplicateToolNames() {
        return provider.#settings.registry.duplicateToolNames;
      },
      budgets: new OutputBudgets({
        store,
        get defaultMaxOutputChars() {
          return provider.#settings.budget.maxOutputChars;
        },
        agentMaxOutputChars: (id) => provider.#settings.access.agents.find((a) => a.id === id)?.maxOutputChars,
      }),
      logger: this.logger,
      ...(options.search ? { search: options.search } : {}),
      ...(options.metrics ? { metrics: options.metrics } : {}),
    });
    // HiveMind satellites are recognised whatever bus_agent_field says: they act as their declared agent or not at all
    this.busOptions = {
      logger: this.logger,
      callerOf: (message: Message): Caller =>
        busCaller(message.context, { contextField: this.#settings.bus.agentField ?? false, satelliteAgent: (client) => this.#satelliteAgent(client) }),
      ...(federation ? { hostId: federation.hostId } : {}),
    };
  }

  /** The settings running now: those it was built with, then what each reload read again (see `readSettings`). */
  get settings(): ProviderSettings {
    return this.#settings;
  }

  private accessFor(settings: ProviderSettings): AccessControl {
    return createAccessControl({
      agents: settings.access.agents,
      busRequiresAgent: settings.access.busRequiresAgent,
      busReload: settings.access.busReload,
      ...(this.options.busExposure ? { busExposure: this.options.busExposure } : {}),
      ...(this.sharedLimits ? { limits: this.sharedLimits } : {}),
    });
  }

  private confirmationFor(settings: ProviderSettings): Confirmation {
    return createConfirmation({
      settings: settings.confirm.secret === undefined ? { ...settings.confirm, secret: this.confirmSecret } : settings.confirm,
      agents: settings.access.agents,
      ...(this.confirmationStore ? { store: this.confirmationStore } : this.#confirmation ? { store: this.#confirmation.store } : {}),
    });
  }

  /**
   * Before every reload but the first: reads the config again and applies what may change live (policy, access,
   * discovery and host settings, toolbox sections, the registry rules, the federation's timing). Answers the
   * problems the reload reports: a config that could not be read (the running one is kept), and restart-only keys
   * that changed.
   */
  private rereadConfig(): LoadProblem[] {
    const first = !this.loadedOnce;
    this.loadedOnce = true;
    if (first || !this.options.readSettings) return [];
    const label = this.options.configLabel ?? 'config';
    const read = rereadSettings(this.options.readSettings, this.#settings);
    if (!read.ok) {
      const error = `config not reloaded, the running config is kept: ${read.error}`;
      this.logger.error(`${label}: ${error}`);
      return [{ entryPoint: 'config', packageName: label, error }];
    }
    this.applySettings(read.settings);
    return read.needsRestart.map((key) => {
      const error = `config key '${key}' changed but takes effect only after a restart (${RESTART_ONLY_KEYS[key]}); the running value is kept`;
      this.logger.warn(`${label}: ${error}`);
      return { entryPoint: 'config', packageName: label, error };
    });
  }

  /** Makes `settings` the running ones: every part that may change while the provider runs. */
  private applySettings(settings: ProviderSettings): void {
    const accessChanged = settings.access !== this.#settings.access;
    const confirmChanged = accessChanged || JSON.stringify(settings.confirm) !== JSON.stringify(this.#settings.confirm);
    this.#settings = settings;
    if (confirmChanged) {
      this.#confirmation = this.confirmationFor(settings);
      this.warnOfReplicaSecret();
    }
    this.policy.configure(settings.policy);
    this.reloader.configure({ discovery: settings.discovery, registry: settings.registry, hosts: settings.hosts, toolboxConfigs: settings.toolboxConfigs });
    // a new access control only when the access keys changed: the agents' rate windows survive every other reload
    if (accessChanged && !this.options.access) {
      if (this.sharedState) {
        // the shared limiter counts the agents of the settings running now; the old one renews the leases of the calls
        // it admitted until they have surely ended (the longest time limit), then stops
        const old = this.sharedLimits;
        this.sharedLimits = new RedisAgentLimiter(this.sharedState, settings.access.agents, { logger: this.logger });
        if (old) setTimeout(() => old.close(), OLD_LIMITER_GRACE_MS).unref();
      }
      this.#access = this.accessFor(settings);
      this.#satelliteAgent = createSatelliteResolver(settings.access.agents);
    }
    this.federation?.configure(settings.federation);
  }

  /** Warns (once) when replicas share state but this one would sign confirm tokens no other replica accepts. */
  private warnOfReplicaSecret(): void {
    const warning = this.secretWarned ? undefined : replicaSecretWarning(this.#settings);
    if (!warning) return;
    this.secretWarned = true;
    this.logger.warn(warning);
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
    this.warnOfReplicaSecret();
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
    this.sharedLimits?.close();
    await this.sharedState?.close();
    await this.ownStore?.clear();
  }
}

/**
 * What no toolbox may write: the plugin roots (what they hold is loaded as code), the per-user plugin and
 * skills folders, the OVOS and ovos-tools config folders, and the config files the provider read.
 */
function protectedPaths(pluginRoots: readonly string[], configPaths: readonly string[]): string[] {
  const home = os.homedir();
  const config = process.env.XDG_CONFIG_HOME || path.join(home, '.config');
  const data = process.env.XDG_DATA_HOME || path.join(home, '.local', 'share');
  return [
    ...new Set([
      ...pluginRoots.map((p) => path.resolve(p)),
      userPluginRoot(),
      path.join(data, 'ovos-tools', 'skills'),
      path.join(config, 'mycroft'),
      path.join(config, 'ovos-tools'),
      '/etc/mycroft',
      ...configPaths.map((p) => path.resolve(p)),
    ]),
  ];
}

function envLevel(): LogLevel {
  const read = parseLogLevel(process.env.OVOS_TOOLS_LOG_LEVEL ?? 'info');
  return read.ok ? read.level : 'info';
}
