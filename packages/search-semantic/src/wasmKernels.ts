// The encoder's kernels on TensorFlow.js's wasm backend (4.22) that run faster in JavaScript on the wasm heap (where
// the backend keeps every tensor) than as the shipped kernels: a transpose that copies whole rows, and GELU and
// LayerNorm each in one pass where the shipped operations take five and eight.
import type { KernelConfig, KernelFunc, Tensor, TensorInfo } from '@tensorflow/tfjs-core';

type Tf = typeof import('@tensorflow/tfjs-core');

/** The part of TensorFlow.js's wasm backend these kernels use (`BackendWasm`'s own methods). */
interface WasmBackend {
  makeOutput(shape: number[], dtype: string): TensorInfo;
  typedArrayFromHeap(t: TensorInfo): Float32Array | Int32Array | Uint8Array;
}

/** Rows shorter than this keep the shipped kernel (a copy per row would cost more than it saves). */
const MIN_ROW = 8;

/**
 * Puts this file's kernels on the wasm backend, once per TensorFlow.js instance (a second call changes nothing): the
 * faster `Transpose`, and the kernels {@link gelu} and {@link layerNorm} run there. Call after the wasm backend is set.
 */
export function useWasmKernels(tf: Tf): void {
  useFastTranspose(tf);
  registerFloatKernel(tf, GELU_KERNEL, geluInto);
  registerFloatKernel(tf, LAYER_NORM_KERNEL, layerNormInto);
}

/**
 * Replaces the wasm backend's `Transpose` kernel (TensorFlow.js 4.22) for permutations that keep the last axis in
 * place with one that copies whole rows of that axis straight out of the wasm heap. The shipped kernel moves one
 * element at a time through generic index arithmetic: for the encoder's attention heads (`[texts, pieces, 12, 32]`
 * to `[texts, 12, pieces, 32]` for the queries, keys and values, and back for the context: four per layer) that was
 * about a third of embedding a catalog (190 ms of 580 for 16 texts of 30 pieces; 10 ms here). Same results (values are copied, not computed); other
 * permutations, short rows and string tensors keep the shipped kernel. Registers once per TensorFlow.js instance;
 * call after the wasm backend is set.
 */
function useFastTranspose(tf: Tf): void {
  const shipped = tf.getKernel('Transpose', 'wasm');
  if (!shipped || (shipped.kernelFunc as { fast?: true }).fast) return;
  const fast: KernelFunc & { fast?: true } = (args) => {
    const x = (args.inputs as { x: TensorInfo }).x;
    const perm = (args.attrs as { perm: number[] }).perm;
    const last = x.shape.length - 1;
    if (x.dtype === 'string' || last < 1 || perm[last] !== last || x.shape[last]! < MIN_ROW) return shipped.kernelFunc(args);
    return transposeRows(x, perm, args.backend as unknown as WasmBackend);
  };
  fast.fast = true;
  tf.unregisterKernel('Transpose', 'wasm');
  tf.registerKernel({ ...shipped, kernelFunc: fast } as KernelConfig);
}

function transposeRows(x: TensorInfo, perm: number[], backend: WasmBackend): TensorInfo {
  const rank = x.shape.length;
  const row = x.shape[rank - 1]!;
  const strides = new Array<number>(rank).fill(1);
  for (let i = rank - 2; i >= 0; i--) strides[i] = strides[i + 1]! * x.shape[i + 1]!;
  const outShape = perm.map((p) => x.shape[p]!);
  const step = perm.map((p) => strides[p]!);
  const out = backend.makeOutput(outShape, x.dtype);
  // views taken after the output exists: allocating it may grow the wasm memory, which detaches older views
  const from = backend.typedArrayFromHeap(x);
  const to = backend.typedArrayFromHeap(out);
  const coord = new Array<number>(rank - 1).fill(0);
  let source = 0;
  for (let at = 0; at < to.length; at += row) {
    to.set(from.subarray(source, source + row), at);
    // the next output row: an odometer over the output's leading axes, moving `source` by each axis' input stride
    for (let d = rank - 2; d >= 0; d--) {
      coord[d]!++;
      source += step[d]!;
      if (coord[d]! < outShape[d]!) break;
      source -= step[d]! * coord[d]!;
      coord[d] = 0;
    }
  }
  return out;
}

/** The names {@link useWasmKernels} registers the GELU and LayerNorm kernels under (on the wasm backend only). */
const GELU_KERNEL = 'OvosToolsGelu';
const LAYER_NORM_KERNEL = 'OvosToolsLayerNorm';

// erf(x) for |x| ≤ 4 as x·P(x²)/Q(x²), the rational form XLA and Eigen use for float32 erf (beyond 4, erf is ±1 in
// float32). Checked against erf's power series on [−3, 3] by a test: within 1e-7.
const [P1, P3, P5, P7, P9, P11, P13] = [-1.60960333262415e-2, -2.95459980854025e-3, -7.34990630326855e-4, -5.69250639462346e-5, -2.10102402082508e-6, 2.77068142495902e-8, -2.72614225801306e-10];
const [Q0, Q2, Q4, Q6, Q8] = [-1.42647390514189e-2, -7.37332916720468e-3, -1.68282697438203e-3, -2.13374055278905e-4, -1.45660718464996e-5];

/** erf(x) to float32 precision (the rational form above). */
export function erf(value: number): number {
  const x = value > 4 ? 4 : value < -4 ? -4 : value;
  const x2 = x * x;
  const p = x * (P1 + x2 * (P3 + x2 * (P5 + x2 * (P7 + x2 * (P9 + x2 * (P11 + x2 * P13))))));
  return p / (Q0 + x2 * (Q2 + x2 * (Q4 + x2 * (Q6 + x2 * Q8))));
}

/**
 * BERT's GELU, the exact form `x · ½(1 + erf(x/√2))`, element by element (float32): on the wasm backend the kernel
 * {@link useWasmKernels} registered, one pass over the heap (the shipped operations: five passes, one a slow `Erf`);
 * elsewhere those operations.
 */
export function gelu(tf: Tf, x: Tensor): Tensor {
  if (tf.getBackend() !== 'wasm') return tf.mul(tf.mul(x, 0.5), tf.add(1, tf.erf(tf.mul(x, Math.SQRT1_2))));
  return tf.engine().runKernel(GELU_KERNEL, { x }, {}) as Tensor;
}

/**
 * LayerNorm over the last axis, `(x − mean) / √(variance + ε) × gain + shift` (`gain` and `shift` as long as that axis;
 * float32): on the wasm backend the kernel {@link useWasmKernels} registered, one pass over each row; elsewhere
 * TensorFlow.js's operations (eight).
 */
export function layerNorm(tf: Tf, x: Tensor, [gain, shift]: readonly [Tensor, Tensor], epsilon: number): Tensor {
  if (tf.getBackend() !== 'wasm') {
    const centred = tf.sub(x, tf.mean(x, -1, true));
    return tf.add(tf.mul(tf.mul(centred, tf.rsqrt(tf.add(tf.mean(tf.square(centred), -1, true), epsilon))), gain), shift);
  }
  return tf.engine().runKernel(LAYER_NORM_KERNEL, { x, gain, shift }, { epsilon }) as Tensor;
}

function geluInto([from]: Float32Array[], to: Float32Array): void {
  for (let i = 0; i < to.length; i++) to[i] = 0.5 * from![i]! * (1 + erf(from![i]! * Math.SQRT1_2));
}

function layerNormInto([from, gain, shift]: Float32Array[], to: Float32Array, epsilon: number): void {
  const width = gain!.length;
  for (let row = 0; row < to.length; row += width) {
    let sum = 0;
    for (let i = row; i < row + width; i++) sum += from![i]!;
    const mean = sum / width;
    let squares = 0;
    for (let i = row; i < row + width; i++) squares += (from![i]! - mean) ** 2;
    const scale = 1 / Math.sqrt(squares / width + epsilon);
    for (let i = 0; i < width; i++) to[row + i] = (from![row + i]! - mean) * scale * gain![i]! + shift![i]!;
  }
}

/**
 * Registers a float32 kernel on the wasm backend unless one of that name is there: `compute(inputs, output,
 * epsilon)` over views of the heap, the output shaped as the first input. A tensor of another type is refused (an
 * error naming the kernel and the type).
 */
function registerFloatKernel(tf: Tf, kernelName: string, compute: (inputs: Float32Array[], out: Float32Array, epsilon: number) => void): void {
  if (tf.getKernel(kernelName, 'wasm')) return;
  tf.registerKernel({
    kernelName,
    backendName: 'wasm',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const wasm = backend as unknown as WasmBackend;
      const given = Object.values(inputs as Record<string, TensorInfo>);
      for (const t of given) if (t.dtype !== 'float32') throw new Error(`${kernelName} takes float32 tensors, not ${t.dtype}`);
      const out = wasm.makeOutput(given[0]!.shape, 'float32');
      // views taken after the output exists: allocating it may grow the heap, which detaches older views
      compute(given.map((t) => wasm.typedArrayFromHeap(t) as Float32Array), wasm.typedArrayFromHeap(out) as Float32Array, Number((attrs as { epsilon?: number }).epsilon ?? 0));
      return out;
    },
  });
}
