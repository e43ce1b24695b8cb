import path from 'node:path';
import { createLogger } from '@ovos-tools/core';
import { providerConfigSource } from '../../config/providerConfigSource.js';
import { ToolsProvider } from '../../compose/ToolsProvider.js';
import { PluginWatcher } from '../../watch/PluginWatcher.js';
import { logLevelOption } from '../logLevelOption.js';
import { CliError, ExitCode } from '../CliError.js';

/** Options of `ovos-tools mcp`. */
export interface McpOptions {
  /** Plugin roots to scan (repeatable; replaces the defaults). */
  plugins?: string[];
  /** The provider config file (the section itself, or a mycroft.conf). */
  config?: string;
  /** Reload when packages are installed or removed (then `tools/list_changed`). */
  watch?: boolean;
  /** `debug`, `info`, `warn`, `error` or `silent` (logs go to stderr; stdout carries MCP). */
  logLevel?: string;
  /** The agent the session acts for (overrides the config's `mcp.agent`); absent: the operator. */
  agent?: string;
  /** Deferred loading: offer `search_tools` and list only what it found (as the config's `mcp.search_tool: true`). */
  searchTool?: boolean;
}

/**
 * `ovos-tools mcp`: loads the toolboxes of the plugin roots exactly as `serve` does (same config, same plugin
 * roots), without a messagebus, and serves every tool to one MCP client over stdio until the client hangs up
 * (stdin ends) or SIGINT/SIGTERM. Reloads on SIGHUP, and by itself with `--watch`; each reload that changes the
 * catalog sends `notifications/tools/list_changed`. stdout carries only the protocol: every log line goes to stderr.
 * @throws `ProviderConfigError` for a bad config (exit code 2).
 */
export async function mcpCommand(options: McpOptions): Promise<void> {
  const logLevel = logLevelOption(options.logLevel);
  const logger = createLogger('ovos-tools', logLevel);
  const pluginRoots = options.plugins?.map((p) => path.resolve(p));
  const config = providerConfigSource(options.config, pluginRoots);
  const { settings } = config;
  const agentId = options.agent ?? settings.mcp.agent;
  if (agentId !== undefined && !settings.access.agents.some((a) => a.id === agentId)) {
    throw new CliError(`--agent "${agentId}" is not declared in the config's agents (${settings.access.agents.map((a) => a.id).join(', ') || 'none are declared'})`, ExitCode.usage);
  }
  const provider = new ToolsProvider({ logLevel, bus: null, pluginRoots, logger, ...config });
  const report = await provider.start();
  logger.info(`MCP over stdio: ${report.totalTools} tool(s) from ${report.loaded.length} toolbox(es); plugin roots: ${provider.pluginRoots.join(', ')}`);
  logger.info(
    agentId
      ? `MCP session acts for agent "${agentId}": its allowlist, allowed_agents and limits apply`
      : 'MCP session acts as the operator (no --agent and no mcp.agent in the config): every tool but those restricted with allowed_agents',
  );

  const { serveMcpStdio } = await import('../../transports/mcp/serveMcpStdio.js');
  const searchTool = options.searchTool === true || settings.mcp.searchTool;
  if (searchTool) logger.info('deferred loading (mcp.search_tool): tools/list offers search_tools and the tools its searches found');
  const mcp = await serveMcpStdio(provider.service, { logger, caller: { transport: 'mcp', ...(agentId ? { agentId } : {}) }, searchTool });
  const watcher = options.watch ? new PluginWatcher(provider.pluginRoots, () => provider.reload(), logger) : undefined;
  await watcher?.ready();

  const onHup = () => {
    logger.info('SIGHUP: reloading');
    void provider.reload();
  };
  process.on('SIGHUP', onHup);
  await new Promise<void>((resolve) => {
    const stop = (why: string) => {
      logger.info(`${why}: shutting down`);
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolve();
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    void mcp.closed.then(() => stop('client hung up'));
  });
  process.off('SIGHUP', onHup);
  await watcher?.close();
  await mcp.close();
  await provider.close();
}
