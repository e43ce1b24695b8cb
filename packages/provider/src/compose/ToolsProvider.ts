import os from 'node:os';
import path from 'node:path';
import { createLogger, type Bus, type ChatEngine, type Logger, type LogLevel } from '@ovos-tools/core';
import { createAccessControl, type AccessControl, type BusExposure } from '../access/AccessControl.js';
import { createSatelliteResolver } from '../access/resolveAgent.js';
import { createBrain } from '../brain/createBrain.js';
import { CatalogHolder } from '../catalog/CatalogHolder.js';
import { Reloader } from '../catalog/Reloader.js';
import { defaultPluginRoots, parseProviderConfig, userPluginRoot, type ProviderSettings } from '../config/ProviderConfig.js';
import { BusFederation } from '../federation/BusFederation.js';
import type { MetricsRecorder } from '../metrics/MetricsRecorder.js';
import { ExecutionPolicy } from '../policy/ExecutionPolicy.js';
import type { RegistryGeneration } from '../registry/RegistryGeneration.js';
import type { ReloadReport, ToolService } from '../service/ToolService.js';
import { busCallerOf } from '../transports/ovos-bus/busCaller.js';
import { registerOvosBus, type OvosBusOptions } from '../transports/ovos-bus/registerOvosBus.js';
import { RedisAgentLimiter } from '../state/RedisAgentLimiter.js';
import { RedisState } from '../state/RedisState.js';
import { createToolService } from './createToolService.js';

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
  /** Config files the provider read; toolboxes that touch files must never write them (`ToolBoxOptions.protectedPaths`). */
  configPaths?: string[];
  /** Records invocations of every transport, calls in flight, queue depth, reloads and toolbox restarts (e.g. `PrometheusMetrics`). */
  metrics?: MetricsRecorder;
}

/**
 * The tools provider: the TypeScript counterpart of ovos-PHAL-plugin-tools (wire spec §4). It composes the parts
 * of a call's path — discovery and reload (`Reloader`) → registry generation → permissions → execution policy →
 * the toolbox's host — into a transport-free {@link ToolService}, and serves that service on the OVOS messagebus
 * when it has one. Other transports (MCP, HTTP) take `provider.service`.
 */
export class ToolsProvider {
  readonly bus: Bus | null;
  readonly settings: ProviderSettings;
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
  /** The connection to the state replicas share (`state.redis`), when configured. */
  private readonly sharedState: RedisState | undefined;
  private readonly sharedLimits: RedisAgentLimiter | undefined;
  private unregisterBus: (() => void) | undefined;
  private closed = false;

  constructor(options: ToolsProviderOptions) {
    this.bus = options.bus ?? null;
    this.settings = options.settings ?? parseProviderConfig({});
    this.pluginRoots = options.pluginRoots ?? this.settings.discovery.pluginRoots ?? defaultPluginRoots();
    this.logger = options.logger ?? createLogger('ovos-tools');
    this.policy = new ExecutionPolicy(this.settings.policy, this.logger);
    this.brain = options.brain === undefined ? createBrain(this.settings.brain, this.logger) : options.brain;
    const federation = (this.federation =
      this.bus && this.settings.federation.enabled ? new BusFederation(this.bus, this.settings.federation, this.logger, () => void this.reload()) : undefined);
    if (federation) {
      this.catalog.onSwap(({ generation }) => federation.setLocalIds(new Set(generation.toolboxes.filter((t) => t.host.kind !== 'bus').map((t) => t.host.toolboxId))));
    }
    this.reloader = new Reloader({
      ...(federation ? { extraSources: [{ name: 'messagebus', origin: 'remote' as const, createHosts: (previous) => federation.createHosts(previous) }] } : {}),
      discovery: this.settings.discovery,
      registry: this.settings.registry,
      hosts: this.settings.hosts,
      toolboxConfigs: this.settings.toolboxConfigs,
      pluginRoots: this.pluginRoots,
      protectedPaths: protectedPaths(this.pluginRoots, options.configPaths ?? []),
      brain: this.brain,
      logger: this.logger,
      logLevel: options.logLevel ?? envLevel(),
      holder: this.catalog,
      ...(options.metrics ? { onHostRestart: (toolboxId: string) => options.metrics!.toolboxRestarted(toolboxId) } : {}),
    });
    // with `state.redis`, agents' limits are counted in the Redis every replica shares (never per replica)
    this.sharedState = this.settings.state ? new RedisState(this.settings.state.redis, this.logger) : undefined;
    this.sharedLimits = this.sharedState && !options.access ? new RedisAgentLimiter(this.sharedState, this.settings.access.agents, { logger: this.logger }) : undefined;
    const access =
      options.access ??
      createAccessControl({
        agents: this.settings.access.agents,
        busRequiresAgent: this.settings.access.busRequiresAgent,
        busReload: this.settings.access.busReload,
        ...(options.busExposure ? { busExposure: options.busExposure } : {}),
        ...(this.sharedLimits ? { limits: this.sharedLimits } : {}),
      });
    this.service = createToolService({
      catalog: this.catalog,
      rebuild: () => this.reloader.reload(),
      access,
      policy: this.policy,
      duplicateToolNames: this.settings.registry.duplicateToolNames,
      ...(options.metrics ? { metrics: options.metrics } : {}),
    });
    // HiveMind satellites are recognised whatever bus_agent_field says: they act as their declared agent or not at all
    const satelliteAgent = createSatelliteResolver(this.settings.access.agents);
    this.busOptions = {
      logger: this.logger,
      callerOf: busCallerOf({ contextField: this.settings.bus.agentField ?? false, satelliteAgent }),
      ...(federation ? { hostId: federation.hostId } : {}),
    };
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
    this.federation?.stop();
    this.unregisterBus?.();
    this.unregisterBus = undefined;
    await this.reloader.close();
    this.sharedLimits?.close();
    await this.sharedState?.close();
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
  const v = process.env.OVOS_TOOLS_LOG_LEVEL?.toLowerCase();
  return v === 'debug' || v === 'info' || v === 'warn' || v === 'error' || v === 'silent' ? v : 'info';
}
