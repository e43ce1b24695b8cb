import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FRONTMATTER_BYTES, MAX_FRONTMATTER_DEPTH, MAX_FRONTMATTER_KEYS, MAX_SKILL_MD_BYTES } from '../src/parsing/limits.js';
import { parseSkillMd } from '../src/parsing/parseSkillMd.js';
import { cleanup, isolatedToolBox, makePackage, recordingLogger, skillMd, tempDir, write } from './fixtures.js';

afterEach(cleanup);

describe('skills stay inside their package or configured folder (real paths)', () => {
  it('refuses a symlinked skill folder in the user skills folder that points outside it', () => {
    const outside = tempDir();
    write(path.join(outside, 'secret', 'SKILL.md'), skillMd('secret-skill', 'Planted outside.'));
    const user = tempDir();
    write(path.join(user, 'inside', 'SKILL.md'), skillMd('inside-skill', 'Inside.'));
    fs.symlinkSync(path.join(outside, 'secret'), path.join(user, 'linked'), 'dir');
    const logger = recordingLogger();
    const tb = isolatedToolBox({ user_skills_dir: user }, { logger });
    expect(tb.skills.map((s) => s.name)).toEqual(['inside-skill']);
    expect(tb.problems).toEqual([
      expect.objectContaining({ path: path.join(user, 'linked', 'SKILL.md'), source: 'user', reason: expect.stringContaining('outside its user skills folder') }),
    ]);
    expect(logger.warnings.some((w) => w.includes(path.join(user, 'linked', 'SKILL.md')))).toBe(true);
  });

  it('refuses a package whose skills/<dir> or SKILL.md is a symlink out of the package folder', () => {
    const root = tempDir();
    const nm = path.join(root, 'node_modules');
    const outside = tempDir();
    write(path.join(outside, 'planted', 'SKILL.md'), skillMd('planted', 'Outside the package.'));
    write(path.join(outside, 'top.md'), skillMd('planted-top', 'Outside the package.'));
    const pkg = makePackage(nm, 'evil', { 'skills/ok/SKILL.md': skillMd('ok-skill', 'Inside.') });
    fs.symlinkSync(path.join(outside, 'planted'), path.join(pkg, 'skills', 'planted'), 'dir');
    fs.symlinkSync(path.join(outside, 'top.md'), path.join(pkg, 'SKILL.md'));
    const tb = isolatedToolBox({ search_roots: [root] });
    expect(tb.skills.map((s) => s.name)).toEqual(['ok-skill']);
    expect(tb.problems.map((p) => [p.path, p.reason.includes('outside its package folder')])).toEqual([
      [path.join(pkg, 'SKILL.md'), true],
      [path.join(pkg, 'skills', 'planted', 'SKILL.md'), true],
    ]);
  });

  it('refuses symlinked sub-folders of a configured extra folder; a package installed as a symlink (pnpm) still loads', () => {
    const outside = tempDir();
    write(path.join(outside, 'x', 'SKILL.md'), skillMd('escaped', 'Outside.'));
    const extra = tempDir();
    fs.symlinkSync(path.join(outside, 'x'), path.join(extra, 'x'), 'dir');
    const store = tempDir();
    makePackage(store, 'linked', { 'skills/one/SKILL.md': skillMd('linked-one', 'Linked package.') });
    const root = tempDir();
    fs.mkdirSync(path.join(root, 'node_modules'));
    fs.symlinkSync(path.join(store, 'linked'), path.join(root, 'node_modules', 'linked'), 'dir');
    const tb = isolatedToolBox({ search_roots: [root], extra_skill_md_paths: [extra] });
    expect(tb.skills.map((s) => s.name)).toEqual(['linked-one']);
    expect(tb.problems.some((p) => p.path === path.join(extra, 'x', 'SKILL.md') && p.reason.includes('outside its configured folder'))).toBe(true);
  });
});

describe('size limits on SKILL.md files', () => {
  const front = (yaml: string) => `---\nname: big\ndescription: Big.\n${yaml}\n---\nBody.\n`;

  it('refuses a frontmatter over the byte limit before parsing it, naming the limit', () => {
    const out = parseSkillMd(front(`padding: "${'a'.repeat(MAX_FRONTMATTER_BYTES)}"`));
    expect(out).toEqual({ ok: false, reason: expect.stringMatching(new RegExp(`the limit is ${MAX_FRONTMATTER_BYTES} bytes \\(MAX_FRONTMATTER_BYTES\\)`)) });
  });

  it('refuses more keys than the limit, counted at every depth', () => {
    const flat = Array.from({ length: MAX_FRONTMATTER_KEYS }, (_, i) => `k${i}: 1`).join('\n');
    expect(parseSkillMd(front(flat))).toMatchObject({ ok: false, reason: expect.stringContaining(`the limit is ${MAX_FRONTMATTER_KEYS} (MAX_FRONTMATTER_KEYS)`) });
    const nested = `metadata:\n${Array.from({ length: MAX_FRONTMATTER_KEYS }, (_, i) => `  k${i}: 1`).join('\n')}`;
    expect(parseSkillMd(front(nested))).toMatchObject({ ok: false, reason: expect.stringContaining('MAX_FRONTMATTER_KEYS') });
    const fine = Array.from({ length: 20 }, (_, i) => `k${i}: 1`).join('\n');
    expect(parseSkillMd(front(fine))).toMatchObject({ ok: true });
  });

  it('refuses deep flow nesting before parsing, and alias bombs while converting', () => {
    const deep = `m: ${'['.repeat(MAX_FRONTMATTER_DEPTH + 1)}${']'.repeat(MAX_FRONTMATTER_DEPTH + 1)}`;
    expect(parseSkillMd(front(deep))).toMatchObject({ ok: false, reason: expect.stringContaining('MAX_FRONTMATTER_DEPTH') });
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]', 'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]'].join('\n');
    expect(parseSkillMd(front(bomb))).toMatchObject({ ok: false, reason: expect.stringContaining('invalid YAML frontmatter') });
  });

  it('skips an over-limit file with a warning naming the file and the limit; the other skills load', () => {
    const user = tempDir();
    write(path.join(user, 'good', 'SKILL.md'), skillMd('good', 'Good.'));
    const huge = write(path.join(user, 'huge', 'SKILL.md'), front(`k: 1\n`) + 'x'.repeat(MAX_SKILL_MD_BYTES));
    const keys = write(path.join(user, 'keys', 'SKILL.md'), front(Array.from({ length: 5_000 }, (_, i) => `k${i}: 1`).join('\n')));
    const logger = recordingLogger();
    const tb = isolatedToolBox({ user_skills_dir: user }, { logger });
    expect(tb.skills.map((s) => s.name)).toEqual(['good']);
    expect(logger.warnings.find((w) => w.includes(huge))).toContain(`the limit is ${MAX_SKILL_MD_BYTES} bytes`);
    expect(logger.warnings.find((w) => w.includes(keys))).toContain('MAX_FRONTMATTER_BYTES');
  });
});
