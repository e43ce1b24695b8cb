import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { makeWorld, type World } from './fixture.js';

let w: World;
beforeEach(() => {
  w = makeWorld();
  fs.rmSync(path.join(w.root, 'sub'), { recursive: true });
  fs.rmSync(path.join(w.root, 'hello.txt'));
});
afterEach(() => w.cleanup());

const write = (rel: string, data: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(w.root, rel)), { recursive: true });
  fs.writeFileSync(path.join(w.root, rel), data);
};

describe('search_in_files bounds and semantics', () => {
  test('max_matches caps the matches and sets truncated', async () => {
    write('many.txt', 'hit\n'.repeat(50));
    const r = await w.box({ max_matches: 7 }).callTool('search_in_files', { pattern: 'hit' });
    expect(r.total).toBe(7);
    expect((r.matches as unknown[]).length).toBe(7);
    expect(r.truncated).toBe(true);
  });

  test('max_search_files caps the number of files read', async () => {
    for (let i = 0; i < 10; i++) write(`f${i}.txt`, 'needle\n');
    const r = await w.box({ max_search_files: 3 }).callTool('search_in_files', { pattern: 'needle' });
    expect(r).toMatchObject({ total: 3, truncated: true, files_searched: 3 });
    expect((r.matches as Array<{ file: string }>).map((m) => path.basename(m.file))).toEqual(['f0.txt', 'f1.txt', 'f2.txt']);
  });

  test('max_search_bytes stops the search once the byte budget would be exceeded', async () => {
    write('a.txt', `needle${'.'.repeat(94)}`);
    write('b.txt', `needle${'.'.repeat(94)}`);
    write('c.txt', `needle${'.'.repeat(94)}`);
    const r = await w.box({ max_search_bytes: 250 }).callTool('search_in_files', { pattern: 'needle' });
    expect(r).toMatchObject({ total: 2, truncated: true, files_searched: 2 });
  });

  test('files over max_search_file_bytes and binary files are skipped, not searched', async () => {
    write('big.txt', `needle\n${'x'.repeat(200)}`);
    write('bin.dat', Buffer.concat([Buffer.from('needle\n'), Buffer.from([0, 1, 2, 3])]));
    write('ok.txt', 'needle\n');
    const r = await w.box({ max_search_file_bytes: 100 }).callTool('search_in_files', { pattern: 'needle' });
    expect(r).toMatchObject({ total: 1, files_searched: 1, files_skipped: 2, truncated: false });
    expect((r.matches as Array<{ file: string }>)[0]!.file).toBe(path.join(w.root, 'ok.txt'));
  });

  test('long matching lines are cut to max_line_chars', async () => {
    write('wide.txt', `needle${'y'.repeat(100)}\n`);
    const r = await w.box({ max_line_chars: 10 }).callTool('search_in_files', { pattern: 'needle' });
    expect((r.matches as Array<{ line: string }>)[0]!.line).toBe('needleyyyy…');
  });

  test('line numbers are 1-based strings and lines split like Python splitlines', async () => {
    write('lines.txt', 'zero\r\none\rtwo\nthree needle\n');
    const r = await w.box().callTool('search_in_files', { pattern: 'needle' });
    expect(r.matches).toEqual([{ file: path.join(w.root, 'lines.txt'), line_number: '4', line: 'three needle' }]);
  });

  test('the glob selects files; the path narrows the directory', async () => {
    write('a.py', 'needle\n');
    write('a.txt', 'needle\n');
    write('pkg/b.py', 'needle\n');
    const box = w.box();
    const py = await box.callTool('search_in_files', { pattern: 'needle', glob: '**/*.py' });
    expect((py.matches as Array<{ file: string }>).map((m) => path.relative(w.root, m.file))).toEqual(['a.py', 'pkg/b.py']);
    const pkg = await box.callTool('search_in_files', { pattern: 'needle', path: 'pkg' });
    expect((pkg.matches as Array<{ file: string }>).map((m) => path.relative(w.root, m.file))).toEqual(['pkg/b.py']);
  });

  test('Python regex syntax: inline flags and named groups are translated', async () => {
    write('c.txt', 'Hello World\nfoo=foo\n');
    const box = w.box();
    expect((await box.callTool('search_in_files', { pattern: '(?i)hello' })).total).toBe(1);
    expect((await box.callTool('search_in_files', { pattern: '(?P<w>foo)=(?P=w)' })).total).toBe(1);
  });

  test('invalid regexes return empty results with an error, in several shapes', async () => {
    write('c.txt', 'text\n');
    for (const pattern of ['(', '[a-', '*', 'a{2,1}', '(?<', '\\']) {
      const r = await w.box().callTool('search_in_files', { pattern });
      expect(r.matches, pattern).toEqual([]);
      expect(r.total, pattern).toBe(0);
      expect(r.error, pattern).toMatch(/^Invalid regular expression: /);
    }
  });

  test('a search path that is a file gives an explanatory error', async () => {
    write('c.txt', 'text\n');
    const r = await w.box().callTool('search_in_files', { pattern: 'x', path: 'c.txt' });
    expect(r).toMatchObject({ matches: [], total: 0, error: `Not a directory: '${path.join(w.root, 'c.txt')}'.` });
  });
});

describe('list_directory and find_files bounds', () => {
  test('max_entries caps both and sets truncated', async () => {
    for (let i = 0; i < 12; i++) write(`e${String(i).padStart(2, '0')}.txt`, '');
    const box = w.box({ max_entries: 5 });
    const l = await box.callTool('list_directory', { path: '.' });
    expect(l.entries).toEqual([0, 1, 2, 3, 4].map((i) => path.join(w.root, `e0${i}.txt`)));
    expect(l.truncated).toBe(true);
    const f = await box.callTool('find_files', { glob: '*.txt' });
    expect(f).toMatchObject({ total: 5, truncated: true });
  });

  test('max_scan_entries bounds the crawl', async () => {
    for (let d = 0; d < 5; d++) for (let i = 0; i < 10; i++) write(`d${d}/f${i}.txt`, '');
    const r = await w.box({ max_scan_entries: 20 }).callTool('find_files', { glob: '**/*.txt' });
    expect(r.truncated).toBe(true);
    expect(r.total as number).toBeLessThan(20);
    const full = await w.box().callTool('find_files', { glob: '**/*.txt' });
    expect(full).toMatchObject({ total: 50, truncated: false });
  });

  test('list_directory of a missing directory or a file explains why it is empty', async () => {
    write('c.txt', '');
    const box = w.box();
    const missing = await box.callTool('list_directory', { path: 'nope' });
    expect(missing.entries).toEqual([]);
    expect(missing.error).toMatch(/^Error: ENOENT/);
    const file = await box.callTool('list_directory', { path: 'c.txt' });
    expect(file.error).toBe(`Not a directory: '${path.join(w.root, 'c.txt')}'.`);
  });

  test('brace expansion and ** work in patterns', async () => {
    write('a.ts', '');
    write('b.js', '');
    write('c.md', '');
    write('deep/er/x.ts', '');
    const r = await w.box().callTool('find_files', { glob: '**/*.{ts,js}' });
    expect((r.files as string[]).map((f) => path.relative(w.root, f))).toEqual(['a.ts', 'b.js', 'deep/er/x.ts']);
  });
});
