import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { repoRoot } from './system.js';

/** One package of the workspace (or of `examples/`), as its package.json says. */
export interface WorkspacePackage {
  /** Its folder. */
  dir: string;
  /** Its parsed package.json. */
  pkg: {
    name: string;
    version: string;
    private?: boolean;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };
}

const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'] as const;

/** The packages under `<root>/packages` and `<root>/examples` (every folder holding a package.json). */
export function workspacePackages(root = repoRoot): WorkspacePackage[] {
  const out: WorkspacePackage[] = [];
  for (const group of ['packages', 'examples']) {
    const base = path.join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const file = path.join(base, name, 'package.json');
      if (existsSync(file)) out.push({ dir: path.join(base, name), pkg: JSON.parse(readFileSync(file, 'utf8')) });
    }
  }
  return out;
}

/**
 * The range a published package.json will carry for `spec`: pnpm rewrites `workspace:^` / `workspace:~` /
 * `workspace:*` to `^v` / `~v` / `v` of the workspace package and `workspace:<range>` to `<range>`.
 */
export function publishedRange(spec: string, version: string): string {
  if (!spec.startsWith('workspace:')) return spec;
  const rest = spec.slice('workspace:'.length);
  if (rest === '^' || rest === '~') return `${rest}${version}`;
  if (rest === '*') return version;
  return rest;
}

/**
 * Every range in the tree on a workspace package that its version does not satisfy, one line each, e.g.
 * `@ovos-tools/toolbox-clock peerDependencies["@ovos-tools/core"] "^1.0.0" excludes the tree's 0.1.0`.
 * Ranges are checked as they will be published (`workspace:` rewritten), prereleases included.
 */
export function rangeProblems(packages: readonly WorkspacePackage[]): string[] {
  const versions = new Map(packages.filter((p) => p.pkg.name).map((p) => [p.pkg.name, p.pkg.version]));
  const problems: string[] = [];
  for (const { pkg } of packages) {
    for (const field of DEPENDENCY_FIELDS) {
      for (const [dep, spec] of Object.entries(pkg[field] ?? {})) {
        const version = versions.get(dep);
        if (version === undefined) continue;
        const range = publishedRange(spec, version);
        if (!semver.validRange(range)) problems.push(`${pkg.name} ${field}["${dep}"] "${spec}" is not a semver range`);
        else if (!semver.satisfies(version, range, { includePrerelease: true })) problems.push(`${pkg.name} ${field}["${dep}"] "${range}" excludes the tree's ${version}`);
      }
    }
  }
  return problems;
}

/**
 * Packs every publishable workspace package with `pnpm pack` (which rewrites `workspace:` ranges as
 * `pnpm publish` does) into `dest`.
 * @returns package name → tarball path.
 */
export function packReleaseSet(dest: string): Map<string, string> {
  mkdirSync(dest, { recursive: true });
  const published = workspacePackages().filter((p) => !p.pkg.private && p.dir.startsWith(path.join(repoRoot, 'packages')));
  execFileSync('pnpm', ['-r', ...published.flatMap((p) => ['--filter', p.pkg.name]), 'pack', '--pack-destination', dest], {
    cwd: repoRoot,
    stdio: 'pipe',
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
  const out = new Map<string, string>();
  for (const { pkg } of published) {
    const file = path.join(dest, `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.version}.tgz`);
    if (!existsSync(file)) throw new Error(`pnpm pack wrote no ${path.basename(file)} into ${dest}`);
    out.set(pkg.name, file);
  }
  return out;
}

/** The outcome of {@link strictInstall}: npm's exit status and everything it printed. */
export interface InstallOutcome {
  /** Whether npm exited 0. */
  ok: boolean;
  /** npm's stderr, then its stdout. */
  output: string;
}

/**
 * `npm install <specs>` into a fresh folder `dir` (a private package.json is written), with npm's strict peer
 * resolution (`--legacy-peer-deps=false`, whatever the user's npmrc says). Resolves, never rejects.
 */
export function strictInstall(dir: string, specs: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<InstallOutcome> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: path.basename(dir), private: true }, null, 2));
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['install', '--legacy-peer-deps=false', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=warn', ...specs],
      { cwd: dir, env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, timeout: 240_000 },
      (err, stdout, stderr) => resolve({ ok: !err, output: `${stderr}${stdout}` }),
    );
  });
}
