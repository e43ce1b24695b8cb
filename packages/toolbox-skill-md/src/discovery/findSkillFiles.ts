import path from 'node:path';
import type { SkillMDSettings } from '../config.js';
import type { SkillProblem, SkillSource } from '../types.js';
import { isInside, readEntryPointGroup } from '@ovos-tools/core/node';
import { realpathOrUndefined, skillFilesInSubdirs, statOrUndefined } from './fsUtil.js';
import { listInstalledPackages, type InstalledPackage } from './installedPackages.js';

/** The package.json entry-point group that declares SKILL.md files (OVOS's `opm.agents.skill_md` group). */
export const SKILL_MD_ENTRY_POINT_GROUP = 'opm.agents.skill_md';

/** A SKILL.md file found by discovery, before parsing. */
export interface SkillCandidate {
  /** The file path as found (the loader resolves symlinks and deduplicates). */
  path: string;
  /** Where it was found: a skills folder, a package that ships it, or a package that declares it. */
  source: SkillSource;
  /** The declaring or shipping package, for package sources. */
  packageName?: string;
  /**
   * The folder the file's real path must lie in: the package folder (package and entry-point sources), the
   * user skills folder, or the configured `extra_skill_md_paths` folder (for a configured file: its parent
   * folder). The loader refuses a file whose real path — symlinked folders and files resolved — leaves it.
   */
  root: string;
  /** What {@link SkillCandidate.root} is, for messages: `package folder`, `user skills folder`, `configured folder`. */
  rootLabel: string;
}

/**
 * Finds SKILL.md files in discovery order (duplicates are possible; the loader keeps the first by real path):
 * 1. for each `search_roots` entry, packages in `<root>/node_modules` that declare
 *    `"entryPoints": {"opm.agents.skill_md": {"<name>": "./path/SKILL.md"}}` — the path must be an existing
 *    file inside the package folder;
 * 2. for each root again, `<pkg>/SKILL.md` and `<pkg>/skills/<dir>/SKILL.md` of every installed package
 *    (scoped packages included, nested `node_modules` never entered);
 * 3. `<user_skills_dir>/<dir>/SKILL.md`;
 * 4. `extra_skill_md_paths`: a file, or a directory's `SKILL.md` and `<dir>/<sub>/SKILL.md`.
 * Within a folder, entries are taken in name order. Each candidate names the folder it must stay in
 * ({@link SkillCandidate.root}); the loader enforces it on real paths. Never throws; what cannot be used becomes a
 * problem.
 */
export function findSkillFiles(settings: SkillMDSettings): { candidates: SkillCandidate[]; problems: SkillProblem[] } {
  const candidates: SkillCandidate[] = [];
  const problems: SkillProblem[] = [];
  const packages = installedPackages(settings.searchRoots);

  for (const pkg of packages) {
    if (pkg.error) {
      problems.push({ path: path.join(pkg.dir, 'package.json'), reason: `cannot read package.json: ${pkg.error}`, source: 'entry-point' });
      continue;
    }
    declaredSkills(pkg, candidates, problems);
  }
  for (const pkg of packages) {
    const top = path.join(pkg.dir, 'SKILL.md');
    const inPackage = { source: 'package', packageName: pkg.name, root: pkg.dir, rootLabel: 'package folder' } as const;
    if (statOrUndefined(top)?.isFile()) candidates.push({ path: top, ...inPackage });
    for (const file of skillFilesInSubdirs(path.join(pkg.dir, 'skills'))) candidates.push({ path: file, ...inPackage });
  }
  for (const file of skillFilesInSubdirs(settings.userSkillsDir)) {
    candidates.push({ path: file, source: 'user', root: settings.userSkillsDir, rootLabel: 'user skills folder' });
  }
  for (const extra of settings.extraPaths) extraPath(extra, candidates, problems);
  return { candidates, problems };
}

function installedPackages(roots: readonly string[]): InstalledPackage[] {
  const seen = new Set<string>();
  const out: InstalledPackage[] = [];
  for (const root of roots) {
    let nm = path.join(root, 'node_modules');
    if (!statOrUndefined(nm)?.isDirectory() && path.basename(root) === 'node_modules') nm = root;
    const real = realpathOrUndefined(nm);
    if (!real || seen.has(real)) continue;
    seen.add(real);
    out.push(...listInstalledPackages(nm));
  }
  return out;
}

function declaredSkills(pkg: InstalledPackage, candidates: SkillCandidate[], problems: SkillProblem[]): void {
  const group = readEntryPointGroup(pkg.manifest, SKILL_MD_ENTRY_POINT_GROUP, '"./SKILL.md"');
  const where = path.join(pkg.dir, 'package.json');
  for (const problem of group.problems) problems.push({ path: where, source: 'entry-point', reason: `package '${pkg.name}': ${problem}` });
  const pkgReal = realpathOrUndefined(pkg.dir) ?? pkg.dir;
  for (const { name, value } of group.entries) {
    const label = `package '${pkg.name}' entry point '${name}'`;
    const target = path.resolve(pkg.dir, value);
    const real = realpathOrUndefined(target);
    if (!real) {
      problems.push({ path: target, source: 'entry-point', reason: `${label}: ${JSON.stringify(value)} does not exist` });
    } else if (!isInside(pkgReal, real)) {
      problems.push({ path: target, source: 'entry-point', reason: `${label}: ${JSON.stringify(value)} points outside the package folder; use a path inside the package` });
    } else if (!statOrUndefined(real)?.isFile()) {
      problems.push({ path: target, source: 'entry-point', reason: `${label}: ${JSON.stringify(value)} is not a file` });
    } else {
      candidates.push({ path: real, source: 'entry-point', packageName: pkg.name, root: pkg.dir, rootLabel: 'package folder' });
    }
  }
}

function extraPath(p: string, candidates: SkillCandidate[], problems: SkillProblem[]): void {
  const st = statOrUndefined(p);
  if (!st) {
    problems.push({ path: p, source: 'extra', reason: 'extra_skill_md_paths entry does not exist' });
    return;
  }
  if (st.isFile()) {
    candidates.push({ path: p, source: 'extra', root: path.dirname(p), rootLabel: 'configured folder' });
    return;
  }
  const found: string[] = [];
  const top = path.join(p, 'SKILL.md');
  if (statOrUndefined(top)?.isFile()) found.push(top);
  found.push(...skillFilesInSubdirs(p));
  if (!found.length) problems.push({ path: p, source: 'extra', reason: 'extra_skill_md_paths directory holds no SKILL.md (looked for SKILL.md and */SKILL.md)' });
  for (const f of found) candidates.push({ path: f, source: 'extra', root: p, rootLabel: 'configured folder' });
}
