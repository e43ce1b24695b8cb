import type { KernelConfig, KernelFunc, NamedAttrMap, TensorInfo } from '@tensorflow/tfjs-core';

type Tf = typeof import('@tensorflow/tfjs-core');

/** The part of TensorFlow.js's wasm backend this kernel uses (`BackendWasm`'s own methods). */
interface WasmBackend {
  makeOutput(shape: number[], dtype: string): TensorInfo;
  typedArrayFromHeap(t: TensorInfo): Float32Array | Int32Array | Uint8Array;
}

/**
 * Replaces the wasm backend's `SplitV` kernel (TensorFlow.js 4.22) with one that copies each piece straight out of
 * the wasm heap. The shipped kernel slices each piece through `readSync`, which copies the whole input into a new
 * JavaScript buffer per piece: for the model's attention (a `[texts, tokens, 1536]` tensor split in three) that is
 * 37 ms of CPU per split for 16 tool texts against 1 ms here, about a sixth of embedding a catalog. Same results
 * (the pieces are copied, not computed); string tensors keep the shipped kernel. Registers once per TensorFlow.js
 * instance; call after the wasm backend is set.
 */
export function useFastSplitV(tf: Tf): void {
  const shipped = tf.getKernel('SplitV', 'wasm');
  if (!shipped || (shipped.kernelFunc as { fast?: true }).fast) return;
  const fast: KernelFunc & { fast?: true } = (args) => {
    const x = (args.inputs as { x: TensorInfo }).x;
    if (x.dtype === 'string') return shipped.kernelFunc(args);
    return splitFromHeap(tf, x, args.attrs ?? {}, args.backend as unknown as WasmBackend);
  };
  fast.fast = true;
  tf.unregisterKernel('SplitV', 'wasm');
  tf.registerKernel({ ...shipped, kernelFunc: fast } as KernelConfig);
}

function splitFromHeap(tf: Tf, x: TensorInfo, attrs: NamedAttrMap, backend: WasmBackend): TensorInfo[] {
  const axis = tf.util.parseAxisParam(attrs.axis as number, x.shape)[0]!;
  const sizes = tf.backend_util.prepareSplitSize(x as never, attrs.numOrSizeSplits as number[] | number, axis);
  const inner = x.shape.slice(axis + 1).reduce((a, b) => a * b, 1);
  const outer = x.shape.slice(0, axis).reduce((a, b) => a * b, 1);
  const row = x.shape[axis]! * inner;
  let begin = 0;
  return sizes.map((size) => {
    const shape = [...x.shape];
    shape[axis] = size;
    const out = backend.makeOutput(shape, x.dtype);
    // views taken after the output exists: allocating it may grow the wasm memory, which detaches older views
    const from = backend.typedArrayFromHeap(x);
    const to = backend.typedArrayFromHeap(out);
    const chunk = size * inner;
    for (let o = 0, at = begin * inner; o < outer; o++, at += row) to.set(from.subarray(at, at + chunk), o * chunk);
    begin += size;
    return out;
  });
}
