import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import * as bwrapModule from '../src/exec/bwrap.js';
import { DEBIAN_TEST_PACKAGES, ensureDebianPackages } from '../../../scripts/debian-packages.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A spawn wrapper that records every call and delegates to the real `child_process.spawn`. */
export function spawnSpy() {
  const calls: string[][] = [];
  const fn = (command: string, args: readonly string[], options: SpawnOptions): ChildProcess => {
    calls.push([command, ...args]);
    return spawn(command, args, options);
  };
  return { fn, calls };
}

/** A fresh temp directory (real path). */
export function tempDir(prefix = 'ovos-shell-'): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

/** True while `pid` exists and is not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Polls until `pid` is gone or `ms` passes; returns whether it is gone. */
export async function waitGone(pid: number, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/** Reads a pid written by a child, waiting for the file to appear. */
export async function readPid(file: string, ms = 5000): Promise<number> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
    if (/^\d+$/.test(text)) return Number(text);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no pid in ${file}`);
}

/**
 * Makes sure Debian's bubblewrap is installed (installing it with apt-get when missing and running as root, under
 * the lock every test setup's install shares: `scripts/debian-packages.mjs`)
 * and works here. Returns `null` when it does, or the reason the bwrap tests must be skipped.
 */
export function ensureBwrap(): string | null {
  const { probeBwrap, BWRAP_LOCATIONS } = bwrapModule;
  if (!BWRAP_LOCATIONS.some((p) => fs.existsSync(p))) {
    const reason = ensureDebianPackages([DEBIAN_TEST_PACKAGES.bubblewrap]);
    if (reason) return reason;
  }
  const probe = probeBwrap();
  return probe.ok ? null : probe.reason;
}
