import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { atomicWrite, TEMP_PREFIX } from './atomicWrite.js';
import { openForRead, SandboxRaceError, verifyDescriptor } from './openVerified.js';
import { isInside } from '@ovos-tools/core/node';
import { realResolve } from './realResolve.js';
import { globProblem } from './safeGlob.js';

let base: string;
let root: string;
let outside: string;
beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ovos-fs-race-')));
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(root, 'a.txt'), 'inside');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'SECRET');
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

describe('TOCTOU re-checks (simulated swaps between check and use)', () => {
  test('the last component swapped for a symlink after the check: O_NOFOLLOW refuses to open it', async () => {
    const real = path.join(root, 'a.txt');
    fs.rmSync(real);
    fs.symlinkSync(path.join(outside, 'secret.txt'), real);
    await expect(openForRead(real, [root])).rejects.toMatchObject({ code: 'ELOOP' });
  });

  test('a parent directory swapped for a symlink: the opened descriptor is detected as outside', async () => {
    fs.mkdirSync(path.join(root, 'd'));
    fs.writeFileSync(path.join(root, 'd', 'secret.txt'), 'inside copy');
    const checked = path.join(root, 'd', 'secret.txt');
    fs.renameSync(path.join(root, 'd'), path.join(root, 'd.old'));
    fs.symlinkSync(outside, path.join(root, 'd'));
    await expect(openForRead(checked, [root])).rejects.toBeInstanceOf(SandboxRaceError);
  });

  test('a file renamed after opening: the descriptor no longer matches the checked path', async () => {
    const real = path.join(root, 'a.txt');
    const fh = await fs.promises.open(real, 'r');
    try {
      fs.renameSync(real, path.join(root, 'moved.txt'));
      await expect(verifyDescriptor(fh, real, [root])).rejects.toBeInstanceOf(SandboxRaceError);
    } finally {
      await fh.close();
    }
  });

  test('atomicWrite refuses a parent directory that became a symlink and writes nothing outside', async () => {
    fs.symlinkSync(outside, path.join(root, 'sub'));
    await expect(atomicWrite(path.join(root, 'sub', 'new.txt'), 'PWNED', root, [root])).rejects.toBeInstanceOf(SandboxRaceError);
    expect(fs.readdirSync(outside)).toEqual(['secret.txt']);
  });

  test('atomicWrite replaces a symlink that appeared at the target instead of writing through it', async () => {
    const target = path.join(root, 'b.txt');
    fs.symlinkSync(path.join(outside, 'secret.txt'), target);
    await atomicWrite(target, 'new', root, [root]);
    expect(fs.lstatSync(target).isFile()).toBe(true);
    expect(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('SECRET');
    expect(fs.readdirSync(root).filter((n) => n.startsWith(TEMP_PREFIX))).toEqual([]);
  });
});

describe('path logic', () => {
  test('isInside uses path.relative, not prefixes', () => {
    expect(isInside('/srv/root', '/srv/root')).toBe(true);
    expect(isInside('/srv/root', '/srv/root/a/b')).toBe(true);
    expect(isInside('/srv/root', '/srv/root2/a')).toBe(false);
    expect(isInside('/srv/root', '/srv/root/../x')).toBe(false);
    expect(isInside('/srv/root', '/srv')).toBe(false);
    expect(isInside('/srv/root', '/srv/root/..a')).toBe(true);
    expect(isInside('/', '/anything')).toBe(true);
  });

  test('realResolve follows dangling chains and keeps missing tails', async () => {
    fs.symlinkSync('l2', path.join(root, 'l1'));
    fs.symlinkSync(path.join(outside, 'nope', 'x'), path.join(root, 'l2'));
    expect(await realResolve(path.join(root, 'l1'))).toEqual({ real: path.join(outside, 'nope', 'x'), exists: false });
    expect(await realResolve(path.join(root, 'l1', 'deeper'))).toEqual({ real: path.join(outside, 'nope', 'x', 'deeper'), exists: false });
    expect(await realResolve(path.join(root, 'new', 'file.txt'))).toEqual({ real: path.join(root, 'new', 'file.txt'), exists: false });
    expect(await realResolve(path.join(root, 'a.txt'))).toEqual({ real: path.join(root, 'a.txt'), exists: true });
  });

  test('globProblem refuses escaping and malformed patterns only', () => {
    for (const bad of ['', '../x', 'a/../../x', '..', '\\.\\./x', '{..,a}/x', 'a/{b,..}', '/abs/*', '\\/abs', 'a\0b', 'C:/x', '@(..)/x']) {
      expect(globProblem(bad), bad).not.toBeNull();
    }
    for (const good of ['*', '**/*', '*.py', '**/*.{ts,js}', 'a..b', '...', 'sub/*.txt', '.hidden', '[ab]*']) {
      expect(globProblem(good), good).toBeNull();
    }
  });
});
