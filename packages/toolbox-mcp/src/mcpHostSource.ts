import { HOST_SOURCE_BRAND, HOST_SOURCE_CONTRACT_VERSION, type HostSource, type HostSourceOptions, type HostSourceResult, type ToolboxHost } from '@ovos-tools/core';
import type { McpToolboxHost } from './McpToolboxHost.js';
import { MCP_SOURCE_NAME, parseMcpConfig } from './serverConfig.js';

/** Whether the last (re)load found no server configured: "inactive" is logged once per stretch, not on every reload. */
let inactive = false;

/**
 * The `ovos-mcp-tools` host source (package.json `entryPoints` → `ovos-tools.hosts`): one {@link McpToolboxHost}
 * per configured server, started in parallel. A server that cannot start, or whose config entry is malformed, is
 * reported in `problems` under its name (the error names the config key, or the server's URL or command) and the
 * others are served. With no server configured the source is quietly inactive: one info line, no problem. On reload
 * a previous host whose server config is unchanged and that is not `unhealthy` or `closed` is reused as is (the
 * provider closes the ones not returned). The MCP SDK is imported only when at least one server is configured.
 */
export const mcpHostSource: HostSource = {
  [HOST_SOURCE_BRAND]: HOST_SOURCE_CONTRACT_VERSION,
  async createHosts({ config, logger, previous }: HostSourceOptions): Promise<HostSourceResult> {
    const parsed = parseMcpConfig(config);
    const problems = [...parsed.problems];
    const hosts: ToolboxHost[] = [];
    if (parsed.servers.size === 0) {
      if (!inactive && problems.length === 0) logger.info(`no MCP servers configured (add "servers" to the "${MCP_SOURCE_NAME}" config section to mount some); inactive`);
      inactive = problems.length === 0;
      return { hosts, problems };
    }
    inactive = false;
    // the MCP SDK loads only when there is a server to mount
    const { McpToolboxHost } = await import('./McpToolboxHost.js');
    const started = await Promise.allSettled(
      [...parsed.servers].map(async ([toolboxId, spec]) => {
        const old = previous.find((h): h is McpToolboxHost => h instanceof McpToolboxHost && h.toolboxId === toolboxId);
        const state = old?.health().state;
        if (old && state !== 'unhealthy' && state !== 'closed' && JSON.stringify(old.spec) === JSON.stringify(spec)) return old;
        return McpToolboxHost.start({ toolboxId, spec, timings: parsed.timings, logger });
      }),
    );
    [...parsed.servers.keys()].forEach((toolboxId, i) => {
      const s = started[i]!;
      if (s.status === 'fulfilled') hosts.push(s.value);
      else {
        const error = s.reason instanceof Error ? s.reason.message : String(s.reason);
        logger.error(`could not mount: ${error}`);
        problems.push({ toolboxId, error });
      }
    });
    return { hosts, problems };
  },
};
