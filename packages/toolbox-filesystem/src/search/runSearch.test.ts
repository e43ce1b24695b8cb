import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { runSearch } from './runSearch.js';

let base: string;
let root: string;
let outside: string;
beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ovos-fs-runsearch-')));
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(root, 'a.txt'), 'inside SECRET-ish\n');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'OUTSIDE SECRET\n');
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const limits = { maxSearchFiles: 100, maxSearchBytes: 1 << 20, maxSearchFileBytes: 1 << 20, maxMatches: 100, maxLineChars: 100 };

test('the worker side re-verifies every candidate: a file swapped for a symlink after the check is skipped, not read', async () => {
  const swapped = path.join(root, 'b.txt');
  fs.symlinkSync(path.join(outside, 'secret.txt'), swapped);
  const r = await runSearch({ files: [path.join(root, 'a.txt'), swapped, path.join(outside, 'secret.txt')], realRoots: [root], source: 'SECRET', flags: '', ...limits });
  expect(r.matches).toEqual([{ file: path.join(root, 'a.txt'), line_number: '1', line: 'inside SECRET-ish' }]);
  expect(r).toMatchObject({ searched: 1, skipped: 2, truncated: false });
});

test('flags are applied as given', async () => {
  const r = await runSearch({ files: [path.join(root, 'a.txt')], realRoots: [root], source: 'secret', flags: 'i', ...limits });
  expect(r.matches).toHaveLength(1);
});
