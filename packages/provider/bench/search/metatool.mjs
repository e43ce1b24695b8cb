// MetaTool (Huang et al., ICLR 2024; MIT; github HowieHwong/MetaTool) as a search test set: its 199 tools served as
// one third-party toolbox (`metatool`), and 995 of its queries (5 per tool, see bench/data/metatool/README.md).
// A TEST set only: nothing in the product is derived from these queries.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'data', 'metatool');
/** The toolbox id the MetaTool tools are served under. */
export const METATOOL_TOOLBOX = 'metatool';

/** The 199 tools as catalog entries of one third-party toolbox: name and description, an empty-object argument schema. */
export function metatoolEntries() {
  const { tools } = JSON.parse(readFileSync(path.join(dir, 'tools.json'), 'utf8'));
  return Object.entries(tools).map(([name, description]) => ({
    tool: { name, description, argumentSchema: { type: 'object', properties: {} } },
    toolboxId: METATOOL_TOOLBOX,
    kind: 'worker',
    source: 'metatool-tools',
  }));
}

/** The 995 labelled queries, in the shape of the relevance module: `{set: 'test', lang: 'en', query, expected}`. */
export function metatoolQueries() {
  const { queries } = JSON.parse(readFileSync(path.join(dir, 'queries.json'), 'utf8'));
  return queries.map(({ query, tool }) => ({ set: 'test', lang: 'en', query, expected: [`${METATOOL_TOOLBOX}/${tool}`] }));
}
