import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { Logger } from '@ovos-tools/core';

/**
 * Watches plugin roots for installs and removals and calls `onChange` once things settle (debounced).
 * Watched: `node_modules` itself, its package folders (`pkg`, `@scope/pkg`) and their `package.json`, and
 * the install markers npm (`node_modules/.package-lock.json`) and pnpm (`node_modules/.modules.yaml`) rewrite
 * on every install. Nothing deeper is watched, so a large node_modules costs little.
 */
export class PluginWatcher {
  private readonly watcher: FSWatcher;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  /**
   * @param roots - plugin roots (their `node_modules` need not exist yet).
   * @param onChange - called after `debounceMs` (default 400) without further events; its rejection is logged.
   */
  constructor(
    roots: readonly string[],
    private readonly onChange: () => Promise<unknown>,
    private readonly logger: Logger,
    private readonly debounceMs = 400,
  ) {
    const rootSet = roots.map((r) => path.resolve(r));
    this.watcher = watch(rootSet, {
      ignoreInitial: true,
      depth: 3,
      ignored: (p: string) => !rootSet.some((root) => isWatched(root, p)),
      awaitWriteFinish: { stabilityThreshold: 150, pollInterval: 50 },
    });
    this.watcher.on('all', (event, file) => {
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
