import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { makeWorld, type World } from './fixture.js';

let w: World;
beforeEach(() => {
  w = makeWorld();
});
afterEach(() => w.cleanup());

const leftovers = (dir: string) => fs.readdirSync(dir).filter((n) => n.startsWith('.ovos-fs-'));

describe('atomic writes', () => {
  test('replacing a file swaps in a new inode (rename), keeps the mode and leaves no temp file', async () => {
    const target = path.join(w.root, 'hello.txt');
    fs.chmodSync(target, 0o640);
    const inoBefore = fs.statSync(target).ino;
    const r = await w.box().callTool('write_file', { path: 'hello.txt', content: 'new content' });
    expect(r.success).toBe(true);
    expect(fs.readFileSync(target, 'utf8')).toBe('new content');
    expect(fs.statSync(target).ino).not.toBe(inoBefore);
    expect(fs.statSync(target).mode & 0o777).toBe(0o640);
    expect(leftovers(w.root)).toEqual([]);
  });

  test('concurrent readers only ever see a complete old or new file', async () => {
    const size = 512 * 1024;
    const a = 'a'.repeat(size);
    const b = 'b'.repeat(size);
    const target = path.join(w.root, 'big.txt');
    fs.writeFileSync(target, a);
    const box = w.box();
    let writing = true;
    const seen = new Set<string>();
    const reader = (async () => {
      while (writing) {
        const text = await fs.promises.readFile(target, 'utf8');
        expect(text.length).toBe(size);
        expect(text === a || text === b).toBe(true);
        seen.add(text[0]!);
        await new Promise((r) => setImmediate(r));
      }
    })();
    for (let i = 0; i < 20; i++) {
      const r = await box.callTool('write_file', { path: 'big.txt', content: i % 2 ? a : b });
      expect(r.success).toBe(true);
    }
    writing = false;
    await reader;
    expect(seen.size).toBeGreaterThan(0);
    expect(leftovers(w.root)).toEqual([]);
  });

  test('a failed write (target is a directory) leaves the old state and no temp file', async () => {
    const r = await w.box().callTool('write_file', { path: 'sub', content: 'x' });
    expect(r.success).toBe(false);
    expect(r.message).toMatch(/^Error writing file: EISDIR/);
    expect(fs.statSync(path.join(w.root, 'sub')).isDirectory()).toBe(true);
    expect(leftovers(w.root)).toEqual([]);
  });

  test('writing the root itself is refused', async () => {
    const r = await w.box().callTool('write_file', { path: '.', content: 'x' });
    expect(r).toMatchObject({ success: false });
    expect(r.message).toMatch(/^Error writing file: EISDIR/);
  });

  test('a write through a file as a directory fails cleanly (ENOTDIR)', async () => {
    const r = await w.box().callTool('write_file', { path: 'hello.txt/child.txt', content: 'x' });
    expect(r.success).toBe(false);
    expect(r.message).toMatch(/^Error writing file: ENOTDIR/);
    expect(fs.readFileSync(path.join(w.root, 'hello.txt'), 'utf8')).toBe('hello world');
  });

  test('deep parent directories are created inside the root', async () => {
    const r = await w.box().callTool('write_file', { path: 'a/b/c/d.txt', content: 'deep' });
    expect(r).toMatchObject({ success: true, path: path.join(w.root, 'a', 'b', 'c', 'd.txt') });
    expect(fs.readFileSync(path.join(w.root, 'a/b/c/d.txt'), 'utf8')).toBe('deep');
  });

  test('UTF-8 content is written byte-exact and bytes_written counts bytes', async () => {
    const text = 'héllo wörld ✓ 𝄞\n';
    const r = await w.box().callTool('write_file', { path: 'utf8.txt', content: text });
    expect(r.bytes_written).toBe(Buffer.byteLength(text));
    expect(fs.readFileSync(path.join(w.root, 'utf8.txt'), 'utf8')).toBe(text);
  });

  test('writing an inside symlink replaces the real target file, not the link', async () => {
    const r = await w.box().callTool('write_file', { path: 'in_link', content: 'via link' });
    expect(r).toMatchObject({ success: true, path: path.join(w.root, 'hello.txt') });
    expect(fs.lstatSync(path.join(w.root, 'in_link')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(w.root, 'hello.txt'), 'utf8')).toBe('via link');
  });

  test('allow_write=false writes nothing, even for paths that would be valid', async () => {
    const box = w.box({ allow_write: 'false' });
    const r = await box.callTool('write_file', { path: 'hello.txt', content: 'x' });
    expect(r).toEqual({
      success: false,
      path: 'hello.txt',
      message: 'Write access is disabled (allow_write=False).',
      error: 'Write access is disabled (allow_write=False).',
    });
    expect(fs.readFileSync(path.join(w.root, 'hello.txt'), 'utf8')).toBe('hello world');
  });
});
