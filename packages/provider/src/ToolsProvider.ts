import os from 'node:os';
import path from 'node:path';
import { createLogger, type Bus, type ChatEngine, type Logger, type LogLevel, type ToolboxHost } from '@ovos-tools/core';
import { createBrain } from './brain/createBrain.js';
import { OpenAIChatEngine } from './brain/OpenAIChatEngine.js';
import { warmUpWhenIdle } from './hosts/warmUpWhenIdle.js';
import { defaultPluginRoots, parseProviderConfig, userPluginRoot, type ProviderSettings } from './config/ProviderConfig.js';
import { BusFederation } from './federation/BusFederation.js';
import type { MetricsRecorder } from './metrics/MetricsRecorder.js';
import { ExecutionPolicy } from './policy/ExecutionPolicy.js';
import type { RegistryGeneration } from './registry/RegistryGeneration.js';
import { Reloader } from './reload/Reloader.js';
import { createToolService } from './service/createToolService.js';
import type { Authorizer, CatalogChange, ReloadReport, ToolService } from './service/ToolService.js';
import { registerOvosBus, type OvosBusOptions } from './transports/ovos-bus/registerOvosBus.js';

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
  /** Permission check for every transport; default: every caller may see and call every tool. */
  authorize?: Authorizer;
  /** Who an OVOS bus request acts for (advisory: the bus has no authentication unless its secret is set). */
  busCaller?: OvosBusOptions['callerOf'];
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
  private readonly reloader: Reloader;
  private readonly federation: BusFederation | undefined;
  private readonly notify: (change: CatalogChange) => void;
  private unregisterBus: (() => void) | undefined;
  private pendingChange: CatalogChange | undefined;
  private started = false;
  private closed = false;

  constructor(options: ToolsProviderOptions) {
    this.bus = options.bus ?? null;
    this.settings = options.settings ?? parseProviderConfig({});
    this.pluginRoots = options.pluginRoots ?? this.settings.pluginRoots ?? defaultPluginRoots();
    this.logger = options.logger ?? createLogger('ovos-tools');
    this.policy = new ExecutionPolicy(this.settings, this.logger);
    this.brain = options.brain === undefined ? createBrain(this.settings.brain, this.logger) : options.brain;
    this.federation =
      this.bus && this.settings.federation.enabled ? new BusFederation(this.bus, this.settings.federation, this.logger, () => void this.reload()) : undefined;
    const federation = this.federation;
    this.reloader = new Reloader({
      ...(federation ? { extraSources: [{ name: 'messagebus', origin: 'remote' as const, createHosts: (previous) => federation.createHosts(previous) }] } : {}),
      settings: this.settings,
      pluginRoots: this.pluginRoots,
      protectedPaths: protectedPaths(this.pluginRoots, options.configPaths ?? []),
      brain: this.brain,
      logger: this.logger,
      logLevel: options.logLevel ?? envLevel(),
      ...(options.metrics ? { onHostRestart: (toolboxId: string) => options.metrics!.toolboxRestarted(toolboxId) } : {}),
      onSwap: (previous, next, report) => {
        federation?.setLocalIds(new Set(next.toolboxes.filter((t) => t.host.kind !== 'bus').map((t) => t.host.toolboxId)));
        if (this.settings.warmUp) this.warmNewHosts(previous, next);
        if (!report.added.length && !report.removed.length && !report.updated.length) return;
        const change = toChange(report);
        if (this.started) this.notify(change);
        else this.pendingChange = change;
      },
    });
    const { service, notify } = createToolService({
      reloader: this.reloader,
      policy: this.policy,
      settings: this.settings,
      ...(options.authorize ? { authorize: options.authorize } : {}),
      ...(options.metrics ? { metrics: options.metrics } : {}),
    });
    this.service = service;
    this.notify = notify;
    this.busOptions = { logger: this.logger, ...(options.busCaller ? { callerOf: options.busCaller } : {}), ...(federation ? { hostId: federation.hostId } : {}) };
  }

  private readonly busOptions: OvosBusOptions;
  /** Cancels the warm-ups of the last swap that have not started yet. */
  private cancelWarmUp: (() => void) | undefined;

  /**
   * Warms, once the provider is idle (see `warmUpWhenIdle`), every host of `next` that `previous` did not have
   * (hosts kept across a reload are warm already), and the brain with the first generation.
   */
  private warmNewHosts(previous: RegistryGeneration, next: RegistryGeneration): void {
    const kept = new Set(previous.toolboxes.map((t) => t.host));
    const hosts: ToolboxHost[] = next.toolboxes.filter((t) => !kept.has(t.host)).map((t) => t.host);
    const brain = this.brain;
    if (previous.number === 0 && brain instanceof OpenAIChatEngine) hosts.push({ warmUp: () => void brain.warmUp() } as ToolboxHost);
    this.cancelWarmUp?.();
    this.cancelWarmUp = warmUpWhenIdle(hosts, { busy: () => this.policy.load.running > 0 });
  }

  /** The registry generation serving requests now. */
  get registry(): RegistryGeneration {
    return this.reloader.generation;
  }

  /**
   * Loads every toolbox, then serves the OVOS bus topics (when there is a bus) and broadcasts the first
   * `ovos.tools.changed`. Resolves with the load report.
   */
  async start(): Promise<ReloadReport> {
    const report = await this.service.reload();
    if (this.bus && !this.unregisterBus && !this.closed) this.unregisterBus = registerOvosBus(this.bus, this.service, this.busOptions);
    this.started = true;
    this.federation?.start();
    const first = this.pendingChange;
    this.pendingChange = undefined;
    if (first) this.notify(first);
    return report;
  }

  /** Rescans the plugin roots and swaps in the next generation; see `Reloader`. Never rejects for a bad toolbox. */
  reload(): Promise<ReloadReport> {
    return this.service.reload();
  }

  /** Stops serving the bus, then closes every toolbox host once its calls finish. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.cancelWarmUp?.();
    this.federation?.stop();
    this.unregisterBus?.();
    this.unregisterBus = undefined;
    await this.reloader.close();
  }
}

function toChange(report: ReloadReport): CatalogChange {
  return { generation: report.generation, loaded: report.loaded, totalTools: report.totalTools, added: report.added, removed: report.removed, updated: report.updated };
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
