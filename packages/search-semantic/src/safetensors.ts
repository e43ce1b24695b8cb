import { open } from 'node:fs/promises';

/** One tensor of a safetensors file: its shape and its IEEE half-precision values, row-major. */
export interface HalfTensor {
  /** Its dimensions, outermost first (`[rows, columns]` for a matrix). */
  readonly shape: readonly number[];
  /** Its values as IEEE 754 half-precision bit patterns, row-major (widen them with {@link halfsToFloats}). */
  readonly halfs: Uint16Array;
}

/** A safetensors header larger than this is refused (the MiniLM file's is 11 kB). */
const MAX_HEADER_BYTES = 1 << 20;

/**
 * Reads the float16 tensors of a [safetensors](https://huggingface.co/docs/safetensors) file (8 bytes little-endian
 * header length, a JSON header `{name: {dtype, shape, data_offsets: [begin, end]}}`, then the data). Tensors of other
 * dtypes (the `position_ids` int64 buffer) are skipped; `__metadata__` is ignored. The tensors are views of one
 * copy of the file's data (read once, 2-byte aligned). Rejects, naming the file and the fault, a header that is too
 * long, not JSON or not that shape, and a tensor whose bytes do not match its shape, start at an odd offset or lie
 * outside the file.
 */
export async function readHalfSafetensors(file: string): Promise<Map<string, HalfTensor>> {
  const fail = (why: string): never => {
    throw new Error(`${file} is not a float16 safetensors file: ${why}`);
  };
  const handle = await open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    const head = Buffer.alloc(8);
    if (size < 8 || (await handle.read(head, 0, 8, 0)).bytesRead < 8) fail('shorter than its 8-byte header length');
    const headerBytes = Number(head.readBigUInt64LE(0));
    if (headerBytes > MAX_HEADER_BYTES || 8 + headerBytes > size) fail(`a header length of ${headerBytes} bytes`);
    const headerText = Buffer.alloc(headerBytes);
    await handle.read(headerText, 0, headerBytes, 8);
    let header: unknown;
    try {
      header = JSON.parse(headerText.toString('utf8'));
    } catch {
      fail('its header is not JSON');
    }
    if (typeof header !== 'object' || header === null || Array.isArray(header)) fail('its header is not a JSON object');
    // the data read once, straight into 2-byte aligned memory (its place in the file need not be aligned); every
    // float16 tensor is a view of it
    const start = 8 + headerBytes;
    const data = new Uint16Array(Math.floor((size - start) / 2));
    await handle.read(Buffer.from(data.buffer), 0, data.byteLength, start);
    const tensors = new Map<string, HalfTensor>();
    for (const [name, spec] of Object.entries(header as Record<string, unknown>)) {
      if (name === '__metadata__') continue;
      const { dtype, shape, data_offsets: offsets } = (spec ?? {}) as { dtype?: unknown; shape?: unknown; data_offsets?: unknown };
      if (dtype !== 'F16') continue;
      if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && d >= 0)) fail(`${name}: a shape of ${JSON.stringify(shape)}`);
      if (!Array.isArray(offsets) || offsets.length !== 2 || !offsets.every((o) => Number.isSafeInteger(o) && o >= 0)) fail(`${name}: data_offsets of ${JSON.stringify(offsets)}`);
      const [begin, end] = offsets as [number, number];
      const count = (shape as number[]).reduce((a, b) => a * b, 1);
      if (end - begin !== count * 2 || begin % 2 !== 0 || start + end > size) fail(`${name}: bytes ${begin}–${end} for ${count} float16 values in a file of ${size}`);
      tensors.set(name, { shape: shape as number[], halfs: data.subarray(begin / 2, end / 2) });
    }
    return tensors;
  } finally {
    await handle.close();
  }
}

const HALF_TO_FLOAT = halfTable();

/**
 * `halfs` (IEEE 754 half-precision bit patterns) as 32-bit floats, exactly (every half is a float), into `into` from
 * `offset` when given (a new array otherwise); answers the array written.
 */
export function halfsToFloats(halfs: Uint16Array, into = new Float32Array(halfs.length), offset = 0): Float32Array {
  for (let i = 0; i < halfs.length; i++) into[offset + i] = HALF_TO_FLOAT[halfs[i]!]!;
  return into;
}

/** Every IEEE 754 half-precision bit pattern's value (subnormals, infinities and NaN included). */
function halfTable(): Float32Array {
  const table = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) {
    const exponent = (h >> 10) & 31;
    const mantissa = h & 1023;
    const magnitude = exponent === 0 ? mantissa * 2 ** -24 : exponent === 31 ? (mantissa ? Number.NaN : Number.POSITIVE_INFINITY) : (1 + mantissa / 1024) * 2 ** (exponent - 15);
    table[h] = h & 0x8000 ? -magnitude : magnitude;
  }
  return table;
}
