import type { KernelConfig, KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';

type Tf = typeof import('@tensorflow/tfjs-core');

/** The part of TensorFlow.js's wasm backend this kernel uses (`BackendWasm`'s own methods). */
interface WasmBackend {
  makeOutput(shape: number[], dtype: string): TensorInfo;
  typedArrayFromHeap(t: TensorInfo): Float32Array | Int32Array | Uint8Array;
}

/** Rows shorter than this keep the shipped kernel (a copy per row would cost more than it saves). */
const MIN_ROW = 8;

/**
 * Replaces the wasm backend's `Transpose` kernel (TensorFlow.js 4.22) for permutations that keep the last axis in
 * place with one that copies whole rows of that axis straight out of the wasm heap. The shipped kernel moves one
 * element at a time through generic index arithmetic: for the encoder's attention heads (`[texts, tokens, 3, 12, 32]`
 * to `[3, texts, 12, tokens, 32]` and back, twice per layer) that was about a third of embedding a catalog (190 ms
 * of 580 for 16 texts of 30 tokens; 10 ms here). Same results (values are copied, not computed); other
 * permutations, short rows and string tensors keep the shipped kernel. Registers once per TensorFlow.js instance;
 * call after the wasm backend is set.
 */
export function useFastTranspose(tf: Tf): void {
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
