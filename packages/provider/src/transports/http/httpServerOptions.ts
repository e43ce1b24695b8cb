import type { Logger } from '@ovos-tools/core';
import type { AgentDefinition } from '../../access/AgentDefinition.js';
import type { PrometheusMetrics } from '../../metrics/PrometheusMetrics.js';
import type { RawFrameSource } from './inspector/BusTrafficFeed.js';
import type { EventStreamLimits } from './inspector/registerEventStream.js';
import type { McpSessionLimits } from '../mcp/McpSessions.js';

/** Options of `startHttpServer`. */
export interface HttpServerOptions {
  /** Default `127.0.0.1`. A non-loopback host needs a `secret` or at least one agent. */
  host?: string;
  /** Default `HTTP_DEFAULTS.port` (the seed's port, from the config schema); 0 picks a free port. */
  port?: number;
  /** The operator secret (`X-Internal-Secret` or `Authorization: Bearer`); it acts for no agent unless a request names one (`agent_id`). */
  secret?: string;
  /**
   * Declared agents: each credential acts for its agent, with its allowlist and limits. A function is asked on every
   * request (the provider's current agents, which a config reload may change).
   */
  agents?: readonly AgentDefinition[] | (() => readonly AgentDefinition[]);
  /** Largest request body in bytes; default 1 MiB (`/mcp`: at least 4 MiB). */
  maxBodyBytes?: number;
  /** Put argument values in access log lines; default false. */
  logArguments?: boolean;
  /** Receives one access line per request (info) and server problems (warn/error). */
  logger?: Logger;
  /**
   * When given, `/metrics` serves it to the operator and to agents granted `reads: ["metrics"]`. The service records
   * the calls of every transport into the metrics it was built with; give the same object here.
   */
  metrics?: PrometheusMetrics;
  /** Members `GET /health` adds to `{"status": "ok"}` (a provider's: its generation, catalog digest and replica sync; `ToolsProvider.health`). */
  health?: () => Record<string, unknown>;
  /**
   * The provider's messagebus connection: its tools-topic traffic is streamed at `GET /internal/events` (operator,
   * or agents granted `reads: ["events"]`) for the inspector's live view. Without it that route answers 404.
   */
  bus?: RawFrameSource;
  /** Limits of the traffic stream (streams open at once, unsent bytes, heartbeat). */
  eventStream?: EventStreamLimits;
  /** `mcp.search_tool`: `/mcp` sessions offer the `search_tools` meta tool and list only the tools it found (deferred loading). */
  mcpSearchTool?: boolean;
  /** `/mcp` session limits (`mcp.max_sessions`, `mcp.max_sessions_per_caller`, `mcp.session_idle_s`). */
  mcpSessions?: McpSessionLimits;
  /**
   * More `Host` values accepted (DNS-rebinding check, every route), e.g. a balancer's address in front of a loopback
   * server. A loopback server always accepts its own addresses; on another address `Host` is checked only when this is set.
   */
  allowedHosts?: string[];
  /**
   * Browser origins (`Origin`, e.g. `https://console.example.org`) allowed besides the server's own, on the
   * state-changing routes and `/mcp`; default none.
   */
  allowedOrigins?: string[];
}

/** A running server. */
export interface HttpServerHandle {
  /** e.g. `http://127.0.0.1:8080`. */
  readonly url: string;
  /** The host it listens on. */
  readonly host: string;
  /** The port it listens on (the chosen one when 0 was asked). */
  readonly port: number;
  /** Every route served, e.g. `GET /internal/tools`, `POST /mcp` (for the `serve` banner). */
  readonly routes: readonly string[];
  /** Stops listening, aborts the calls in flight and closes connections. Idempotent. */
  close(): Promise<void>;
}

/** Thrown by `startHttpServer` when the options are unsafe (e.g. a public address without a secret). */
export class HttpServerConfigError extends Error {
  readonly code = 'invalid_config';
  override readonly name = 'HttpServerConfigError';
}

/** Where MCP over Streamable HTTP is served. */
export const MCP_PATH = '/mcp';
