import path from 'node:path';
import { createLogger, Message, Topics, type Bus, type Logger, type LogLevel } from '@ovos-tools/core';
import { isLoopbackHost, isMessageBusReachable, loadMessageBusConfig, MessageBusClient, type MessageBusServer } from '@ovos-tools/messagebus';
import type { BusExposure } from '../../access/AccessControl.js';
import type { ProviderSettings } from '../../config/ProviderConfig.js';
import type { PrometheusMetrics } from '../../metrics/PrometheusMetrics.js';
import type { ReloadReport } from '../../service/ReloadReport.js';
import type { HttpServerHandle } from '../../transports/http/httpServerOptions.js';
import { providerConfigSource } from '../../config/providerConfigSource.js';
import { ToolsProvider } from '../../compose/ToolsProvider.js';
import type { OwnBusServer } from '../../federation/OwnBusServer.js';
import type { RawFrameSource } from '../../transports/http/inspector/BusTrafficFeed.js';
import { redactRedisUrl } from '../../state/redactRedisUrl.js';
import { logLevelOption } from '../logLevelOption.js';
import { CliError, ExitCode } from '../CliError.js';
import { notifySystemd } from '../notifySystemd.js';
import { resolveBusUrl } from '../resolveBusUrl.js';
import { shutdownSignal } from '../shutdownSignal.js';
import { ensureHttpPortFree, httpListenOf, startEmbeddedBus } from './servePorts.js';

/** Options of `ovos-tools serve`. */
export interface ServeOptions {
  /** The messagebus URL; default `$OVOS_TOOLS_BUS_URL`, then mycroft.conf, then `ws://127.0.0.1:8181/core`. */
  busUrl?: string;
  /** `auto` (start one when none answers), `always` or `never`. */
  embeddedBus: string;
  /** Plugin roots to scan (repeatable; replaces the defaults). */
  plugins?: string[];
  /** The provider config file (the section itself, or a mycroft.conf). */
  config?: string;
  /** Reload by itself when packages are installed or removed. */
  watch?: boolean;
  /** `debug`, `info`, `warn`, `error` or `silent`. */
  logLevel?: string;
  /** How long to wait for calls in flight on shutdown, in ms (string from the command line); default 5000. */
  drainTimeout?: string;
  /** `--http [host:]port`: also serve the HTTP API there (overrides the `http` section's `listen`). */
  http?: string;
}

/** Default bound on waiting for calls in flight when the provider stops, in ms. */
export const DEFAULT_DRAIN_TIMEOUT_MS = 5000;

/**
 * `ovos-tools serve`: joins the messagebus (starting an embedded one when asked, or with `auto` when none
 * answers), loads the toolboxes of the plugin roots and serves them until SIGINT, SIGTERM or SIGHUP, or until
 * the parent process exits when started with an IPC channel (as `npm start` does). On an embedded bus the
 * provider is attached to the server in-process (no second websocket hop). On stop it takes no new calls,
 * waits up to `--drain-timeout` ms for calls in flight, then closes the bus and frees the port.
 * @returns a promise that resolves when the provider has shut down.
 * @throws {@link CliError} for bad options or config, or when the embedded bus cannot listen.
 */
export async function serveCommand(options: ServeOptions): Promise<void> {
  const { mode, drainMs, logLevel } = serveFlags(options);
  const logger = createLogger('ovos-tools', logLevel);
  const pluginRoots = options.plugins?.map((p) => path.resolve(p));
  const config = providerConfigSource(options.config, pluginRoots);
  logger.debug(`log level ${logLevel}; config read from ${config.configPaths.join(', ') || config.configLabel}`);
  const { settings } = config;
  const url = resolveBusUrl(options.busUrl);
  // a port that is taken is said in milliseconds, before any toolbox loads (loading takes seconds)
  const httpListen = httpListenOf(settings.http, options.http);
  if (httpListen) await ensureHttpPortFree(httpListen, options.http ? '--http' : 'the http section\'s listen (or --http)');
  // signals are taken over before anything slow, so a stop during start-up still shuts down cleanly
  const stopRequested = shutdownSignal();
  const joined = await joinBus(mode, url, logger, stopRequested);
  if (!joined) return;
  const { bus, server } = joined;
  // with the HTTP API on, the service records every transport's calls (bus, HTTP, MCP) into the metrics /metrics serves
  // (Fastify and prom-client load only when the HTTP API is on)
  const metrics = httpListen ? new (await import('../../metrics/PrometheusMetrics.js')).PrometheusMetrics({ collectDefault: true }) : undefined;
  const provider = new ToolsProvider({
    logLevel,
    bus,
    pluginRoots: options.plugins?.map((p) => path.resolve(p)),
    logger,
    busExposure: joined.busExposure,
    // on its own bus server the provider knows when nobody is there to answer a federation discover, and who connects
    ...(server ? { ownBusServer: ownBusServerOf(server) } : {}),
    // every reload reads the config again (a bad file keeps the running config; the reload says why)
    ...config,
    ...(metrics ? { metrics } : {}),
  });
  const report = await provider.start();
  const http = httpListen ? await startHttp(provider, joined, { settings, cliListen: options.http, logger, metrics }) : undefined;
  // chokidar loads only with --watch: a serve without it starts without reading it
  const watcher = options.watch ? new (await import('../../watch/PluginWatcher.js')).PluginWatcher(provider.pluginRoots, () => provider.reload(), logger) : undefined;
  await watcher?.ready();
  process.stdout.write(banner({ provider, report, url, embedded: server !== undefined, watching: watcher !== undefined, http, settings }));
  await notifySystemd(['READY=1', `STATUS=serving ${report.totalTools} tool(s) on ${url}`], logger);

  const reason = await stopRequested;
  logger.info(`${reason}: shutting down (waiting up to ${drainMs} ms for calls in flight)`);
  void notifySystemd(['STOPPING=1'], logger);
  await watcher?.close();
  await http?.close(); // no new HTTP calls; the ones in flight are cancelled
  const drained = await Promise.race([provider.close().then(() => true), sleep(drainMs).then(() => false)]);
  if (!drained) logger.warn(`calls still running after ${drainMs} ms; stopping without their answers`);
  await bus.close();
  await server?.close();
  // A tool cut off by the drain bound may still hold a timer or a worker; never let it keep the process alive.
  setTimeout(() => process.exit(), 2000).unref();
}

/**
 * The checked `--embedded-bus`, `--drain-timeout` and `--log-level`.
 * @throws {@link CliError} `usage` for a value out of range.
 */
function serveFlags(options: ServeOptions): { mode: string; drainMs: number; logLevel: LogLevel } {
  const mode = options.embeddedBus;
  if (!['auto', 'always', 'never'].includes(mode)) throw new CliError(`--embedded-bus must be auto, always or never, got "${mode}"`, ExitCode.usage);
  const drainMs = Number(options.drainTimeout ?? DEFAULT_DRAIN_TIMEOUT_MS);
  if (!Number.isFinite(drainMs) || drainMs < 0) throw new CliError(`--drain-timeout must be a number of milliseconds >= 0, got "${options.drainTimeout}"`, ExitCode.usage);
  return { mode, drainMs, logLevel: logLevelOption(options.logLevel) };
}

/** The bus the provider serves: its own embedded server's attachment, or a client of the bus at the URL. */
interface JoinedBus {
  bus: Bus & RawFrameSource & { close(): Promise<void> };
  /** The embedded server, when the provider runs the bus. */
  server: MessageBusServer | undefined;
  busExposure: BusExposure;
}

/**
 * Starts an embedded bus (`always`, or `auto` when none answers at the URL) and attaches to it, or joins the bus at
 * the URL as a client (warning when another provider already answers there).
 * @returns the bus, or `undefined` when a stop was requested before an external bus was reached.
 */
async function joinBus(mode: string, url: string, logger: Logger, stopRequested: Promise<string>): Promise<JoinedBus | undefined> {
  const secret = loadMessageBusConfig().secret;
  const loopback = isLoopbackHost(new URL(url).hostname);
  if (mode === 'always' || (mode === 'auto' && !(await isMessageBusReachable(url, 1000, secret ? { secret } : {})))) {
    const server = await startEmbeddedBus(url, logger);
    return { bus: server.attach({ logger }), server, busExposure: server.requiresSecret ? 'authenticated' : loopback ? 'loopback' : 'open' };
  }
  const client = new MessageBusClient({ url, logger });
  client.connect();
  const joined = await Promise.race([client.ready.then(() => true), stopRequested.then(() => false)]);
  if (!joined) return void (await client.close());
  await warnIfAnotherProvider(client, url);
  return { bus: client, server: undefined, busExposure: secret ? 'authenticated' : loopback ? 'loopback' : 'open' };
}

/**
 * Starts the HTTP API of a started provider.
 * @throws {@link CliError} `usage` when it cannot start (the provider and bus are closed first).
 */
async function startHttp(
  provider: ToolsProvider,
  joined: JoinedBus,
  o: { settings: ProviderSettings; cliListen: string | undefined; logger: Logger; metrics: PrometheusMetrics | undefined },
): Promise<HttpServerHandle | undefined> {
  const { settings, logger, metrics } = o;
  try {
    const { startHttpFromSettings } = await import('../../transports/http/startHttpFromSettings.js');
    return await startHttpFromSettings(provider.service, {
      config: settings.http,
      cliListen: o.cliListen,
      agents: () => provider.settings.access.agents,
      logger,
      ...(metrics ? { metrics } : {}),
      bus: joined.bus,
      mcpSearchTool: settings.mcp.searchTool,
      mcpSessions: settings.mcp.sessions,
      health: () => provider.health(),
    });
  } catch (err) {
    await provider.close();
    await joined.bus.close();
    await joined.server?.close();
    throw new CliError(`could not start the HTTP API: ${(err as Error).message}`, ExitCode.usage);
  }
}

/** What `serve` prints once it serves: the tools and toolboxes, the plugin roots, the HTTP routes, shared state. */
function banner(b: { provider: ToolsProvider; report: ReloadReport; url: string; embedded: boolean; watching: boolean; http: HttpServerHandle | undefined; settings: ProviderSettings }): string {
  const { provider, report, http, settings } = b;
  const where = b.embedded ? `${b.url} (embedded messagebus)` : b.url;
  return (
    `ovos-tools provider serving ${report.totalTools} tool(s) from ${report.loaded.length} toolbox(es) on ${where}\n` +
    provider.service.toolboxes().map((t) => `  - ${t.toolboxId === t.source ? t.source : `${t.toolboxId} (${t.source})`}`).join('\n') +
    (report.loaded.length ? '\n' : '') +
    `plugin roots: ${provider.pluginRoots.join(', ')}${b.watching ? ' (watching)' : ''}\n` +
    (http ? `HTTP API on ${http.url}:\n${http.routes.map((r) => `  ${r}`).join('\n')}\ninspector: ${http.url}/inspector\n` : '') +
    (settings.state ? `shared state: Redis at ${redactRedisUrl(settings.state.redis.url)} (agents' rate_per_minute and max_concurrency, result handles and confirm-token uses are kept there)\n` : '')
  );
}

/** The {@link OwnBusServer} view of the embedded server: its clients other than the provider's own attachment. */
function ownBusServerOf(server: MessageBusServer): OwnBusServer {
  return {
    otherClients: () => server.connectionCount + server.attachmentCount - 1,
    onClientConnected: (listener) => server.onClientConnected(listener),
    onClientDisconnected: (listener) => server.onClientDisconnected(listener),
  };
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * Before serving on a bus someone else runs, asks whether an ovos-tools provider already answers there (a
 * stale `npm start`, say): two providers would answer every request twice. Warns on stderr; does not refuse,
 * since that can be deliberate (different plugin roots).
 */
async function warnIfAnotherProvider(client: MessageBusClient, url: string): Promise<void> {
  const reply = await client.waitForResponse(new Message(Topics.toolsList, { summary: true }, { source: 'ovos-tools-serve' }), undefined, 500);
  if (!reply) return;
  const port = new URL(url).port || '80';
  process.stderr.write(
    `ovos-tools: warning: another ovos-tools provider already answers on ${url} (${(reply.data.tools as unknown[] | undefined)?.length ?? '?'} tools): ` +
      `an earlier \`ovos-tools serve\` or \`npm start\` may still be running. Every request will be answered twice. ` +
      `Find the process holding the bus with \`ss -ltnp 'sport = :${port}'\`, or serve elsewhere with --bus-url.\n`,
  );
}
