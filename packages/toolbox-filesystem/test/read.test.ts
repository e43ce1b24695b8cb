import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { makeWorld, type World } from './fixture.js';

let w: World;
beforeEach(() => {
  w = makeWorld();
});
afterEach(() => w.cleanup());

describe('read_file bounds', () => {
  test('a file over max_read_bytes is cut, says so, and can be continued with offset', async () => {
    const text = '0123456789'.repeat(10);
    fs.writeFileSync(path.join(w.root, 'long.txt'), text);
    const box = w.box({ max_read_bytes: 30 });
    const first = await box.callTool('read_file', { path: 'long.txt' });
    expect(first).toMatchObject({ truncated: true, total_bytes: 100, next_offset: 30 });
    expect(first.content).toBe(`${text.slice(0, 30)}\n[truncated: showed bytes 0-30 of 100; call read_file again with offset=30 to continue]`);
    let got = text.slice(0, 30);
    let offset = 30;
    for (;;) {
      const r = await box.callTool('read_file', { path: 'long.txt', offset });
      if (!r.truncated) {
        got += r.content;
        break;
      }
      got += String(r.content).split('\n[truncated:')[0];
      offset = r.next_offset as number;
    }
    expect(got).toBe(text);
  });

  test('limit below the cap is honoured; a larger limit is capped', async () => {
    fs.writeFileSync(path.join(w.root, 'long.txt'), 'x'.repeat(100));
    const box = w.box({ max_read_bytes: 50 });
    expect((await box.callTool('read_file', { path: 'long.txt', limit: 10 })).next_offset).toBe(10);
    expect((await box.callTool('read_file', { path: 'long.txt', limit: 1000 })).next_offset).toBe(50);
  });

  test('the window never splits a UTF-8 character', async () => {
    fs.writeFileSync(path.join(w.root, 'u.txt'), 'ééééé');
    const box = w.box();
    const r = await box.callTool('read_file', { path: 'u.txt', limit: 3 });
    expect(String(r.content).startsWith('é\n[truncated')).toBe(true);
    expect(r.next_offset).toBe(2);
    const mid = await box.callTool('read_file', { path: 'u.txt', offset: 1, limit: 4 });
    expect(String(mid.content).startsWith('é\n[truncated: showed bytes 2-4')).toBe(true);
  });

  test('an offset past the end returns empty content', async () => {
    const r = await w.box().callTool('read_file', { path: 'hello.txt', offset: 1000 });
    expect(r).toMatchObject({ content: '', truncated: false, total_bytes: 11 });
  });

  test('binary files are reported, not dumped', async () => {
    fs.writeFileSync(path.join(w.root, 'img.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02, 0xff]));
    const r = await w.box().callTool('read_file', { path: 'img.bin' });
    expect(r).toEqual({ content: 'Binary file (8 bytes) not shown.', path: path.join(w.root, 'img.bin'), binary: true, truncated: false, total_bytes: 8 });
    fs.writeFileSync(path.join(w.root, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x61]));
    expect((await w.box().callTool('read_file', { path: 'latin1.txt' })).binary).toBe(true);
  });

  test('an empty file reads as empty text', async () => {
    fs.writeFileSync(path.join(w.root, 'empty.txt'), '');
    expect(await w.box().callTool('read_file', { path: 'empty.txt' })).toMatchObject({ content: '', truncated: false, total_bytes: 0 });
  });

  test('a directory and a FIFO give errors without hanging', async () => {
    const d = await w.box().callTool('read_file', { path: 'sub' });
    expect(d.content).toMatch(/^Error reading file: EISDIR/);
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [path.join(w.root, 'fifo')]);
    const f = await w.box().callTool('read_file', { path: 'fifo' });
    expect(f.content).toMatch(/^Error reading file: not a regular file/);
  });
});
