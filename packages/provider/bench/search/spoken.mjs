// The spoken-style query sets (issue 39): requests as a speech-to-text engine writes them (lower case, numbers as
// words, no punctuation), in the eight languages the bundled toolboxes ship utterances for, over the bundled tools
// and the recorded MCP servers' tools. Each query is `tuning` (used while the ranker was built) or `held-out`
// (written apart and never tuned on; no held-out query copies an utterance file line).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** `{set, lang, query, expected: ["toolbox_id/name", …]}` rows. */
export function loadSpokenQueries() {
  return JSON.parse(readFileSync(path.join(here, 'fixtures', 'spokenQueries.json'), 'utf8')).queries;
}

/** The verbose, assistant-style English requests (bench/search/fixtures/verboseQueries.json), over the whole bench catalog. */
export function loadVerboseQueries() {
  return JSON.parse(readFileSync(path.join(here, 'fixtures', 'verboseQueries.json'), 'utf8')).queries;
}

/** The assistant-style English requests (bench/search/fixtures/assistantQueries.json) over the bundled tools and the assistant plugins. */
export function loadAssistantQueries() {
  return JSON.parse(readFileSync(path.join(here, 'fixtures', 'assistantQueries.json'), 'utf8')).queries;
}
