import { existsSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { Logger } from '@ovos-tools/core';

/** How deep below a plugin root the watcher looks: `node_modules/@scope/pkg/package.json`. */
const DEPTH_BELOW_ROOT = 3;

/**
 * Watches plugin roots for installs and removals and calls `onChange` once things settle: a burst of events
 * (one `npm install` writes many) becomes one call, `debounceMs` after the last event.
 *
 * Watched: `node_modules` itself, its package folders (`pkg`, `@scope/pkg`) and their `package.json`, and
 * the install markers npm (`node_modules/.package-lock.json`) and pnpm (`node_modules/.modules.yaml`) rewrite
 * on every install. Nothing deeper is watched, so a large node_modules costs little.
 *
 * A root that does not exist yet is watched through its nearest existing ancestor (only the folders on the
 * way down to the root, nothing beside them), so a plugin folder created after start — e.g. by the first
 * `npm install --prefix ~/.local/share/ovos-tools/plugins ...` — is noticed like any other.
 */
export class PluginWatcher {
  private readonly watcher: FSWatcher;
  private readonly roots: string[];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  /**
   * @param roots - plugin roots; neither they nor their `node_modules` need exist yet.
   * @param onChange - called after `debounceMs` (default 400) without further events; its rejection is logged.
   */
  constructor(
    roots: readonly string[],
    private readonly onChange: () => Promise<unknown>,
    private readonly logger: Logger,
    private readonly debounceMs = 400,
  ) {
    this.roots = [...new Set(roots.map((r) => path.resolve(r)))];
    const bases = [...new Set(this.roots.map(nearestExisting))];
    const depth = Math.max(...this.roots.map((r) => levelsBelow(nearestExisting(r), r) + DEPTH_BELOW_ROOT), DEPTH_BELOW_ROOT);
    for (const r of this.roots) {
      const base = nearestExisting(r);
      if (base !== r) logger.debug(`watch: ${r} does not exist yet; watching ${base} for it`);
    }
    this.watcher = watch(bases, {
      ignoreInitial: true,
      depth,
      ignored: (p: string) => !this.roots.some((root) => onWayTo(root, p) || isWatched(root, p)),
      awaitWriteFinish: { stabilityThreshold: 150, pollInterval: 50 },
    });
    this.watcher.on('all', (event, file) => {
      const resolved = path.resolve(file);
      // folders being created on the way to a root are not a change of what is installed
      if (!this.roots.some((root) => isWatched(root, resolved))) return;
      this.logger.debug(`watch: ${event} ${file}`);
      this.schedule();
    });
    this.watcher.on('error', (err) => this.logger.warn(`watch error: ${(err as Error).message}`));
  }

  /** Resolves once the initial scan of the watched folders is done. */
  ready(): Promise<void> {
    return new Promise((resolve) => this.watcher.once('ready', () => resolve()));
  }

  /** Stops watching; a pending reload is cancelled. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.watcher.close();
  }

  private schedule(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.onChange().catch((err: unknown) => this.logger.error('reload after a plugin change failed', err));
    }, this.debounceMs);
  }
}

/** The path itself if it exists, else its closest existing ancestor (the filesystem root at worst). */
function nearestExisting(p: string): string {
  let dir = p;
  while (!existsSync(dir)) {
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return dir;
}

/** How many path segments `descendant` lies below `ancestor`. */
function levelsBelow(ancestor: string, descendant: string): number {
  const rel = path.relative(ancestor, descendant);
  return rel === '' ? 0 : rel.split(path.sep).length;
}

/** True for a strict ancestor of `root` (a folder on the way down to a root that does not exist yet). */
function onWayTo(root: string, p: string): boolean {
  const rel = path.relative(path.resolve(p), root);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** True for the root, its node_modules, package folders one or two levels down, their package.json, and install markers. */
function isWatched(root: string, p: string): boolean {
  const rel = path.relative(root, path.resolve(p));
  if (rel === '') return true;
  const parts = rel.split(path.sep);
  if (parts[0] !== 'node_modules') return false;
  if (parts.length === 1) return true;
  const [, first, second, third] = parts;
  if (parts.length === 2) return first === '.package-lock.json' || first === '.modules.yaml' || !first!.startsWith('.');
  if (first!.startsWith('.')) return false;
  if (first!.startsWith('@')) {
    if (parts.length === 3) return true;
    return parts.length === 4 && third === 'package.json';
  }
  return parts.length === 3 && second === 'package.json';
}
