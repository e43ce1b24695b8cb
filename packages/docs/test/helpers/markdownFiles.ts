import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** Folders that hold no documentation of ours: dependencies, build output, caches, generated API pages. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.turbo', '.tools', '.reports']);
/** The generated API reference (`pnpm docs:api`), relative to the root. */
const GENERATED = path.join('docs', 'api');

/**
 * Every markdown file of the repository (relative paths, sorted): README.md, docs/, the package READMEs,
 * changelogs and test fixtures; never anything under node_modules, dist or the generated API reference.
 */
export function markdownFiles(root = repoRoot): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (SKIPPED.has(e.name) || path.relative(root, full) === GENERATED) continue;
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.md')) out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}
