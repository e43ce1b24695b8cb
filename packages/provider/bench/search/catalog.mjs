// The search catalog of the bench and the relevance test (as CatalogEntry objects, what ToolService.list gives):
// - the bundled toolboxes' tools, loaded from their built packages (packages/toolbox-*/dist) the way discovery
//   finds them (the `opm.agents.toolbox` entry points of their package.json);
// - real MCP servers' tools, from the recorded fixture (fixtures/mcpServers.json, see recordMcpTools.mjs), mapped
//   with toolbox-mcp's own toToolDescriptor, as a mount would serve them;
// - third-party-like toolboxes (fixtures/thirdPartyToolboxes.mjs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { plainSchema } from '@ovos-tools/core';
import { THIRD_PARTY_TOOLBOXES } from './fixtures/thirdPartyToolboxes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const packagesDir = path.join(here, '..', '..', '..');

/** Imports a built module of a sibling workspace package, or throws saying to build first. */
async function importBuilt(file) {
  if (!existsSync(file)) throw new Error(`${path.relative(packagesDir, file)} is missing: run \`pnpm build\` first (the search catalog loads the built toolbox packages)`);
  return import(pathToFileURL(file).href);
}

/** Descriptor fields of a tool object (an AgentTool has a toolCall and TypeBox schemas; keep plain data only). */
function toDescriptor(t) {
  const d = { name: t.name, description: t.description, argumentSchema: plainSchema(t.argumentSchema), outputSchema: plainSchema(t.outputSchema) };
  for (const key of ['title', 'summary', 'tags', 'examples', 'readOnly', 'destructive', 'idempotent', 'openWorld', 'errorModes']) {
    if (t[key] !== undefined) d[key] = structuredClone(Array.isArray(t[key]) ? [...t[key]] : t[key]);
  }
  return d;
}

/** The bundled toolboxes' tools: every `packages/toolbox-*` that declares `opm.agents.toolbox` entry points. */
export async function bundledEntries() {
  const entries = [];
  for (const dir of readdirSync(packagesDir).filter((d) => d.startsWith('toolbox-')).sort()) {
    const pkg = JSON.parse(readFileSync(path.join(packagesDir, dir, 'package.json'), 'utf8'));
    for (const [toolboxId, target] of Object.entries(pkg.entryPoints?.['opm.agents.toolbox'] ?? {})) {
      const [modulePath, exportName] = target.split('#');
      const ns = await importBuilt(path.join(packagesDir, dir, modulePath));
      const toolbox = new ns[exportName]({ config: {} });
      for (const t of toolbox.discoverTools()) entries.push({ tool: toDescriptor(t), toolboxId, kind: 'inline', source: toolboxId });
      await toolbox.close?.();
    }
  }
  return entries;
}

/**
 * The example requests of the bundled toolboxes' tools, from their `locale/<lang>/<tool>.intent` files, as the
 * provider reads them (`packageUtterances`): pass as `new ToolSearchIndex(entries, { utterances: … })`.
 */
export async function bundledUtterances() {
  const { readLocaleUtterances } = await importBuilt(path.join(packagesDir, 'provider', 'dist', 'search', 'localeUtterances.js'));
  const byToolbox = new Map();
  for (const dir of readdirSync(packagesDir).filter((d) => d.startsWith('toolbox-')).sort()) {
    const pkg = JSON.parse(readFileSync(path.join(packagesDir, dir, 'package.json'), 'utf8'));
    const { byTool } = readLocaleUtterances(path.join(packagesDir, dir));
    for (const toolboxId of Object.keys(pkg.entryPoints?.['opm.agents.toolbox'] ?? {})) byToolbox.set(toolboxId, byTool);
  }
  return (entry) => byToolbox.get(entry.source)?.get(entry.tool.name);
}

/** The recorded MCP servers' tools, as toolbox-mcp mounts them (toolbox id = the server's config key). */
export async function mcpEntries() {
  const { toToolDescriptor } = await importBuilt(path.join(packagesDir, 'toolbox-mcp', 'dist', 'index.js'));
  const fixture = JSON.parse(readFileSync(path.join(here, 'fixtures', 'mcpServers.json'), 'utf8'));
  const entries = [];
  for (const [toolboxId, server] of Object.entries(fixture.servers)) {
    for (const t of server.tools) {
      const mapped = toToolDescriptor(t, toolboxId);
      if (mapped.ok) entries.push({ tool: mapped.descriptor, toolboxId, kind: 'mcp', source: 'ovos-mcp-tools' });
    }
  }
  return entries;
}

/** The third-party-like toolboxes' tools. */
export function thirdPartyEntries() {
  return Object.entries(THIRD_PARTY_TOOLBOXES).flatMap(([toolboxId, tools]) => tools.map((tool) => ({ tool, toolboxId, kind: 'worker', source: toolboxId })));
}

/** The whole catalog: bundled, then MCP, then third-party (load order). */
export async function loadCatalog() {
  return [...(await bundledEntries()), ...(await mcpEntries()), ...thirdPartyEntries()];
}

/**
 * A catalog of exactly `size` tools for the timing figures: the real catalog (its first `size` tools), then copies of it under other toolbox ids
 * (`vendor-2-…`) with each copy's descriptions shuffled word-wise, so the vocabulary and the document lengths stay
 * realistic while no two tools are identical.
 */
export function scaledCatalog(catalog, size) {
  // a catalog larger than size is cut to it (the MetaTool catalog with the bundled tools is 214)
  const out = catalog.slice(0, size);
  let copy = 2;
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  while (out.length < size) {
    for (const e of catalog) {
      if (out.length >= size) break;
      const words = e.tool.description.split(' ');
      for (let k = words.length - 1; k > 0; k--) {
        const j = Math.floor(random() * (k + 1));
        [words[k], words[j]] = [words[j], words[k]];
      }
      out.push({ ...e, toolboxId: `vendor-${copy}-${e.toolboxId}`, tool: { ...e.tool, name: `${e.tool.name}_${copy}`, description: words.join(' ') } });
    }
    copy++;
  }
  return out;
}
