import { HOST_SOURCE_BRAND, HOST_SOURCE_CONTRACT_VERSION, type HostSource, type HostSourceOptions, type HostSourceResult, type ToolboxHost } from '@ovos-tools/core';
import type { McpToolboxHost } from './McpToolboxHost.js';
import { parseMcpConfig } from './serverConfig.js';

/**
 * The `ovos-mcp-tools` host source (package.json `entryPoints` → `ovos-tools.hosts`): one {@link McpToolboxHost}
 * per configured server, started in parallel. A server that cannot start is reported in `problems` under its
 * name and the others are served. On reload a previous host whose server config is unchanged and that is not
 * `unhealthy` or `closed` is reused as is (the provider closes the ones not returned). The MCP SDK is imported only
 * when at least one server is configured.
 */
export const mcpHostSource: HostSource = {
  [HOST_SOURCE_BRAND]: HOST_SOURCE_CONTRACT_VERSION,
  async createHosts({ config, logger, previous }: HostSourceOptions): Promise<HostSourceResult> {
    const parsed = parseMcpConfig(config);
    const problems = [...parsed.problems];
    const hosts: ToolboxHost[] = [];
    if (parsed.servers.size === 0) return { hosts, problems };
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
        logger.error(`MCP server '${toolboxId}' could not be mounted: ${error}`);
        problems.push({ toolboxId, error });
      }
    });
    return { hosts, problems };
  },
};
