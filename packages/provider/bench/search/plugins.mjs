// The plugin-store set (issue 42): a larger catalog of third-party assistant plugins (a name and a description
// each, no example requests, several near neighbours per domain) and English requests to them, written in one go by
// a helper that was told not to copy or reconstruct any public benchmark (MetaTool, ToolBench, API-Bank, ...) and was
// given no file of this repository. Every third request is held out (fixed by position before any tuning).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = () => JSON.parse(readFileSync(path.join(here, 'fixtures', 'pluginStore.json'), 'utf8'));

/** The plugins' tools as catalog entries (descriptors with an empty argument schema). */
export function pluginStoreEntries() {
  return Object.entries(fixture().toolboxes).flatMap(([toolboxId, tools]) =>
    tools.map(({ name, description }) => ({
      tool: { name, description, argumentSchema: { type: 'object', properties: {}, additionalProperties: false }, outputSchema: { type: 'object' } },
      toolboxId,
      kind: 'worker',
      source: toolboxId,
    })),
  );
}

/** `{set, query, expected: ["toolbox_id/name", …]}` rows (English). */
export function loadPluginStoreQueries() {
  return fixture().queries.map((q) => ({ ...q, lang: 'en' }));
}
