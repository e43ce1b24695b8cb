import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeWorld, type World } from './fixture.js';

/**
 * The escape corpus: every entry must be refused (or fail harmlessly inside the root), read nothing from
 * outside the root and write nothing outside it. `kind` is the expected outcome for read_file/write_file.
 */
type Kind = 'denied' | 'invalid' | 'error';
let w: World;
let before: Map<string, string | null>;

function corpus(w: World): Array<[string, Kind]> {
  return [
    ['..', 'denied'],
    ['../..', 'denied'],
    ['../outside/secret.txt', 'denied'],
    ['../../etc/passwd', 'denied'],
    ['sub/../../outside/secret.txt', 'denied'],
    ['./../outside/secret.txt', 'denied'],
    ['sub/./../.././outside/secret.txt', 'denied'],
    ['in_dir_link/../../outside/secret.txt', 'denied'],
    [path.join(w.outside, 'secret.txt'), 'denied'],
    ['/etc/passwd', 'denied'],
    ['/', 'denied'],
    [path.join(w.root2, 'secret.txt'), 'denied'],
    [`${w.root}2/secret.txt`, 'denied'],
    ['../root2/secret.txt', 'denied'],
    [`${w.root}/../root2/secret.txt`, 'denied'],
    ['file_out', 'denied'],
    ['dir_out/secret.txt', 'denied'],
    ['dir_out/dir/deep.txt', 'denied'],
    ['dir_out/new.txt', 'denied'],
    ['chain1', 'denied'],
    ['chain2', 'denied'],
    ['sibling_link/secret.txt', 'denied'],
    ['dangling_out', 'denied'],
    ['dangling_chain', 'denied'],
    ['dir_out/../outside/secret.txt', 'error'],
    ['../'.repeat(1300) + 'etc/passwd', 'denied'],
    ['hello.txt\0', 'invalid'],
    ['\0', 'invalid'],
    ['../outside/secret.txt\0.txt', 'invalid'],
    ['a/'.repeat(2100), 'invalid'],
    ['', 'invalid'],
    ['%2e%2e/outside/secret.txt', 'error'],
    ['..%2f..%2foutside%2fsecret.txt', 'error'],
    ['..\\..\\outside\\secret.txt', 'error'],
    ['\uff0e\uff0e/outside/secret.txt', 'error'],
    ['\u2025/outside/secret.txt', 'error'],
    ['~/secret.txt', 'error'],
    ['file:///etc/passwd', 'error'],
    ['hello.txt/../../outside/secret.txt', 'denied'],
    ['hello.txt/x', 'error'],
    ['x'.repeat(300), 'error'],
  ];
}

beforeAll(() => {
  w = makeWorld();
  before = w.snapshot();
});
afterAll(() => w.cleanup());

function expectOutsideUntouched() {
  expect(w.snapshot()).toEqual(before);
  expect(fs.existsSync(path.join(w.outside, 'new.txt'))).toBe(false);
  expect(fs.existsSync(path.join(w.outside, 'dnew.txt'))).toBe(false);
}

describe('read_file escape corpus', () => {
  test.each(corpus(makeWorldPaths()))('read_file %j is refused (%s) and reads nothing outside', async (p, kind) => {
    const r = await w.box().callTool('read_file', { path: resolveTemplate(p) });
    const content = String(r.content);
    expect(content).not.toMatch(/SECRET|root:/);
    expect(r.error).toBe(content);
    if (kind === 'denied') expect(content).toBe(`Access denied: path '${resolveTemplate(p)}' is outside the sandbox root.`);
    if (kind === 'invalid') expect(content).toMatch(/^Invalid path: /);
    if (kind === 'error') expect(content).toMatch(/^Error reading file: /);
    expectOutsideUntouched();
  });
});

describe('write_file escape corpus', () => {
  test.each(corpus(makeWorldPaths()))('write_file %j is refused (%s) and writes nothing outside', async (p, kind) => {
    const rootBefore = fs.readdirSync(w.root).sort();
    const r = await w.box().callTool('write_file', { path: resolveTemplate(p), content: 'PWNED' });
    if (kind === 'error' && r.success) {
      // harmless: a strangely named file INSIDE the root, e.g. '%2e%2e/outside/secret.txt'
      expect(String(r.path).startsWith(w.root + path.sep)).toBe(true);
      fs.rmSync(path.join(w.root, path.relative(w.root, String(r.path)).split(path.sep)[0]!), { recursive: true });
    } else {
      expect(r.success).toBe(false);
      if (kind === 'denied') expect(r.message).toBe(`Access denied: path '${resolveTemplate(p)}' is outside the sandbox root.`);
      if (kind === 'invalid') expect(r.message).toMatch(/^Invalid path: /);
      if (kind === 'error') expect(r.message).toMatch(/^Error writing file: /);
    }
    expect(fs.readdirSync(w.root).sort()).toEqual(rootBefore);
    expectOutsideUntouched();
  });
});

describe('directory tools refuse escaping paths', () => {
  const dirs = () => ['..', '../..', 'dir_out', 'dir_out/dir', 'sibling_link', w.root2, `${w.root}2`, w.outside, '/', '/etc', '../root2', 'file_out'];
  test('list_directory, search_in_files and find_files return nothing for escaping directories', async () => {
    const box = w.box();
    for (const d of dirs()) {
      const l = await box.callTool('list_directory', { path: d });
      expect(l.entries, d).toEqual([]);
      expect(l.error, d).toMatch(/^(Access denied: path '.*' is outside the sandbox root\.|Not a directory)/);
      const s = await box.callTool('search_in_files', { pattern: '.', path: d });
      expect(s, d).toMatchObject({ matches: [], total: 0 });
      const f = await box.callTool('find_files', { glob: '**/*', path: d });
      expect(f, d).toMatchObject({ files: [], total: 0 });
    }
    expectOutsideUntouched();
  });

  const patterns = [
    '../*',
    '../**/*',
    '../../*',
    './../*',
    'sub/../../*',
    'sub//../../outside/*',
    '\\.\\./*',
    '.\\./outside/*',
    '{..,sub}/*',
    '{../outside,sub}/*',
    '@(..)/*',
    '[.][.]/*',
    '/etc/*',
    '/**/*',
    '__OUTSIDE__/*',
    'dir_out/*',
    'dir_out/**',
    'dir_out/dir/*',
    'sibling_link/*',
    'sibling_link/**/*',
    'file_out',
    'chain1',
  ];
  test.each(patterns)('glob pattern %j never yields a path outside the root', async (pat) => {
    const pattern = pat.replace('__OUTSIDE__', w.outside);
    const box = w.box();
    const l = await box.callTool('list_directory', { path: '.', pattern });
    const f = await box.callTool('find_files', { glob: pattern });
    const s = await box.callTool('search_in_files', { pattern: 'SECRET', glob: pattern });
    for (const p of [...(l.entries as string[]), ...(f.files as string[])]) {
      expect(p.startsWith(w.root + path.sep)).toBe(true);
      expect(fs.realpathSync(p).startsWith(w.root + path.sep)).toBe(true);
    }
    expect(s).toMatchObject({ matches: [], total: 0 });
    expectOutsideUntouched();
  });

  test('escaping patterns are refused with an explanation', async () => {
    const box = w.box();
    expect((await box.callTool('find_files', { glob: '../*' })).error).toBe("Invalid glob pattern: the pattern must not contain '..' segments.");
    expect((await box.callTool('find_files', { glob: '/etc/*' })).error).toBe('Invalid glob pattern: absolute patterns are not allowed; give a pattern relative to the directory.');
    expect((await box.callTool('list_directory', { path: '.', pattern: 'dir_out/*' })).error).toBe("Access denied: pattern 'dir_out/*' leads outside the sandbox root.");
    expect((await box.callTool('search_in_files', { pattern: 'x', glob: 'a\0b' })).error).toBe('Invalid glob pattern: the pattern contains a NUL byte.');
    expect((await box.callTool('list_directory', { path: '.', pattern: '' })).error).toBe('Invalid glob pattern: the pattern is empty.');
  });

  test('** does not follow symlinked directories out of the root, and symlinks are not listed', async () => {
    const box = w.box();
    const f = await box.callTool('find_files', { glob: '**/*' });
    expect(f.files).toEqual([path.join(w.root, 'hello.txt'), path.join(w.root, 'sub', 'inner.txt')]);
    const l = await box.callTool('list_directory', { path: '.', pattern: '**' });
    expect(l.entries).toEqual([path.join(w.root, 'hello.txt'), path.join(w.root, 'sub'), path.join(w.root, 'sub', 'inner.txt')]);
    const s = await box.callTool('search_in_files', { pattern: 'SECRET|line' });
    expect((s.matches as Array<{ file: string }>).every((m) => m.file === path.join(w.root, 'sub', 'inner.txt'))).toBe(true);
    expect(s.total).toBe(2);
  });
});

describe('symlinks that stay inside the root', () => {
  test('read_file through an inside symlink reads the target and reports its real path', async () => {
    const r = await w.box().callTool('read_file', { path: 'in_link' });
    expect(r).toMatchObject({ content: 'hello world', path: path.join(w.root, 'hello.txt') });
  });
  test('list_directory through an inside symlinked directory works', async () => {
    const r = await w.box().callTool('list_directory', { path: 'in_dir_link' });
    expect(r).toMatchObject({ entries: [path.join(w.root, 'sub', 'inner.txt')], path: path.join(w.root, 'sub') });
  });
  test('a dangling symlink pointing inside the root is written through to its (inside) target', async () => {
    fs.symlinkSync('made/by/link.txt', path.join(w.root, 'inside_dangling'));
    const r = await w.box().callTool('write_file', { path: 'inside_dangling', content: 'ok' });
    expect(r).toMatchObject({ success: true, path: path.join(w.root, 'made', 'by', 'link.txt') });
    expect(fs.readFileSync(path.join(w.root, 'made', 'by', 'link.txt'), 'utf8')).toBe('ok');
    expect(fs.lstatSync(path.join(w.root, 'inside_dangling')).isSymbolicLink()).toBe(true);
    fs.rmSync(path.join(w.root, 'made'), { recursive: true });
    fs.rmSync(path.join(w.root, 'inside_dangling'));
  });
  test('a symlink loop inside the root is an error, not a hang', async () => {
    fs.symlinkSync('loop_b', path.join(w.root, 'loop_a'));
    fs.symlinkSync('loop_a', path.join(w.root, 'loop_b'));
    const r = await w.box().callTool('read_file', { path: 'loop_a' });
    expect(r.content).toMatch(/^Error reading file: ELOOP/);
    const wr = await w.box().callTool('write_file', { path: 'loop_a', content: 'x' });
    expect(wr.message).toMatch(/^Error writing file: ELOOP/);
    fs.rmSync(path.join(w.root, 'loop_a'));
    fs.rmSync(path.join(w.root, 'loop_b'));
  });
});

// test.each needs the corpus before the world exists: build it from placeholder paths, then substitute.
function makeWorldPaths(): World {
  const ph = (n: string) => `__${n}__`;
  return { base: ph('BASE'), root: ph('ROOT'), root2: ph('ROOT2'), outside: ph('OUTSIDE') } as World;
}
function resolveTemplate(p: string): string {
  return p.replace('__ROOT2__', w.root2).replace('__ROOT__', w.root).replace('__OUTSIDE__', w.outside).replace('__BASE__', w.base);
}
