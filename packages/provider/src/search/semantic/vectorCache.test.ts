import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { defaultVectorCacheDir, MAX_CACHED_VECTORS, readVectorCache, vectorCacheFile, vectorKey, writeVectorCache } from './vectorCache.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ovos-vcache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const unit = (...xs: number[]) => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
};

test('vectors written are read back by key; the folder is XDG_CACHE_HOME/ovos-tools/search-vectors', () => {
  const file = vectorCacheFile(dir, 'model/with:odd chars');
  expect(path.basename(file)).toBe('model_with_odd_chars.vectors');
  const a = vectorKey('m', 'set a timer');
  const b = vectorKey('m', 'weather');
  expect(a).not.toBe(vectorKey('other-model', 'set a timer'));
  writeVectorCache(file, 3, new Map([[a, unit(1, 2, 2)], [b, unit(0, 0, 1)]]));
  const read = readVectorCache(file, 3);
  expect(read.problem).toBeUndefined();
  expect([...read.vectors.keys()]).toEqual([a, b]);
  expect([...read.vectors.get(a)!].map((x) => +x.toFixed(4))).toEqual([0.3333, 0.6667, 0.6667]);
  expect(defaultVectorCacheDir({ XDG_CACHE_HOME: '/x/cache' })).toBe('/x/cache/ovos-tools/search-vectors');
  expect(defaultVectorCacheDir({ XDG_CACHE_HOME: 'relative' })).toMatch(/\.cache\/ovos-tools\/search-vectors$/);
});

test('a missing file is an empty cache; garbage, another dimension or a cut file is ignored whole, with a problem to log', () => {
  const file = vectorCacheFile(dir, 'm');
  expect(readVectorCache(file, 3)).toEqual({ vectors: new Map() });
  writeFileSync(file, 'garbage'.repeat(100));
  expect(readVectorCache(file, 3).vectors.size).toBe(0);
  expect(readVectorCache(file, 3).problem).toMatch(/is not a cache of 3-dimensional vectors; it is ignored and rebuilt/);
  writeVectorCache(file, 3, new Map([[vectorKey('m', 'x'), unit(1, 0, 0)]]));
  expect(readVectorCache(file, 4).problem).toMatch(/not a cache of 4-dimensional/);
  writeFileSync(file, readFileSync(file).subarray(0, 30));
  expect(readVectorCache(file, 3).problem).toMatch(/not a cache/);
});

test('an entry that is not a finite unit vector is dropped (embedded again), the others kept; at most MAX_CACHED_VECTORS are written', () => {
  const file = vectorCacheFile(dir, 'm');
  const good = vectorKey('m', 'good');
  writeVectorCache(file, 2, new Map([[good, unit(1, 1)], [vectorKey('m', 'nan'), Float32Array.of(Number.NaN, 0)], [vectorKey('m', 'long'), Float32Array.of(3, 4)]]));
  const read = readVectorCache(file, 2);
  expect([...read.vectors.keys()]).toEqual([good]);
  expect(read.problem).toMatch(/had 2 damaged vector\(s\)/);
  const many = new Map(Array.from({ length: MAX_CACHED_VECTORS + 3 }, (_, i) => [vectorKey('m', String(i)), unit(1, i)] as const));
  writeVectorCache(file, 2, many);
  const kept = readVectorCache(file, 2).vectors;
  expect(kept.size).toBe(MAX_CACHED_VECTORS);
  expect(kept.has(vectorKey('m', '0'))).toBe(false); // the oldest go first
  expect(kept.has(vectorKey('m', String(MAX_CACHED_VECTORS + 2)))).toBe(true);
});
