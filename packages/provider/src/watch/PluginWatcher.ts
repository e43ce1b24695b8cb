import { existsSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { Logger } from '@ovos-tools/core';
import { entryChangeTime, installRecordTime, installSettled } from '../discovery/installRecords.js';

/** How deep below a plugin root the watcher looks: `node_modules/@scope/pkg/package.json`. */
const DEPTH_BELOW_ROOT = 3;

/** Default: how long after the last change the watcher waits for an install record before reloading anyway, in ms. */
export const DEFAULT_SETTLE_TIMEOUT_MS = 60_000;

/** While waiting for an install record, how often the watcher looks again (besides on every event), in ms. */
const RECHECK_MS = 1000;

/**
 * How often the watcher reads every root's install record besides its events, in ms: file events can be missed (a
 * folder created while the watcher was still reading its new parent is never watched), npm's record cannot.
 */
export const RECORD_POLL_MS = 2000;

/**
 * Watches plugin roots for installs and removals and calls `onChange` once per package-manager operation.
 *
 * The rule: a change is reloaded once its root is settled — `debounceMs` (default 400) have passed without a
 * further event, **and** the root's install record (`node_modules/.package-lock.json`, which npm writes after
 * everything else of an install, update or uninstall; pnpm's `node_modules/.modules.yaml`) is at least as new as
 * every folder the change touched (see {@link installSettled}). An `npm install` pauses between writes while it
 * downloads; the record is rewritten only when it is done, so one operation is one reload, and a package npm is
 * still writing is never scanned (no false "not installed by npm" warning). A change no package manager records
 * (files copied or removed by hand) is reloaded `settleTimeoutMs` (default 60 s) after its last event.
 *
 * Watched: `node_modules` itself, its package folders (`pkg`, `@scope/pkg`) and their `package.json`, and
 * the install records. Nothing deeper is watched, so a large node_modules costs little.
 *
 * A root that does not exist yet is watched through its nearest existing ancestor (only the folders on the
 * way down to the root, nothing beside them), so a plugin folder created after start — e.g. by the first
 * `npm install --prefix ~/.local/share/ovos-tools/plugins ...` — is noticed like any other. Events that arrive
 * after the reload that already saw what they report (the watcher discovers a new folder's contents late) are
 * dropped: a root is reloaded again only when its install record or a touched folder changed since.
 *
 * File events are not the only signal: every {@link RECORD_POLL_MS} the watcher also reads each root's install
 * record, and a record that changed counts as an event in that root. A file watcher misses what is created in a new
 * folder before it watches that folder (chokidar reads a new folder, then watches it), which a plugin root created by
 * `npm install --prefix` meets; npm rewrites its record at the end of every operation, so the operation is still
 * one reload.
 */
export class PluginWatcher {
  private readonly watcher: FSWatcher;
  private readonly roots: string[];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Per root, the paths under its `node_modules` that changed since the last reload. */
  private touched = new Map<string, Set<string>>();
  private lastEventAt = 0;
  /** Counts events, so a settle check that an event overtook gives way to the check that event scheduled. */
  private events = 0;
  /** Per root, when the last reload for it started and the install record's time then. */
  private reloaded = new Map<string, { at: number; record: number | null }>();
  /** Per root, the install record's time when the poll last read it (none before its first read). */
  private readonly recordSeen = new Map<string, number | null>();
  private readonly poll: NodeJS.Timeout;

  /**
   * @param roots - plugin roots; neither they nor their `node_modules` need exist yet.
   * @param onChange - called once a change has settled (see the class rule); its rejection is logged.
   * @param debounceMs - quiet time after the last event before a root is checked, in ms.
   * @param settleTimeoutMs - how long after the last event to wait for an install record before reloading anyway, in ms.
   */
  constructor(
    roots: readonly string[],
    private readonly onChange: () => Promise<unknown>,
    private readonly logger: Logger,
    private readonly debounceMs = 400,
    private readonly settleTimeoutMs = DEFAULT_SETTLE_TIMEOUT_MS,
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
      const roots = this.roots.filter((root) => isWatched(root, resolved));
      if (!roots.length) return;
      this.logger.debug(`watch: ${event} ${file}`);
      for (const root of roots) {
        // the root itself counts by its node_modules: files beside it (package.json, editor files) are not installs
        const nodeModules = path.join(root, 'node_modules');
        this.touch(root, resolved === nodeModules || resolved.startsWith(nodeModules + path.sep) ? resolved : nodeModules);
      }
    });
    this.watcher.on('error', (err) => this.logger.warn(`watch error: ${(err as Error).message}`));
    void this.pollRecords();
    this.poll = setInterval(() => void this.pollRecords(), RECORD_POLL_MS);
    this.poll.unref();
  }

  /** Resolves once the initial scan of the watched folders is done. */
  ready(): Promise<void> {
    return new Promise((resolve) => this.watcher.once('ready', () => resolve()));
  }

  /** Stops watching; a pending reload is cancelled. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poll);
    if (this.timer) clearTimeout(this.timer);
    await this.watcher.close();
  }

  /** Records a change of `p` in `root` and (re)starts the quiet time before the settle check. */
  private touch(root: string, p: string): void {
    const touched = this.touched.get(root) ?? new Set<string>();
    touched.add(p);
    this.touched.set(root, touched);
    this.lastEventAt = Date.now();
    this.events++;
    this.schedule(this.debounceMs);
  }

  /** Reads every root's install record; one that changed since the last read is a change of that root's node_modules. */
  private async pollRecords(): Promise<void> {
    for (const root of this.roots) {
      const record = await installRecordTime(root);
      const before = this.recordSeen.get(root);
      this.recordSeen.set(root, record);
      if (this.closed || before === undefined || before === record) continue;
      this.logger.debug(`watch: the install record of ${root} changed`);
      this.touch(root, path.join(root, 'node_modules'));
    }
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.reloadIfSettled();
    }, ms);
  }

  /** Reloads when every touched root is settled or the settle timeout has passed; else looks again later. */
  private async reloadIfSettled(): Promise<void> {
    const seen = this.events;
    const pending: string[] = [];
    for (const [root, paths] of this.touched) if (!(await installSettled(root, paths))) pending.push(root);
    if (this.closed || seen !== this.events) return; // a newer event scheduled its own check
    const waited = Date.now() - this.lastEventAt;
    if (pending.length && waited < this.settleTimeoutMs) {
      this.logger.debug(`watch: waiting for the package manager to record its install in ${pending.join(', ')}`);
      this.schedule(Math.min(RECHECK_MS, this.settleTimeoutMs - waited));
      return;
    }
    const batch = this.touched;
    const changed: string[] = [];
    for (const [root, paths] of batch) if (await this.changedSinceReload(root, paths)) changed.push(root);
    if (this.closed || seen !== this.events) return;
    this.touched = new Map();
    if (!changed.length) {
      this.logger.debug('watch: the last reload already saw these changes');
      return;
    }
    if (pending.length) {
      this.logger.info(`watch: no install record was written in ${pending.join(', ')} within ${this.settleTimeoutMs} ms of the last change; reloading`);
    }
    const at = Date.now();
    for (const root of batch.keys()) this.reloaded.set(root, { at, record: await installRecordTime(root) });
    await this.onChange().catch((err: unknown) => this.logger.error('reload after a plugin change failed', err));
  }

  /** Whether `root` changed after its last reload started: a rewritten install record, or a touched path that is newer. */
  private async changedSinceReload(root: string, paths: Iterable<string>): Promise<boolean> {
    const last = this.reloaded.get(root);
    if (!last || (await installRecordTime(root)) !== last.record) return true;
    for (const p of paths) if ((await entryChangeTime(p)) > last.at) return true;
    return false;
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
