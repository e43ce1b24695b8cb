import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillMDToolBox } from '@ovos-tools/toolbox-skill-md';
import { defaultSearchRoots, defaultUserSkillsDir } from '../src/paths.js';
import { readSkillMDSettings } from '../src/config.js';
import { cleanup, isolatedToolBox, makePackage, skillMd, tempDir, write } from './fixtures.js';

afterEach(cleanup);

function names(tb: ReturnType<typeof isolatedToolBox>): string[] {
  return [...tb.tools.keys()];
}

describe('discovery sources', () => {
  it('finds SKILL.md files declared through the opm.agents.skill_md entry-point group', () => {
    const root = tempDir();
    const nm = path.join(root, 'node_modules');
    makePackage(nm, 'skill-pack', { 'docs/translate/SKILL.md': skillMd('translate', 'Translate text.') }, {
      entryPoints: { 'opm.agents.skill_md': { translate: './docs/translate/SKILL.md' } },
    });
    const tb = isolatedToolBox({ search_roots: [root] });
    expect(names(tb)).toEqual(['translate']);
    expect(tb.skills[0]).toMatchObject({
      name: 'translate',
      source: 'entry-point',
      packageName: 'skill-pack',
      path: path.join(nm, 'skill-pack', 'docs', 'translate', 'SKILL.md'),
      body: 'Instructions for translate.',
    });
    expect(tb.problems).toEqual([]);
  });

  it('refuses entry points that leave the package, do not exist, or are not strings', () => {
    const root = tempDir();
    const nm = path.join(root, 'node_modules');
    write(path.join(root, 'outside', 'SKILL.md'), skillMd('outside', 'Should not load.'));
    makePackage(nm, 'bad-pack', {}, {
      entryPoints: { 'opm.agents.skill_md': { escape: '../../outside/SKILL.md', missing: './nope/SKILL.md', wrong: 42 } },
    });
    const tb = isolatedToolBox({ search_roots: [root] });
    expect(names(tb)).toEqual([]);
    const reasons = tb.problems.map((p) => p.reason);
    expect(reasons).toEqual([
      `package 'bad-pack': entryPoints["opm.agents.skill_md"]["wrong"]: expected a string "./SKILL.md", received number`,
      expect.stringMatching(/entry point 'escape': "..\/..\/outside\/SKILL.md" points outside the package folder/),
      expect.stringMatching(/entry point 'missing': ".\/nope\/SKILL.md" does not exist/),
    ]);
    expect(tb.problems.every((p) => p.source === 'entry-point')).toBe(true);
  });

  it('finds SKILL.md files shipped in packages (top level and skills/*), scoped ones included, but not in nested node_modules', () => {
    const root = tempDir();
    const nm = path.join(root, 'node_modules');
    makePackage(nm, 'plain-pack', {
      'SKILL.md': skillMd('top-level', 'Top-level skill.'),
      'skills/alpha/SKILL.md': skillMd('alpha', 'Alpha skill.'),
      'skills/beta/SKILL.md': skillMd('beta', 'Beta skill.'),
      'skills/beta/extra/SKILL.md': skillMd('too-deep', 'Not one level under skills/.'),
      'node_modules/nested/SKILL.md': skillMd('nested', 'Inside a nested node_modules.'),
      'node_modules/nested/package.json': '{"name":"nested"}',
    });
    makePackage(nm, '@acme/skills', { 'skills/gamma/SKILL.md': skillMd('gamma', 'Scoped skill.') });
    write(path.join(nm, '.pnpm', 'hidden', 'SKILL.md'), skillMd('hidden', 'In a hidden folder.'));
    const tb = isolatedToolBox({ search_roots: [root] });
    expect(names(tb)).toEqual(['gamma', 'top_level', 'alpha', 'beta']);
    expect(tb.skills.map((s) => [s.source, s.packageName])).toEqual([
      ['package', '@acme/skills'],
      ['package', 'plain-pack'],
      ['package', 'plain-pack'],
      ['package', 'plain-pack'],
    ]);
  });

  it('follows symlinked packages (pnpm layout) and counts a file found twice once, by real path', () => {
    const root = tempDir();
    const store = path.join(root, 'store', 'linked');
    makePackage(path.join(root, 'store'), 'linked', { 'skills/one/SKILL.md': skillMd('one', 'Linked skill.') }, {
      entryPoints: { 'opm.agents.skill_md': { one: './skills/one/SKILL.md' } },
    });
    fs.mkdirSync(path.join(root, 'node_modules'));
    fs.symlinkSync(store, path.join(root, 'node_modules', 'linked'), 'dir');
    const tb = isolatedToolBox({ search_roots: [root, root] });
    expect(names(tb)).toEqual(['one']);
    expect(tb.skills[0]).toMatchObject({ source: 'entry-point', path: path.join(store, 'skills', 'one', 'SKILL.md') });
  });

  it('finds the per-user skills directory given by user_skills_dir', () => {
    const user = tempDir();
    write(path.join(user, 'notes', 'SKILL.md'), skillMd('notes', 'Take notes.'));
    write(path.join(user, 'README.md'), 'not a skill');
    write(path.join(user, 'SKILL.md'), skillMd('top', 'Files directly in the user dir are not skills.'));
    const tb = isolatedToolBox({ user_skills_dir: user });
    expect(names(tb)).toEqual(['notes']);
    expect(tb.skills[0]?.source).toBe('user');
  });

  it('loads extra_skill_md_paths given as files and as directories, and reports missing ones', () => {
    const extra = tempDir();
    const file = write(path.join(extra, 'custom', 'mine.md'), skillMd('from-file', 'Listed as a file.'));
    const dir = path.join(extra, 'collection');
    write(path.join(dir, 'SKILL.md'), skillMd('dir-top', 'SKILL.md in the listed directory.'));
    write(path.join(dir, 'sub', 'SKILL.md'), skillMd('dir-sub', 'SKILL.md one level down.'));
    const empty = path.join(extra, 'empty');
    fs.mkdirSync(empty);
    const missing = path.join(extra, 'missing.md');
    const tb = isolatedToolBox({ extra_skill_md_paths: [file, dir, empty, missing] });
    expect(names(tb)).toEqual(['from_file', 'dir_top', 'dir_sub']);
    expect(tb.skills.every((s) => s.source === 'extra')).toBe(true);
    expect(tb.problems).toEqual([
      { path: empty, source: 'extra', reason: expect.stringMatching(/holds no SKILL.md/) },
      { path: missing, source: 'extra', reason: 'extra_skill_md_paths entry does not exist' },
    ]);
  });

  it('orders sources entry-point, package, user, extra and keeps the first source of a duplicate file', () => {
    const root = tempDir();
    const nm = path.join(root, 'node_modules');
    const pkg = makePackage(nm, 'zz-declared', { 'skills/d/SKILL.md': skillMd('declared', 'Declared.') }, {
      entryPoints: { 'opm.agents.skill_md': { d: './skills/d/SKILL.md' } },
    });
    makePackage(nm, 'aa-shipped', { 'SKILL.md': skillMd('shipped', 'Shipped.') });
    const user = tempDir();
    write(path.join(user, 'u', 'SKILL.md'), skillMd('user-skill', 'User.'));
    const extra = write(path.join(tempDir(), 'SKILL.md'), skillMd('extra-skill', 'Extra.'));
    const tb = isolatedToolBox({
      search_roots: [root],
      user_skills_dir: user,
      extra_skill_md_paths: [extra, path.join(pkg, 'skills', 'd', 'SKILL.md')],
    });
    expect(tb.problems).toEqual([]);
    expect(tb.skills.map((s) => [s.name, s.source])).toEqual([
      ['declared', 'entry-point'],
      ['shipped', 'package'],
      ['user-skill', 'user'],
      ['extra-skill', 'extra'],
    ]);
  });
});

describe('configuration', () => {
  it('defaults follow XDG_DATA_HOME', () => {
    expect(defaultUserSkillsDir({ XDG_DATA_HOME: '/data' })).toBe('/data/ovos-tools/skills');
    expect(defaultSearchRoots({ XDG_DATA_HOME: '/data' }, '/proj')).toEqual(['/proj', '/data/ovos-tools/plugins']);
    expect(defaultUserSkillsDir({ HOME: process.env.HOME })).toMatch(/\.local\/share\/ovos-tools\/skills$/);
  });

  it('reads the keys, resolves relative paths, and reports wrongly typed values while using defaults', () => {
    const ok = readSkillMDSettings({ search_roots: ['rel'], user_skills_dir: '/u', extra_skill_md_paths: '/one.md' }, { XDG_DATA_HOME: '/d' });
    expect(ok.problems).toEqual([]);
    expect(ok.settings).toEqual({ searchRoots: [path.resolve('rel')], userSkillsDir: '/u', extraPaths: ['/one.md'] });

    const bad = readSkillMDSettings({ search_roots: 5, user_skills_dir: ['x'], extra_skill_md_paths: [1] }, { XDG_DATA_HOME: '/d' });
    expect(bad.settings).toEqual({ searchRoots: [process.cwd(), '/d/ovos-tools/plugins'], userSkillsDir: '/d/ovos-tools/skills', extraPaths: [] });
    expect(bad.problems).toEqual([
      { path: 'user_skills_dir', reason: `ovos-skill-md-toolbox config 'user_skills_dir': must be string, received ["x"]` },
      { path: 'search_roots', reason: `ovos-skill-md-toolbox config 'search_roots': must be string or array, received 5` },
      { path: 'extra_skill_md_paths', reason: `ovos-skill-md-toolbox config 'extra_skill_md_paths': [0] must be string, received 1` },
    ]);
    const empty = readSkillMDSettings({ user_skills_dir: '' }, { XDG_DATA_HOME: '/d' });
    expect(empty.settings.userSkillsDir).toBe('/d/ovos-tools/skills');
    expect(empty.problems.map((p) => p.reason)).toEqual([`ovos-skill-md-toolbox config 'user_skills_dir': must not have fewer than 1 characters, received ""`]);
  });

  it("without search_roots, the host's plugin roots (options.pluginRoots) are scanned", () => {
    const root = tempDir('host-root-');
    makePackage(path.join(root, 'node_modules'), 'host-skills', { 'SKILL.md': skillMd('host-skill', 'Found through the host roots.') });
    const tb = new SkillMDToolBox({ config: { user_skills_dir: tempDir('empty-user-') }, pluginRoots: [root], brain: null });
    expect([...tb.tools.keys()]).toEqual(['host_skill']);
    expect(readSkillMDSettings({}, { XDG_DATA_HOME: '/d' }, ['/host']).settings.searchRoots).toEqual(['/host']);
    expect(readSkillMDSettings({ search_roots: ['/mine'] }, { XDG_DATA_HOME: '/d' }, ['/host']).settings.searchRoots).toEqual(['/mine']);
  });

  it('a bad config value becomes a toolbox problem, not a failure', () => {
    const tb = isolatedToolBox({ extra_skill_md_paths: { not: 'a list' } });
    expect(names(tb)).toEqual([]);
    expect(tb.problems[0]?.reason).toBe(`ovos-skill-md-toolbox config 'extra_skill_md_paths': must be string or array, received {"not":"a list"}`);
  });
});
