import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

describe('published tarballs', () => {
  let tarballs: Map<string, Set<string>>;
  beforeAll(() => {
    tarballs = packedFiles();
  });

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
});
