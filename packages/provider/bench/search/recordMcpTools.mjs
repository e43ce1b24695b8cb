// Records the tool lists of real MCP servers from npm into fixtures/mcpServers.json, so the search bench and the
// relevance test read them without starting servers. Run by hand when the fixture should follow newer servers:
//   mkdir /tmp/mcp-rec && cd /tmp/mcp-rec && npm init -y && npm i --ignore-scripts @modelcontextprotocol/server-everything \
//     @modelcontextprotocol/server-filesystem @modelcontextprotocol/server-memory @modelcontextprotocol/server-github …
//   node packages/provider/bench/search/recordMcpTools.mjs /tmp/mcp-rec
// Each server is started over stdio with dummy credentials (they list their tools without real ones), asked
// `tools/list`, and stopped. The fixture keeps the MCP `Tool` objects as the servers sent them.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const here = path.dirname(fileURLToPath(import.meta.url));
const prefix = process.argv[2];
if (!prefix) {
  console.error('usage: node recordMcpTools.mjs <dir with node_modules/@modelcontextprotocol/server-*>');
  process.exit(2);
}

/** toolbox id (the mount's config key) → package, arguments and dummy environment. */
const SERVERS = {
  everything: { pkg: '@modelcontextprotocol/server-everything', args: ['stdio'] },
  filesystem: { pkg: '@modelcontextprotocol/server-filesystem', args: [prefix] },
  memory: { pkg: '@modelcontextprotocol/server-memory', args: [] },
  github: { pkg: '@modelcontextprotocol/server-github', args: [], env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'dummy' } },
  'sequential-thinking': { pkg: '@modelcontextprotocol/server-sequential-thinking', args: [] },
  'google-maps': { pkg: '@modelcontextprotocol/server-google-maps', args: [], env: { GOOGLE_MAPS_API_KEY: 'dummy' } },
  slack: { pkg: '@modelcontextprotocol/server-slack', args: [], env: { SLACK_BOT_TOKEN: 'dummy', SLACK_TEAM_ID: 'T0' } },
  'brave-search': { pkg: '@modelcontextprotocol/server-brave-search', args: [], env: { BRAVE_API_KEY: 'dummy' } },
};

const out = { recorded: new Date().toISOString().slice(0, 10), servers: {} };
for (const [id, spec] of Object.entries(SERVERS)) {
  const dir = path.join(prefix, 'node_modules', spec.pkg);
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : Object.values(pkg.bin)[0];
  const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(dir, bin), ...spec.args], env: { PATH: process.env.PATH, ...spec.env }, stderr: 'ignore' });
  const client = new Client({ name: 'ovos-tools-search-fixture', version: '1.0.0' });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    out.servers[id] = { package: `${spec.pkg}@${pkg.version}`, tools };
    console.log(`${id}: ${tools.length} tools (${spec.pkg}@${pkg.version})`);
  } catch (err) {
    console.error(`${id}: not recorded: ${err.message}`);
  } finally {
    await client.close().catch(() => {});
  }
}
writeFileSync(path.join(here, 'fixtures', 'mcpServers.json'), `${JSON.stringify(out, null, 1)}\n`);
