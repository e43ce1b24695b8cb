import type { ChatEngine, Logger, LogLevel, Bus } from '@ovos-tools/core';
import type { AccessControl, BusExposure } from '../access/AccessControl.js';
import type { ConfirmationStore } from '../confirm/ConfirmationStore.js';
import type { ProviderSettings } from '../config/ProviderConfig.js';
import type { OwnBusServer } from '../federation/OwnBusServer.js';
import type { MetricsRecorder } from '../metrics/MetricsRecorder.js';
import type { ResultStore } from '../budget/ResultStore.js';
import type { ToolSearchIndexOptions } from '../search/ToolSearchIndex.js';

/** Options of `ToolsProvider` (`compose/ToolsProvider.ts`). */
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
