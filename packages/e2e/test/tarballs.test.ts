import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/system.js';

/**
 * Issue 17: every published package's tarball (as `npm pack` would build it from the current `dist`) carries
 * the Apache-2.0 LICENSE, and no source map points at a file the tarball lacks: every `sourceMappingURL` names a
 * shipped map, and every map's sources are shipped or embedded (`sourcesContent`).
 */
interface PackFile {
  path: string;
}

const packagesDir = path.join(repoRoot, 'packages');
const published = readdirSync(packagesDir).filter((dir) => {
  const file = path.join(packagesDir, dir, 'package.json');
  return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).private !== true;
});

/** The file lists of every published package's tarball, by directory name: one `npm pack` run for all (npm starts slowly). */
function packedFiles(): Map<string, Set<string>> {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--offline', ...published.map((dir) => `./${dir}`)], {
    cwd: packagesDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const reports = JSON.parse(out) as { name: string; files: PackFile[] }[];
  const byName = new Map(published.map((dir) => [JSON.parse(readFileSync(path.join(packagesDir, dir, 'package.json'), 'utf8')).name as string, dir]));
  return new Map(reports.map((r) => [byName.get(r.name)!, new Set(r.files.map((f) => f.path))]));
}

/** Problems with the source maps of the files in `files` (paths relative to `dir`). */
function mapProblems(dir: string, files: Set<string>): string[] {
  const problems: string[] = [];
  for (const file of files) {
    if (/\.(m?js|d\.ts)$/.test(file)) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const [, url] of text.matchAll(/[#@] sourceMappingURL=(\S+)/g)) {
        if (url!.startsWith('data:')) continue;
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), url!));
        if (!files.has(target)) problems.push(`${file} points at ${url}, which is not in the tarball`);
      }
    }
    if (file.endsWith('.map')) {
      const map = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { sources?: string[]; sourcesContent?: (string | null)[]; sourceRoot?: string };
      (map.sources ?? []).forEach((source, i) => {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), map.sourceRoot ?? '', source));
        if (!files.has(target) && typeof map.sourcesContent?.[i] !== 'string') problems.push(`${file} maps ${source}, which is neither in the tarball nor embedded`);
      });
    }
  }
  return problems;
}

/**
 * Dependencies a package declares without its shipped code importing them, with the reason they are kept.
 * Everything else declared must be imported, and everything imported declared.
 */
const KEPT_UNIMPORTED: Record<string, Record<string, string>> = {
  provider: {
    'light-my-request':
      "fastify's own dependency, pinned: 6.8 pulls cookie 2, whose engines want Node 22 (EBADENGINE on Node 20); " +
      'a direct 6.6.0 makes npm dedupe fastify onto it',
  },
};

/** Shipped files whose text holds import statements of another project, not the package's own imports. */
const GENERATED_TEXT = new Set(['create-ovos-toolbox/dist/templates.js']);

const BUILTINS = new Set(builtinModules);

/** The package name of a bare import specifier (`@scope/name/sub` → `@scope/name`), or null for relative, absolute and built-in ones. */
function packageOf(spec: string): string | null {
  if (/^(\.|\/|node:|data:|file:)/.test(spec)) return null;
  const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
  return BUILTINS.has(name) ? null : name;
}

/**
 * The packages the shipped JavaScript and declarations of `dir` import, with the first file importing each:
 * static `import`/`export … from`, side-effect `import '…'`, `import('…')`, `require('…')` and
 * `createRequire(…)('…')` with a literal specifier (how the toolboxes load heavy dependencies on first use),
 * `import.meta.resolve('…')` (search-semantic finds its model package's folder so), and `r('…')` / `r.resolve('…')`
 * where a file bound `r` to `createRequire(…)` (`const requireHere = createRequire(…)`).
 */
function importedPackages(dir: string, files: Iterable<string>, skip: ReadonlySet<string> = new Set()): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [/\bfrom\s*(['"])([^'"\s]+)\1/g, /\bimport\s*(['"])([^'"\s]+)\1/g, /\b(?:import|require)\s*\(\s*(['"])([^'"\s]+)\1\s*\)/g, /\bcreateRequire\([^)]*\)\s*\(\s*(['"])([^'"\s]+)\1/g, /\bimport\.meta\.resolve\s*\(\s*(['"])([^'"\s]+)\1/g];
  for (const file of files) {
    if (!/\.(m?js|d\.ts)$/.test(file) || skip.has(`${path.basename(dir)}/${file}`)) continue;
    const text = readFileSync(path.join(dir, file), 'utf8');
    const bound = [...text.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*createRequire\(/g)].map((m) => m[1]!);
    const boundCalls = bound.map((r) => new RegExp(`(?<![\\w$.])${r.replace(/\$/g, '\\$')}(?:\\.resolve)?\\s*\\(\\s*(['"])([^'"\\s]+)\\1`, 'g'));
    for (const pattern of [...patterns, ...boundCalls]) {
      for (const m of text.matchAll(pattern)) {
        const name = packageOf(m[2]!);
        if (name && !found.has(name)) found.set(name, file);
      }
    }
  }
  return found;
}

/**
 * Problems with the links of a package README as the npm page shows it (relative links resolve against npmjs.com
 * there): every link and image is absolute or an in-page `#anchor`, and every link into this repository
 * (`<repo>/blob|tree/main/<path>` or raw `main/<path>`) names a path that exists in the tree at `root`.
 */
function readmeLinkProblems(readme: string, repoUrl: string, root: string): string[] {
  const repo = repoUrl.replace(/^git\+/, '').replace(/\.git$/, '');
  const raw = repo.replace('https://github.com/', 'https://raw.githubusercontent.com/');
  const problems: string[] = [];
  for (const [, target] of readme.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const url = target!;
    if (url.startsWith('#') || url.startsWith('mailto:')) continue;
    if (!/^https?:\/\//.test(url)) {
      problems.push(`${url}: relative, broken on the npm page; link ${repo}/blob/main/<path> instead`);
      continue;
    }
    const inRepo = url.startsWith(`${repo}/blob/main/`) || url.startsWith(`${repo}/tree/main/`) ? url.slice(`${repo}/blob/main/`.length) : url.startsWith(`${raw}/main/`) ? url.slice(`${raw}/main/`.length) : null;
    if (inRepo !== null && !existsSync(path.join(root, decodeURI(inRepo.replace(/[#?].*$/, ''))))) problems.push(`${url}: no ${inRepo} in the repository`);
  }
  return problems;
}

describe('published tarballs', () => {
  let tarballs: Map<string, Set<string>>;
  // one `npm pack --dry-run` of every package: about 10 s quiet, past 60 s on a loaded 2-core CI machine
  beforeAll(() => {
    tarballs = packedFiles();
  }, 300_000);

  it('finds the published packages', () => {
    expect(published).toEqual(expect.arrayContaining(['core', 'messagebus', 'provider', 'toolbox-clock', 'toolbox-web']));
  });

  it('the source-map check flags a dangling map and a map of unshipped sources, and accepts embedded ones', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ovos-pack-'));
    try {
      mkdirSync(path.join(dir, 'dist'));
      writeFileSync(path.join(dir, 'dist', 'a.js'), 'x;\n//# sourceMappingURL=a.js.map\n');
      writeFileSync(path.join(dir, 'dist', 'b.js.map'), JSON.stringify({ sources: ['../src/b.ts'] }));
      writeFileSync(path.join(dir, 'dist', 'c.js.map'), JSON.stringify({ sources: ['../src/c.ts'], sourcesContent: ['const c = 1;'] }));
      expect(mapProblems(dir, new Set(['dist/a.js', 'dist/b.js.map', 'dist/c.js.map']))).toEqual([
        'dist/a.js points at a.js.map, which is not in the tarball',
        'dist/b.js.map maps ../src/b.ts, which is neither in the tarball nor embedded',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(published)('%s ships LICENSE (Apache-2.0), its dist entry, and no dangling source map', (name) => {
    const dir = path.join(packagesDir, name);
    const files = tarballs.get(name);
    if (!files) throw new Error(`npm pack reported no tarball for ${name}`);
    expect(files.has('LICENSE'), `${name}: LICENSE missing from the tarball`).toBe(true);
    expect(readFileSync(path.join(dir, 'LICENSE'), 'utf8')).toMatch(/Apache License\s+Version 2\.0, January 2004[\s\S]*END OF TERMS AND CONDITIONS/);
    expect(files.has('dist/index.js'), `${name}: dist/index.js missing (is it built?)`).toBe(true);
    expect(mapProblems(dir, files)).toEqual([]);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(pkg.repository).toEqual({ type: 'git', url: 'git+https://github.com/OpenVoiceOS/ovos-tools.git', directory: `packages/${name}` });
    expect(pkg.homepage).toMatch(/^https:\/\/github\.com\/OpenVoiceOS\/ovos-tools/);
    expect(pkg.bugs?.url).toBe('https://github.com/OpenVoiceOS/ovos-tools/issues');
    // every entry of the exports map (subpaths such as core's /contract and messagebus's /cli) is in the tarball
    for (const [subpath, target] of Object.entries(pkg.exports as Record<string, string | { types: string; import: string }>)) {
      for (const file of typeof target === 'string' ? [target] : [target.types, target.import]) {
        expect(files.has(file.replace(/^\.\//, '')), `${name}: exports["${subpath}"] names ${file}, which is not in the tarball`).toBe(true);
      }
    }
  });

  it('the provider ships the inspector page as its own files (html, script, style sheet)', () => {
    const files = tarballs.get('provider')!;
    for (const file of ['inspector.html', 'inspector.js', 'inspector.css']) expect(files.has(`dist/transports/http/inspector/page/${file}`), file).toBe(true);
    expect([...files].filter((f) => f.includes('inspector/page/tsconfig'))).toEqual([]);
  });

  it.each(published)('%s: declares exactly what its shipped code imports (dependencies and peers)', (name) => {
    const dir = path.join(packagesDir, name);
    const files = tarballs.get(name)!;
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
    const imported = importedPackages(dir, files, GENERATED_TEXT);
    imported.delete(pkg.name); // a package may import itself by name (Node's self-reference through its exports map)
    const kept = KEPT_UNIMPORTED[name] ?? {};
    expect([...imported].filter(([dep]) => !declared.has(dep)).map(([dep, file]) => `${dep} (imported by ${file})`), 'imported but not declared').toEqual([]);
    expect([...declared].filter((dep) => !imported.has(dep) && !(dep in kept)), 'declared but never imported (inlined by the bundler? move it to devDependencies)').toEqual([]);
  });

  it.each(published)('%s: README links work on the npm page (absolute, and into the repository only where a file is)', (name) => {
    const dir = path.join(packagesDir, name);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(readmeLinkProblems(readFileSync(path.join(dir, 'README.md'), 'utf8'), pkg.repository.url, repoRoot)).toEqual([]);
  });

  it('the README link check flags relative links and repository links to missing files', () => {
    const repo = 'git+https://github.com/OpenVoiceOS/ovos-tools.git';
    const text =
      '[a](../../docs/versioning.md) [b](#testing-kit) [c](https://github.com/OpenVoiceOS/ovos-tools/blob/main/docs/versioning.md) ' +
      '![d](https://raw.githubusercontent.com/OpenVoiceOS/ovos-tools/main/docs/nope.png) [e](https://openvoiceos.org) ' +
      '[f](https://github.com/OpenVoiceOS/ovos-tools/tree/main/packages/core#testing-kit)';
    expect(readmeLinkProblems(text, repo, repoRoot)).toEqual([
      '../../docs/versioning.md: relative, broken on the npm page; link https://github.com/OpenVoiceOS/ovos-tools/blob/main/<path> instead',
      'https://raw.githubusercontent.com/OpenVoiceOS/ovos-tools/main/docs/nope.png: no docs/nope.png in the repository',
    ]);
  });

  it('the import scan finds static, dynamic, require and createRequire imports, and skips relative and built-in ones', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ovos-imports-'));
    try {
      writeFileSync(
        path.join(dir, 'a.js'),
        `import x from 'alpha';\nimport {\n  y,\n} from "@scope/beta/sub";\nimport 'gamma';\nconst d = await import('delta');\n` +
          `const e = require("epsilon/x.js");\nconst f = createRequire(import.meta.url)('zeta');\nimport fs from 'node:fs';\nimport p from 'path';\nimport r from './rel.js';\n`,
      );
      writeFileSync(path.join(dir, 'a.d.ts'), `import type { T } from 'eta';\n`);
      writeFileSync(path.join(dir, 'a.txt'), `import 'theta';\n`);
      expect([...importedPackages(dir, ['a.js', 'a.d.ts', 'a.txt']).keys()].sort()).toEqual(['@scope/beta', 'alpha', 'delta', 'epsilon', 'eta', 'gamma', 'zeta']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
