// The search-ranker package (@ovos-tools/search-semantic) wired into a ToolSearchIndex as the provider wires it, for
// the benches: its declaration read from the workspace package's package.json, a vector cache folder of the caller's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModelRanking } from '../../dist/search/semantic/ModelRanking.js';
import { VOICE_LEXICON } from '../../dist/search/voiceLexicon.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The workspace's ranker package folder. */
export const RANKER_PACKAGE_DIR = path.resolve(here, '..', '..', '..', 'search-semantic');

/** Discovery's declaration of the workspace ranker package (as `scanPluginRoots` would give it). */
export function rankerDeclaration(dir = RANKER_PACKAGE_DIR) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const [[entryPointName, spec]] = Object.entries(pkg.entryPoints['ovos-tools.search-rankers']);
  const [file, exportName] = spec.split('#');
  return { packageName: pkg.name, entryPointName, modulePath: path.resolve(dir, file), exportName, fingerprint: pkg.version };
}

/** A ModelRanking over the workspace package (`options`: cacheDir, queryWaitMs, backend, logger). */
export function modelRanking(options = {}) {
  const declaration = rankerDeclaration();
  return new ModelRanking({ source: () => declaration, ...options }, VOICE_LEXICON);
}

/** Waits (polling every 5 ms, at most `timeoutMs`) until `model` ranks searches; answers the ms waited. */
export async function whenModelReady(model, timeoutMs = 600_000) {
  const started = performance.now();
  while (!model.ready()) {
    if (performance.now() - started > timeoutMs) throw new Error(`the model was not ready within ${timeoutMs} ms (status ${model.current?.status})`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - started;
}
