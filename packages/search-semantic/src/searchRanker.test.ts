import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SEARCH_RANKER_BRAND, SEARCH_RANKER_CONTRACT_VERSION, type TextEmbedder } from '@ovos-tools/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { halfsToFloats, loadMiniLmModel, MAX_TOKENS, openHalfSafetensors, readHalfSafetensors, searchRanker } from './index.js';

const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('float16 safetensors', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), 'safetensors-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A safetensors file of `header` (JSON) and `data`. */
  const file = (name: string, header: unknown, data = Buffer.alloc(0)) => {
    const json = Buffer.from(typeof header === 'string' ? header : JSON.stringify(header));
    const length = Buffer.alloc(8);
    length.writeBigUInt64LE(BigInt(json.length));
    writeFileSync(path.join(dir, name), Buffer.concat([length, json, data]));
    return path.join(dir, name);
  };

  test('reads float16 tensors (at any offset) and widens every kind of half: normal, subnormal, signed, infinite', async () => {
    const data = Buffer.alloc(14);
    [0x3c00, 0xc000, 0x7bff, 0x0001, 0x7c00, 0x8000].forEach((h, i) => data.writeUInt16LE(h, 2 + i * 2));
    // a header of odd length: the data starts at an odd byte of the file
    const header = { __metadata__: { format: 'pt' }, ids: { dtype: 'I64', shape: [0], data_offsets: [0, 0] }, w: { dtype: 'F16', shape: [2, 3], data_offsets: [2, 14] } };
    const json = JSON.stringify(header);
    const tensors = await readHalfSafetensors(file('ok', json.length % 2 ? json : `${json} `, data));
    expect([...tensors.keys()]).toEqual(['w']);
    expect(tensors.get('w')!.shape).toEqual([2, 3]);
    expect(Array.from(halfsToFloats(tensors.get('w')!.halfs))).toEqual([1, -2, 65504, 2 ** -24, Infinity, -0]);
  });

  test('an open file reads one tensor at a time, into a given array or a new one, and says what it cannot read', async () => {
    const data = Buffer.alloc(12);
    [0x3c00, 0x4000, 0x4200, 0x4400, 0x4500, 0x4600].forEach((h, i) => data.writeUInt16LE(h, i * 2));
    const opened = await openHalfSafetensors(file('open', { a: { dtype: 'F16', shape: [2], data_offsets: [0, 4] }, b: { dtype: 'F16', shape: [2, 2], data_offsets: [4, 12] } }, data));
    try {
      expect([...opened.shapes]).toEqual([['a', [2]], ['b', [2, 2]]]);
      const scratch = new Uint16Array(8).fill(7);
      const b = opened.read('b', scratch);
      expect(b.buffer).toBe(scratch.buffer);
      expect(Array.from(halfsToFloats(b))).toEqual([3, 4, 5, 6]);
      expect(Array.from(scratch.subarray(4))).toEqual([7, 7, 7, 7]);
      expect(Array.from(halfsToFloats(opened.read('a')))).toEqual([1, 2]);
      expect(() => opened.read('c')).toThrow(/open: no float16 tensor c/);
      expect(() => opened.read('b', new Uint16Array(3))).toThrow(/b has 4 values, more than the 3 it was to be read into/);
    } finally {
      await opened.close();
    }
    await opened.close();
    expect(() => opened.read('a')).toThrow(/open is closed/);
    // cut short after it was opened
    const cut = await openHalfSafetensors(file('cut', { a: { dtype: 'F16', shape: [2], data_offsets: [0, 4] } }, Buffer.alloc(4)));
    try {
      truncateSync(path.join(dir, 'cut'), 10);
      expect(() => cut.read('a')).toThrow(/cut is not a float16 safetensors file: a: the file ends before its bytes do/);
    } finally {
      await cut.close();
    }
  });

  test('refuses a file that is not one, naming the file and the fault', async () => {
    await expect(readHalfSafetensors(path.join(dir, 'absent'))).rejects.toThrow(/ENOENT/);
    writeFileSync(path.join(dir, 'tiny'), Buffer.from([1, 2]));
    await expect(readHalfSafetensors(path.join(dir, 'tiny'))).rejects.toThrow(/tiny is not a float16 safetensors file: shorter than its 8-byte header length/);
    await expect(readHalfSafetensors(file('notjson', '{"w":'))).rejects.toThrow(/notjson is not a float16 safetensors file: its header is not JSON/);
    await expect(readHalfSafetensors(file('list', []))).rejects.toThrow(/its header is not a JSON object/);
    await expect(readHalfSafetensors(file('outside', { w: { dtype: 'F16', shape: [4], data_offsets: [0, 8] } }, Buffer.alloc(4)))).rejects.toThrow(/w: bytes 0–8 for 4 float16 values in a file of/);
    await expect(readHalfSafetensors(file('count', { w: { dtype: 'F16', shape: [3], data_offsets: [0, 4] } }, Buffer.alloc(4)))).rejects.toThrow(/w: bytes 0–4 for 3 float16 values/);
    await expect(readHalfSafetensors(file('odd', { w: { dtype: 'F16', shape: [1], data_offsets: [1, 3] } }, Buffer.alloc(4)))).rejects.toThrow(/w: bytes 1–3 for 1 float16 values/);
    await expect(readHalfSafetensors(file('shape', { w: { dtype: 'F16', shape: [-1], data_offsets: [0, 2] } }, Buffer.alloc(2)))).rejects.toThrow(/w: a shape of \[-1\]/);
    const huge = Buffer.alloc(8);
    huge.writeBigUInt64LE(1n << 40n);
    writeFileSync(path.join(dir, 'huge'), huge);
    await expect(readHalfSafetensors(path.join(dir, 'huge'))).rejects.toThrow(/a header length of 1099511627776 bytes/);
  });

  test('a model folder with a missing weight is refused, naming the weight', async () => {
    const folder = mkdtempSync(path.join(dir, 'model-'));
    const { modelDir } = await import('./miniLmModel.js');
    for (const f of ['tokenizer.json', 'config.json']) writeFileSync(path.join(folder, f), readFileSync(path.join(modelDir(), f)));
    file(path.relative(dir, path.join(folder, 'model.fp16.safetensors')), { 'embeddings.word_embeddings.weight': { dtype: 'F16', shape: [2, 384], data_offsets: [0, 1536] } }, Buffer.alloc(1536));
    await expect(loadMiniLmModel('wasm', folder)).rejects.toThrow(/the weight encoder\.layer\.0\.intermediate\.dense\.weight is missing/);
  });

  test('a config.json whose sizes the weights do not have is refused before anything of its size is allocated', async () => {
    const folder = mkdtempSync(path.join(dir, 'model-'));
    const { modelDir } = await import('./miniLmModel.js');
    const config = JSON.parse(readFileSync(path.join(modelDir(), 'config.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(folder, 'tokenizer.json'), readFileSync(path.join(modelDir(), 'tokenizer.json')));
    writeFileSync(path.join(folder, 'config.json'), JSON.stringify({ ...config, intermediate_size: 4e9 }));
    const header = {
      'embeddings.word_embeddings.weight': { dtype: 'F16', shape: [2, 384], data_offsets: [0, 1536] },
      'encoder.layer.0.intermediate.dense.weight': { dtype: 'F16', shape: [1536, 384], data_offsets: [1536, 1536 + 1536 * 384 * 2] },
    };
    file(path.relative(dir, path.join(folder, 'model.fp16.safetensors')), header, Buffer.alloc(1536 + 1536 * 384 * 2));
    await expect(loadMiniLmModel('wasm', folder)).rejects.toThrow(/the weight encoder\.layer\.0\.intermediate\.dense\.weight is \[1536, 384\], expected \[4000000000, 384\]/);
  });
});

describe('the ranker', () => {
  let model: TextEmbedder;
  beforeAll(async () => {
    model = await searchRanker.load();
  }, 120_000);
  afterAll(() => model?.dispose?.());

  test('carries the core contract: brand and version, model id, 384 dimensions, English', () => {
    expect(searchRanker[SEARCH_RANKER_BRAND]).toBe(SEARCH_RANKER_CONTRACT_VERSION);
    expect(searchRanker.modelId).toMatch(/^[A-Za-z0-9._@-]+$/);
    expect(searchRanker.dimensions).toBe(384);
    expect(searchRanker.languages).toEqual(['en']);
  });

  test("reproduces the similarities all-MiniLM-L6-v2's model card publishes (sentence-transformers, Hugging Face)", async () => {
    // https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0): 0.6660, 0.1046, 0.1411
    const [lovely, sunny, stadium] = await model.embed(['The weather is lovely today.', "It's so sunny outside!", 'He drove to the stadium.']);
    expect(cos(lovely!, sunny!)).toBeCloseTo(0.666, 2);
    expect(cos(lovely!, stadium!)).toBeCloseTo(0.1046, 2);
    expect(cos(sunny!, stadium!)).toBeCloseTo(0.1411, 2);
  });

  test('embeds texts as unit vectors whose cosine follows meaning, not shared words', async () => {
    const [keys, note, weather, empty] = await model.embed(['remember that my keys are in the drawer', 'save a note', 'get the weather forecast', '']);
    for (const v of [keys!, note!, weather!, empty!]) {
      expect(v).toHaveLength(384);
      expect(Math.hypot(...v)).toBeCloseTo(1, 3);
    }
    expect(cos(keys!, note!)).toBeGreaterThan(cos(keys!, weather!) + 0.2);
    expect(await model.embed([])).toEqual([]);
  });

  test('texts embedded together (in passes padded to their longest) get the vectors each gets alone; long texts are cut', async () => {
    const long = 'tell me the weather for the whole week in every city of the country please '.repeat(20);
    // more pieces than one pass takes (512, padding included): run in parts, the vectors still in the texts' order
    const texts = ['play jazz', 'get weather forecast: the current weather and the forecast for a city. arguments: city, units, days', 'x', long, `open ${long}`, 'set a timer', `close ${long}`, 'y'];
    const together = await model.embed(texts);
    for (const [i, text] of texts.entries()) {
      const [alone] = await model.embed([text]);
      const worst = alone!.reduce((w, x, k) => Math.max(w, Math.abs(x - together[i]![k]!)), 0);
      expect(worst, text).toBeLessThan(1e-5);
    }
    // the words after the first MAX_TOKENS pieces change nothing
    const [cut] = await model.embed([`${long} and also book a table for two at an italian restaurant`]);
    expect(cos(cut!, together[3]!)).toBeGreaterThan(0.9999);
    expect(MAX_TOKENS).toBe(128);
  });

  test("the wasm backend's Transpose (replaced for permutations that keep the last axis) transposes as the shipped kernel does", async () => {
    const tf = createRequire(import.meta.url)('@tensorflow/tfjs-core') as typeof import('@tensorflow/tfjs-core');
    expect(tf.getBackend()).toBe('wasm');
    expect((tf.getKernel('Transpose', 'wasm')?.kernelFunc as { fast?: boolean }).fast).toBe(true);
    const x = tf.randomNormal([2, 3, 4, 5, 8]);
    for (const perm of [[2, 0, 3, 1, 4], [0, 2, 1, 3, 4], [4, 3, 2, 1, 0], [1, 0, 2, 3, 4], [0, 1, 2, 4, 3]]) {
      const fast = Array.from(await tf.transpose(x, perm).data());
      // the reference: the same permutation computed by index arithmetic here
      const data = await x.data();
      const shape = perm.map((p) => x.shape[p]!);
      const strides = x.shape.map((_, i) => x.shape.slice(i + 1).reduce((a, b) => a * b, 1));
      const expected: number[] = [];
      const walk = (axis: number, offset: number) => {
        if (axis === shape.length) return void expected.push(data[offset]!);
        for (let i = 0; i < shape[axis]!; i++) walk(axis + 1, offset + i * strides[perm[axis]!]!);
      };
      walk(0, 0);
      expect(fast, perm.join()).toEqual(expected);
    }
    const ints = tf.tensor3d([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], [2, 1, 8], 'int32');
    expect(Array.from(await tf.transpose(ints, [1, 0, 2]).data())).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  test("the wasm backend's GELU and LayerNorm kernels compute what TensorFlow.js's own operations compute", async () => {
    const tf = createRequire(import.meta.url)('@tensorflow/tfjs-core') as typeof import('@tensorflow/tfjs-core');
    expect(tf.getBackend()).toBe('wasm');
    const { erf, gelu, layerNorm } = await import('./wasmKernels.js');
    // erf against its power series, 2/√π Σ (−1)ⁿ x²ⁿ⁺¹ / (n! (2n + 1))
    const series = (x: number) => {
      let sum = 0;
      let term = x;
      for (let n = 0; n < 200 && Math.abs(term) > 1e-17; n++, term *= (-x * x) / n) sum += term / (2 * n + 1);
      return (2 / Math.sqrt(Math.PI)) * sum;
    };
    for (let x = -3; x <= 3; x += 0.01) expect(Math.abs(erf(x) - series(x)), String(x)).toBeLessThan(1e-7);
    expect(erf(9)).toBeCloseTo(1, 6);
    expect(erf(-9)).toBeCloseTo(-1, 6);
    const x = tf.mul(tf.randomNormal([7, 384]), 3);
    const gain = tf.randomNormal([384]);
    const shift = tf.randomNormal([384]);
    const worst = async (a: import('@tensorflow/tfjs-core').Tensor, b: import('@tensorflow/tfjs-core').Tensor) => {
      const [u, v] = [await a.data(), await b.data()];
      expect(u.length).toBe(v.length);
      return u.reduce((w, value, i) => Math.max(w, Math.abs(value - v[i]!)), 0);
    };
    const shippedGelu = tf.mul(tf.mul(x, 0.5), tf.add(1, tf.erf(tf.mul(x, Math.SQRT1_2))));
    expect(await worst(gelu(tf, x), shippedGelu)).toBeLessThan(1e-5);
    const centred = tf.sub(x, tf.mean(x, -1, true));
    const shippedNorm = tf.add(tf.mul(tf.mul(centred, tf.rsqrt(tf.add(tf.mean(tf.square(centred), -1, true), 1e-12))), gain), shift);
    expect(await worst(layerNorm(tf, x, [gain, shift], 1e-12), shippedNorm)).toBeLessThan(1e-4);
    expect(() => gelu(tf, tf.tensor1d([1, 2], 'int32'))).toThrow('OvosToolsGelu takes float32 tensors, not int32');
  });

  test('an unknown backend is refused with what to use', async () => {
    await expect(searchRanker.load({ backend: 'webgl' })).rejects.toThrow("backend 'webgl' is not offered: use 'cpu' or 'wasm'");
  });
});
