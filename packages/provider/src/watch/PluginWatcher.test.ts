import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@ovos-tools/core';
import { afterEach, describe, expect, test } from 'vitest';
import { PluginWatcher } from './PluginWatcher.js';

// One reload per package-manager operation: the watcher waits for npm's install record
// (node_modules/.package-lock.json), which npm writes after everything else, not only for events to pause.
// These tests write as npm does — folders, then package.json, with pauses longer than the debounce while
// "downloading" — and count the reloads.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits (up to 15 s, for a loaded machine) until `reloads` has one entry, then a while longer for any extra one. */
async function oneReload(reloads: number[]): Promise<void> {
  for (const deadline = Date.now() + 15_000; reloads.length === 0 && Date.now() < deadline; ) await sleep(50);
  await sleep(1000);
  expect(reloads).toHaveLength(1);
}
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function watching(roots: string[], settleTimeoutMs = 30_000) {
  const reloads: number[] = [];
  const started = Date.now();
  const watcher = new PluginWatcher(roots, async () => void reloads.push(Date.now() - started), createLogger('watch-test', 'silent'), 200, settleTimeoutMs);
  cleanups.push(() => watcher.close());
  await watcher.ready();
  return Object.assign(reloads, { watcher });
}

function tempRoot(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ovos-watch-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes like `npm install <name>`: the folder first, package.json after a pause, then (optionally) the record. */
async function npmLikeInstall(root: string, name: string, { pauseMs = 600, record = true } = {}): Promise<void> {
  const dir = path.join(root, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  await sleep(pauseMs); // downloading
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0' }));
  writeFileSync(path.join(dir, 'index.js'), 'export {};\n');
  await sleep(pauseMs); // linking bins, running scripts
  if (record) writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { [`node_modules/${name}`]: { version: '1.0.0' } } }));
}

describe('PluginWatcher', () => {
  test('an install that pauses longer than the debounce is one reload, after npm writes its record', async () => {
    const root = tempRoot();
    const reloads = await watching([root]);
    await npmLikeInstall(root, 'slow-tools');
    expect(reloads).toHaveLength(0); // nothing before the record was written
    await oneReload(reloads);
  });

  test('an uninstall (folder removed, then the record rewritten) is one reload', async () => {
    const root = tempRoot();
    await npmLikeInstall(root, 'gone-tools', { pauseMs: 0 });
    await sleep(300); // installed a while ago
    const reloads = await watching([root]);
    rmSync(path.join(root, 'node_modules', 'gone-tools'), { recursive: true });
    await sleep(600);
    expect(reloads).toHaveLength(0);
    writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: {} }));
    await oneReload(reloads);
  });

  test('a plugin root created after start (npm install --prefix) is one reload', async () => {
    const base = tempRoot();
    const root = path.join(base, 'not', 'yet', 'plugins');
    const reloads = await watching([root]);
    mkdirSync(root, { recursive: true });
    writeFileSync(path.join(root, 'package.json'), '{}');
    await sleep(600); // npm resolving metadata before it writes node_modules
    await npmLikeInstall(root, 'late-tools');
    expect(reloads).toHaveLength(0);
    await oneReload(reloads);
  });

  test('an install whose file events were all missed is one reload once npm rewrites its record (the record poll)', async () => {
    const root = tempRoot();
    const reloads = await watching([root]);
    // the file watcher hears nothing from here on, as when npm writes into a folder created while the watcher was still
    // reading its new parent (chokidar reads a new folder, then watches it)
    await (reloads.watcher as unknown as { watcher: { close(): Promise<void> } }).watcher.close();
    await npmLikeInstall(root, 'unheard-tools', { pauseMs: 100 });
    await oneReload(reloads);
  });

  test('an event for what the last reload already saw (a late notice of an old file) causes no second reload', async () => {
    const root = tempRoot();
    const reloads = await watching([root]);
    await npmLikeInstall(root, 'seen-tools', { pauseMs: 300 });
    await oneReload(reloads);
    // the watcher hears about package.json again (here: its times touched), but nothing in it is newer than that reload
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(path.join(root, 'node_modules', 'seen-tools', 'package.json'), old, old);
    await sleep(1500);
    expect(reloads).toHaveLength(1);
  });

  test('a change no package manager records (files copied by hand) reloads once, after the settle timeout', async () => {
    const root = tempRoot();
    // a settle timeout far above the ~900 ms of writes and waiting below, so a loaded machine's late timers cannot
    // make the reload look early
    const reloads = await watching([root], 5000);
    await npmLikeInstall(root, 'copied-tools', { pauseMs: 100, record: false });
    await sleep(700);
    expect(reloads).toHaveLength(0);
    await oneReload(reloads);
  });
});
