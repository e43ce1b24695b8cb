import path from 'node:path';
import { createLogger, type Logger, type LogLevel } from '@ovos-tools/core';
import { isMessageBusReachable, MessageBusClient, MessageBusServer } from '@ovos-tools/messagebus';
import { loadProviderConfig } from '../../config/loadProviderConfig.js';
import { parseProviderConfig } from '../../config/ProviderConfig.js';
import { ToolsProvider } from '../../ToolsProvider.js';
import { createAuthorizer } from '../../permissions/createAuthorizer.js';
import { startHttpFromSettings } from '../../transports/http/startHttpFromSettings.js';
import { PluginWatcher } from '../../watch/PluginWatcher.js';
import { CliError, ExitCode } from '../CliError.js';
import { resolveBusUrl } from '../busRequest.js';

/** Options of `ovos-tools serve`. */
export interface ServeOptions {
  busUrl?: string;
  embeddedBus: string;
  plugins?: string[];
  config?: string;
  watch?: boolean;
  logLevel?: string;
  /** `--http [host:]port`: also serve the HTTP API there (overrides the `http` section's `listen`). */
  http?: string;
}

/**
 * `ovos-tools serve`: joins the messagebus (starting an embedded one when asked, or with `auto` when none
 * answers), loads the toolboxes of the plugin roots and serves them until SIGINT/SIGTERM.
 * @returns a promise that resolves when the provider has shut down.
 * @throws {@link CliError} for bad options or config, or when the embedded bus cannot listen.
 */
export async function serveCommand(options: ServeOptions): Promise<void> {
  const mode = options.embeddedBus;
  if (!['auto', 'always', 'never'].includes(mode)) throw new CliError(`--embedded-bus must be auto, always or never, got "${mode}"`, ExitCode.usage);
  const logger = createLogger('ovos-tools', (options.logLevel as LogLevel | undefined) ?? undefined);
  const settings = parseProviderConfig(loadProviderConfig(options.config));
  const url = resolveBusUrl(options.busUrl);

  let server: MessageBusServer | undefined;
  if (mode === 'always' || (mode === 'auto' && !(await isMessageBusReachable(url, 1000)))) {
    server = await startEmbeddedBus(url, logger);
  }
  const client = new MessageBusClient({ url, logger });
  await client.connect();

  const pluginRoots = options.plugins?.map((p) => path.resolve(p));
  const authorize = createAuthorizer({ agents: settings.agents });
  const provider = new ToolsProvider({ bus: client, settings, pluginRoots, logger, authorize, configPaths: options.config ? [options.config] : [] });
  const report = await provider.start();
  let http: Awaited<ReturnType<typeof startHttpFromSettings>>;
  try {
    http = await startHttpFromSettings(provider.service, settings.http, options.http, settings.agents, logger);
  } catch (err) {
    await provider.close();
    await client.close();
    await server?.close();
    throw new CliError(`could not start the HTTP API: ${(err as Error).message}`, ExitCode.usage);
  }
  const watcher = options.watch ? new PluginWatcher(provider.pluginRoots, () => provider.reload(), logger) : undefined;
  await watcher?.ready();

  const where = server ? `${url} (embedded messagebus)` : url;
  process.stdout.write(
    `ovos-tools provider serving ${report.totalTools} tool(s) from ${report.loaded.length} toolbox(es) on ${where}\n` +
      report.loaded.map((ep) => `  - ${ep}`).join('\n') +
      (report.loaded.length ? '\n' : '') +
      `plugin roots: ${provider.pluginRoots.join(', ')}${watcher ? ' (watching)' : ''}\n` +
      (http ? `HTTP API on ${http.server.url} (/internal/tools, /openapi.json, /metrics, /health)\n` : ''),
  );

  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      logger.info(`${signal}: shutting down`);
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolve();
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
  });
  await watcher?.close();
  await http?.server.close();
  await provider.close();
  await client.close();
  await server?.close();
}

async function startEmbeddedBus(url: string, logger: Logger): Promise<MessageBusServer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`--bus-url "${url}" is not a URL such as ws://127.0.0.1:8181/core`, ExitCode.usage);
  }
  if (parsed.protocol !== 'ws:') throw new CliError(`the embedded messagebus serves plain ws:// only; got ${url}`, ExitCode.usage);
  const server = new MessageBusServer({
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port || 80),
    route: parsed.pathname || '/',
    logger,
  });
  try {
    await server.start();
  } catch (err) {
    throw new CliError(`could not start the embedded messagebus on ${url}: ${(err as Error).message}`, ExitCode.unavailable);
  }
  return server;
}
