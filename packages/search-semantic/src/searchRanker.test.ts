import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SEARCH_RANKER_BRAND, SEARCH_RANKER_CONTRACT_VERSION, type TextEmbedder } from '@ovos-tools/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PieceTokenizer, searchRanker, weightsDir } from './index.js';

// One model load for the file (seconds of CPU): a handful of texts only.
const vocabulary = JSON.parse(readFileSync(path.join(weightsDir(), 'vocab.json'), 'utf8')) as Array<[string, number | null]>;
const pieces = (ids: number[]) => ids.map((id) => vocabulary[id]![0]);

describe('the tokenizer (SentencePiece unigram over the model vocabulary)', () => {
  const tokenizer = new PieceTokenizer(vocabulary);
  test('splits words into the most probable pieces, each word starting with the boundary mark', () => {
    expect(pieces(tokenizer.encode('the timer'))).toEqual(['\u2581the', '\u2581time', 'r']);
    expect(pieces(tokenizer.encode('  the   timer '))).toEqual(['\u2581the', '\u2581time', 'r']);
    expect(tokenizer.encode('')).toEqual([]);
    expect(pieces(tokenizer.encode('reminders')).join('')).toBe('\u2581reminders');
  });
  test('characters no piece covers are the unknown piece, a run of them once', () => {
    const ids = tokenizer.encode('a \u{1F9EA}\u{1F9EA} b');
    expect(ids.filter((id) => id === 0)).toHaveLength(1);
  });
  test('a vocabulary that is not a list of [piece, score] pairs is refused', () => {
    expect(() => new PieceTokenizer({})).toThrow(/expected a list of \[piece, score\] pairs/);
    expect(() => new PieceTokenizer([...vocabulary.slice(0, 6), [3, 1]])).toThrow(/vocabulary\[6\]: expected \[string, number\]/);
  });
});

describe('the ranker', () => {
  let model: TextEmbedder;
  beforeAll(async () => {
    model = await searchRanker.load();
  }, 120_000);
  afterAll(() => model?.dispose?.());

  test('carries the core contract: brand and version, model id, 512 dimensions, English', () => {
    expect(searchRanker[SEARCH_RANKER_BRAND]).toBe(SEARCH_RANKER_CONTRACT_VERSION);
    expect(searchRanker.modelId).toMatch(/^[A-Za-z0-9._@-]+$/);
    expect(searchRanker.dimensions).toBe(512);
    expect(searchRanker.languages).toEqual(['en']);
  });

  test('embeds texts as unit vectors whose cosine follows meaning, not shared words', async () => {
    const [timer, countdown, weather, empty] = await model.embed(['set a timer for ten minutes', 'start a countdown', 'will it rain tomorrow', '']);
    for (const v of [timer!, countdown!, weather!, empty!]) {
      expect(v).toHaveLength(512);
      expect(Math.hypot(...v)).toBeCloseTo(1, 3);
    }
    const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    expect(cos(timer!, countdown!)).toBeGreaterThan(cos(timer!, weather!) + 0.2);
    expect(await model.embed([])).toEqual([]);
  });

  test('texts embedded together (one graph run, padded to the longest) get the vectors each gets alone', async () => {
    const texts = ['play jazz', 'get weather forecast: the current weather and the forecast for a city. arguments: city, units, days', 'x', 'set a timer'];
    const together = await model.embed(texts);
    for (const [i, text] of texts.entries()) {
      const [alone] = await model.embed([text]);
      const worst = alone!.reduce((w, x, k) => Math.max(w, Math.abs(x - together[i]![k]!)), 0);
      expect(worst, text).toBeLessThan(1e-5);
    }
  });

  test("the wasm backend's SplitV (replaced: pieces copied out of the wasm heap) splits as slicing does, on every axis", async () => {
    const tf = createRequire(import.meta.url)('@tensorflow/tfjs-core') as typeof import('@tensorflow/tfjs-core');
    expect(tf.getBackend()).toBe('wasm');
    expect((tf.getKernel('SplitV', 'wasm')?.kernelFunc as { fast?: boolean }).fast).toBe(true);
    const x = tf.randomNormal([3, 5, 7]);
    for (const [axis, sizes] of [[0, [1, 2]], [1, [2, 0, 3]], [2, [4, 3]], [-1, [1, 1, 5]]] as Array<[number, number[]]>) {
      const pieces = tf.split(x, sizes, axis);
      let begin = 0;
      for (const [i, piece] of pieces.entries()) {
        const start = [0, 0, 0];
        const size = [...x.shape];
        start[(axis + 3) % 3] = begin;
        size[(axis + 3) % 3] = sizes[i]!;
        expect(piece.shape).toEqual(size);
        expect(Array.from(await piece.data())).toEqual(Array.from(await tf.slice(x, start, size).data()));
        begin += sizes[i]!;
      }
      tf.dispose(pieces);
    }
    const ints = tf.tensor2d([1, 2, 3, 4, 5, 6], [2, 3], 'int32');
    expect((await Promise.all(tf.split(ints, 3, 1).map((t) => t.data()))).map((d) => Array.from(d))).toEqual([[1, 4], [2, 5], [3, 6]]);
  });

  test('an unknown backend is refused with what to use', async () => {
    await expect(searchRanker.load({ backend: 'webgl' })).rejects.toThrow("backend 'webgl' is not offered: use 'cpu' or 'wasm'");
  });
});
