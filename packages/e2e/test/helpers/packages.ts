import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './system.js';

/** `packages/core`, whose `dist` is what gets packed. */
export const coreDir = path.join(repoRoot, 'packages', 'core');

/**
 * The version `changeset version` would give `name` now, from `changeset status --output` (the pending changesets
 * and `.changeset/config.json`); the current version when no changeset releases it.
 * @throws when changesets cannot compute a plan (its output is in the message).
 */
export function nextVersion(name: string, scratch: string): string {
  const out = path.join(scratch, 'changeset-status.json');
  try {
    execFileSync(process.execPath, [path.join(repoRoot, 'node_modules', '@changesets', 'cli', 'bin.js'), 'status', '--output', out], { cwd: repoRoot, stdio: 'pipe' });
  } catch (err) {
    throw new Error(`changeset status failed:\n${String((err as { stderr?: Buffer }).stderr ?? err)}`);
  }
  const status = JSON.parse(readFileSync(out, 'utf8')) as { releases: Array<{ name: string; newVersion: string }> };
  const release = status.releases.find((r) => r.name === name);
  return release?.newVersion ?? (JSON.parse(readFileSync(path.join(repoRoot, 'packages', name.replace('@ovos-tools/', ''), 'package.json'), 'utf8')) as { version: string }).version;
}

/** `npm pack` of `dir` into `dest` without running scripts; returns the tarball's path. */
export function packDir(dir: string, dest: string): string {
  const json = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dest, '--loglevel=error'], { cwd: dir, encoding: 'utf8' });
  return path.join(dest, (JSON.parse(json) as Array<{ filename: string }>)[0]!.filename);
}

/** Packs the current core (its built `dist`) as version `version`, as the next release would publish it. */
export function packCoreAt(version: string, dest: string): string {
  const staging = mkdtempSync(path.join(dest, 'core-'));
  const pkg = JSON.parse(readFileSync(path.join(coreDir, 'package.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(staging, 'package.json'), JSON.stringify({ ...pkg, version }, null, 2));
  cpSync(path.join(coreDir, 'README.md'), path.join(staging, 'README.md'));
  cpSync(path.join(coreDir, 'dist'), path.join(staging, 'dist'), { recursive: true });
  const tarball = packDir(staging, dest);
  rmSync(staging, { recursive: true, force: true });
  return tarball;
}

/**
 * Packs each of core's installed dependencies (typebox, fastest-levenshtein, …: whatever its package.json lists), so
 * an offline install of the core tarball needs neither a registry nor what npm's cache happens to hold.
 */
export function packCoreDependencies(dest: string): string[] {
  const deps = Object.keys((JSON.parse(readFileSync(path.join(coreDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {});
  return deps.map((name) => {
    // npm cannot pack a folder inside pnpm's store (it crashes reading the store's tree), so pack a copy
    const staging = mkdtempSync(path.join(dest, 'dep-'));
    cpSync(realpathSync(path.join(coreDir, 'node_modules', ...name.split('/'))), staging, { recursive: true });
    const tarball = packDir(staging, dest);
    rmSync(staging, { recursive: true, force: true });
    return tarball;
  });
}

/**
 * `npm install --prefix <root> <tarballs>` offline, with npm's strict peer-dependency resolution (an `ERESOLVE`
 * throws with npm's output). Writes `<root>/package.json` first when absent.
 */
export function npmInstall(root: string, tarballs: string[]): void {
  mkdirSync(root, { recursive: true });
  try {
    readFileSync(path.join(root, 'package.json'));
  } catch {
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'plugin-root', private: true }));
  }
  try {
    execFileSync('npm', ['install', '--prefix', root, '--offline', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], { cwd: root, stdio: 'pipe' });
  } catch (err) {
    const e = err as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`npm install failed:\n${String(e.stderr ?? '')}${String(e.stdout ?? '')}`);
  }
}

/** The version of `name` installed under `root`. */
export function installedVersion(root: string, name: string): string {
  return (JSON.parse(readFileSync(path.join(root, 'node_modules', ...name.split('/'), 'package.json'), 'utf8')) as { version: string }).version;
}

/** {@link nextVersion} of `@ovos-tools/core`. */
export function nextCoreVersionOrThrow(scratch: string): string {
  return nextVersion('@ovos-tools/core', scratch);
}
