// The query sets fusion is tuned on (issue 42), each with its catalog: the assistant-style set over the bundled tools
// and the assistant plugins, the plugin-store set over the bundled tools and 155 plugins' tools (written after the
// weights were chosen: a check of them), the English requests of the relevance set and the verbose set over the whole bench
// catalog, and the spoken set (English, then the seven other languages) over the bundled and MCP tools. `part`
// `tuning` or `held-out`. MetaTool is not among them: it is the test set of semantic.bench.mjs.
import { bundledEntries, bundledUtterances, loadCatalog, mcpEntries } from './catalog.mjs';
import { ASSISTANT_PLUGINS } from './fixtures/assistantPlugins.mjs';
import { loadQueries } from './relevance.mjs';
import { loadAssistantQueries, loadSpokenQueries, loadVerboseQueries } from './spoken.mjs';
import { loadPluginStoreQueries, pluginStoreEntries } from './plugins.mjs';

/** The assistant plugins as catalog entries. */
export function assistantEntries() {
  return Object.entries(ASSISTANT_PLUGINS).flatMap(([toolboxId, tools]) => tools.map((tool) => ({ tool, toolboxId, kind: 'worker', source: toolboxId })));
}

/** `{utterances, sets: [{name, catalog, queries}]}` for one part. */
export async function loadFusionSets(part) {
  const utterances = await bundledUtterances();
  const bundled = await bundledEntries();
  const full = await loadCatalog();
  const spokenCatalog = [...bundled, ...(await mcpEntries())];
  const of = (qs) => qs.filter((q) => q.set === part);
  const sets = [
    { name: 'assistant', catalog: [...bundled, ...assistantEntries()], queries: of(loadAssistantQueries()) },
    { name: 'plugin-store', catalog: [...bundled, ...pluginStoreEntries()], queries: of(loadPluginStoreQueries()) },
    { name: 'relevance-en', catalog: full, queries: of(loadQueries()).filter((q) => q.lang === 'en') },
    { name: 'verbose', catalog: full, queries: of(loadVerboseQueries()) },
    { name: 'spoken-en', catalog: spokenCatalog, queries: of(loadSpokenQueries()).filter((q) => q.lang === 'en') },
    { name: 'spoken-other', catalog: spokenCatalog, queries: of(loadSpokenQueries()).filter((q) => q.lang !== 'en') },
    { name: 'relevance-other', catalog: full, queries: of(loadQueries()).filter((q) => q.lang !== 'en') },
  ];
  return { utterances, sets };
}
