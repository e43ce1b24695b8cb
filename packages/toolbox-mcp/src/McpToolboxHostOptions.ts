import type { Logger } from '@ovos-tools/core';
import type { McpServerSpec, McpTimings } from './serverConfig.js';

/** Options of {@link McpToolboxHost.start}. */
export interface McpToolboxHostOptions {
  /** The toolbox id: the server's name in config. */
  toolboxId: string;
  /** How to reach the MCP server, and which of its tools to serve under which names. */
  spec: McpServerSpec;
  /** Connect, call and restart timings. */
  timings: McpTimings;
  /** Where connection events and the server's stderr go. */
  logger: Logger;
}
