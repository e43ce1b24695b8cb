import { readFileSync } from 'node:fs';

/** This package's version, from its package.json (`dist/transports/serverInfo.js` → `../../package.json`); `0.0.0` if unreadable. */
function readVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/**
 * The `serverInfo` every MCP server of the provider announces at `initialize` (stdio and `/mcp` over HTTP alike):
 * `ovos-tools` and the `@ovos-tools/provider` package's version — one version everywhere.
 */
export const SERVER_INFO: Readonly<{ name: string; version: string }> = Object.freeze({ name: 'ovos-tools', version: readVersion() });
