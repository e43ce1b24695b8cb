import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorMessage, errorText, isInside, isObject, listInstalledPackages, MAX_TIMER_MS, parseEntryPoints, readEntryPointGroup, timerDelay } from './index.js';

describe('the toolbox kit (@ovos-tools/core/node)', () => {
  it('isInside: the root itself and what lies beneath it, never a sibling that shares a prefix', () => {
    const root = path.resolve('/srv/root');
    expect(isInside(root, root)).toBe(true);
    expect(isInside(root, `${root}${path.sep}`)).toBe(true);
    expect(isInside(root, path.join(root, 'a', 'b.txt'))).toBe(true);
    expect(isInside(root, path.join(root, '..data'))).toBe(true); // a name starting with two dots is still inside
    expect(isInside(root, path.resolve('/srv/root2'))).toBe(false);
    expect(isInside(root, path.resolve('/srv'))).toBe(false);
    expect(isInside(root, path.join(root, '..', 'root2', 'x'))).toBe(false);
    expect(isInside(root, path.resolve('/etc/passwd'))).toBe(false);
  });

  it('timerDelay: what Node can time, undefined for no limit', () => {
    expect(timerDelay(1500)).toBe(1500);
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(MAX_TIMER_MS - 1)).toBe(MAX_TIMER_MS - 1);
    for (const none of [undefined, Number.NaN, Infinity, MAX_TIMER_MS, 1e12]) expect(timerDelay(none)).toBeUndefined();
  });

  it('error texts and the plain-object check', () => {
    expect(errorText(new TypeError('x is not a function'))).toBe('TypeError: x is not a function');
    expect(errorMessage(new TypeError('x is not a function'))).toBe('x is not a function');
    expect(errorText('plain')).toBe('plain');
    expect(errorMessage(42)).toBe('42');
    expect([{}, { a: 1 }, Object.create(null)].every(isObject)).toBe(true);
    expect([null, [], 'x', 1, undefined].some(isObject)).toBe(false);
  });

  it('listInstalledPackages: plain and scoped package folders in name order; hidden entries and nested node_modules never listed', () => {
    const nm = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-nm-'));
    try {
      for (const dir of ['zeta', 'alpha', '@scope/b', '@scope/a', '.bin', '.pnpm/x', 'alpha/node_modules/nested', '@scope/.hidden']) {
        fs.mkdirSync(path.join(nm, dir), { recursive: true });
      }
      fs.writeFileSync(path.join(nm, '.package-lock.json'), '{}');
      expect(listInstalledPackages(nm)).toEqual([
        { installedName: '@scope/a', dir: path.join(nm, '@scope', 'a') },
        { installedName: '@scope/b', dir: path.join(nm, '@scope', 'b') },
        { installedName: 'alpha', dir: path.join(nm, 'alpha') },
        { installedName: 'zeta', dir: path.join(nm, 'zeta') },
      ]);
      expect(listInstalledPackages(path.join(nm, 'missing'))).toEqual([]);
    } finally {
      fs.rmSync(nm, { recursive: true, force: true });
    }
  });

  it('readEntryPointGroup: the shape every entry-point group shares, problems with their JSON path; parseEntryPoints adds module targets', () => {
    const pkg = { entryPoints: { 'opm.agents.skill_md': { ok: './SKILL.md', 'bad name': './x.md', num: 42, empty: '' } } };
    expect(readEntryPointGroup(pkg, 'opm.agents.skill_md', '"./SKILL.md"')).toEqual({
      entries: [{ name: 'ok', value: './SKILL.md' }],
      problems: [
        `entryPoints["opm.agents.skill_md"]["bad name"]: invalid entry-point name; use letters, digits, '.', '_' and '-'`,
        'entryPoints["opm.agents.skill_md"]["num"]: expected a string "./SKILL.md", received number',
        'entryPoints["opm.agents.skill_md"]["empty"]: expected a string "./SKILL.md", received an empty string',
      ],
    });
    expect(readEntryPointGroup({ entryPoints: { g: [] } }, 'g', '"./a"').problems).toEqual(['entryPoints["g"]: expected an object of "<name>": "./a", received array']);
    expect(readEntryPointGroup({ entryPoints: 'x' }, 'g', '"./a"').problems).toEqual(['entryPoints: expected an object, received string']);
    for (const none of [null, 'x', {}, { entryPoints: {} }]) expect(readEntryPointGroup(none, 'g', '"./a"')).toEqual({ entries: [], problems: [] });
    expect(parseEntryPoints({ entryPoints: { 'opm.agents.toolbox': { a: './dist/index.js#A', b: './x.js', c: '../up.js#C' } } })).toEqual({
      declarations: [
        { name: 'a', modulePath: './dist/index.js', exportName: 'A' },
        { name: 'b', modulePath: './x.js', exportName: 'default' },
      ],
      problems: ['entryPoints["opm.agents.toolbox"]["c"]: module path "../up.js" must be relative to the package root and start with "./"'],
    });
  });
});
