import type { Logger } from '@ovos-tools/core';
import type { AgentDefinition } from '../../access/AgentDefinition.js';
import type { PrometheusMetrics } from '../../metrics/PrometheusMetrics.js';
import type { ToolService } from '../../service/ToolService.js';
import { type HttpConfig } from './HttpConfig.js';
import { parseListen } from './parseListen.js';
import type { RawFrameSource } from './inspector/BusTrafficFeed.js';
import type { McpSessionLimits } from '../mcp/McpSessions.js';
import { startHttpServer } from './startHttpServer.js';
import { type HttpServerHandle } from './httpServerOptions.js';
import { HTTP_DEFAULTS } from './httpSchema.js';

/** What {@link startHttpFromSettings} reads: the `http` section, `--http`, the agents, and what the server serves. */
export interface HttpFromSettings {
  /** The `http` config section; `undefined` when absent. */
  config: HttpConfig | undefined;
  /** `--http [host:]port`: overrides the section's `listen`, and turns the server on when the section is absent. */
  cliListen?: string | undefined;
  /** The declared agents (their credentials are accepted); a function is asked on every request (config reloads). */
  agents: readonly AgentDefinition[] | (() => readonly AgentDefinition[]);
  /** Access log and server problems. */
  logger: Logger;
  /** Served on `/metrics`: the metrics the provider's service records every call of every transport into. */
  metrics?: PrometheusMetrics;
  /** The provider's messagebus, whose tools-topic traffic is streamed at `/internal/events`. */
  bus?: RawFrameSource;
  /** `mcp.search_tool`: `/mcp` sessions offer `search_tools` and defer the tool list. */
  mcpSearchTool?: boolean;
  /** `mcp.max_sessions`, `mcp.max_sessions_per_caller`, `mcp.session_idle_s`. */
  mcpSessions?: McpSessionLimits;
  /** Members `GET /health` adds (`ToolsProvider.health`). */
  health?: () => Record<string, unknown>;
}

/**
 * Starts the HTTP API as `ovos-tools serve` configures it: the `http` config section, with `--http [host:]port`
 * overriding its address (and turning the server on when the section is absent); the operator secret from the
 * section, else `$OVOS_TOOLS_HTTP_SECRET`.
 * @returns the running server, or `undefined` when HTTP is off.
 * @throws Error for a bad `--http` value; `HttpServerConfigError`; the listen error.
 */
export async function startHttpFromSettings(service: ToolService, options: HttpFromSettings): Promise<HttpServerHandle | undefined> {
  const { config, cliListen } = options;
  if (!config && !cliListen) return undefined;
  let listen = config ? { host: config.host, port: config.port } : { host: HTTP_DEFAULTS.host, port: HTTP_DEFAULTS.port };
  if (cliListen) {
    const parsed = parseListen(cliListen);
    if (typeof parsed === 'string') throw new Error(`--http: ${parsed}`);
    listen = parsed;
  }
  const secret = config?.secret ?? (process.env[HTTP_DEFAULTS.secretEnv] || undefined);
  return startHttpServer(service, {
    ...listen,
    ...(secret ? { secret } : {}),
    agents: options.agents,
    maxBodyBytes: config?.maxBodyBytes ?? HTTP_DEFAULTS.maxBodyBytes,
    logArguments: config?.logArguments ?? HTTP_DEFAULTS.logArguments,
    ...(config?.allowedHosts ? { allowedHosts: config.allowedHosts } : {}),
    ...(config?.allowedOrigins ? { allowedOrigins: config.allowedOrigins } : {}),
    ...(options.mcpSessions ? { mcpSessions: options.mcpSessions } : {}),
    logger: options.logger,
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.mcpSearchTool ? { mcpSearchTool: true } : {}),
    ...(options.health ? { health: options.health } : {}),
  });
}
