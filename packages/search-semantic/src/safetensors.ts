import { readSync } from 'node:fs';
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

/** Where one float16 tensor of a safetensors file lies: its shape, and its values' place in the file (bytes). */
interface TensorPlace {
  readonly shape: readonly number[];
  readonly start: number;
  readonly bytes: number;
}

/**
 * An open float16 safetensors file whose header has been read and checked: each tensor is read from the file when
 * asked for, so a caller holds only the tensors it keeps (a model's word vectors, say), not the whole file.
 */
export interface HalfSafetensorsFile {
  /** Every float16 tensor of the file by name, with its dimensions (outermost first). */
  readonly shapes: ReadonlyMap<string, readonly number[]>;
  /**
   * Reads tensor `name`'s values (IEEE half-precision bit patterns, row-major) into `into` when given (from its
   * start; it must hold them), into a new array otherwise; answers the values (a view of `into`). Synchronous: it
   * blocks the calling thread for the read (the provider loads the model in a worker thread; a hundred reads one
   * after another on the thread pool cost 100 ms more than the data). Throws when the file has no such float16
   * tensor, `into` is too small, or the file was cut short since it was opened.
   */
  read(name: string, into?: Uint16Array): Uint16Array;
  /** Closes the file (idempotent). */
  close(): Promise<void>;
}

/**
 * Opens a [safetensors](https://huggingface.co/docs/safetensors) file of float16 tensors (8 bytes little-endian header
 * length, a JSON header `{name: {dtype, shape, data_offsets: [begin, end]}}`, then the data) and checks its header;
 * the values are read per tensor, with {@link HalfSafetensorsFile.read}. Tensors of other dtypes (the `position_ids`
 * int64 buffer) are skipped; `__metadata__` is ignored. Rejects, naming the file and the fault, a header that is too
 * long, not JSON or not that shape, and a tensor whose bytes do not match its shape or lie outside the file. The
 * caller closes the file.
 */
export async function openHalfSafetensors(file: string): Promise<HalfSafetensorsFile> {
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
    const dataStart = 8 + headerBytes;
    const places = new Map<string, TensorPlace>();
    for (const [name, spec] of Object.entries(header as Record<string, unknown>)) {
      if (name === '__metadata__') continue;
      const { dtype, shape, data_offsets: offsets } = (spec ?? {}) as { dtype?: unknown; shape?: unknown; data_offsets?: unknown };
      if (dtype !== 'F16') continue;
      if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && d >= 0)) fail(`${name}: a shape of ${JSON.stringify(shape)}`);
      if (!Array.isArray(offsets) || offsets.length !== 2 || !offsets.every((o) => Number.isSafeInteger(o) && o >= 0)) fail(`${name}: data_offsets of ${JSON.stringify(offsets)}`);
      const [begin, end] = offsets as [number, number];
      const count = (shape as number[]).reduce((a, b) => a * b, 1);
      if (end - begin !== count * 2 || begin % 2 !== 0 || dataStart + end > size) fail(`${name}: bytes ${begin}–${end} for ${count} float16 values in a file of ${size}`);
      places.set(name, { shape: shape as number[], start: dataStart + begin, bytes: end - begin });
    }
    let closed = false;
    return {
      shapes: new Map([...places].map(([name, place]) => [name, place.shape])),
      read(name, into) {
        const place = places.get(name);
        if (!place) throw new Error(`${file}: no float16 tensor ${name}`);
        const count = place.bytes / 2;
        if (into && into.length < count) throw new Error(`${file}: ${name} has ${count} values, more than the ${into.length} it was to be read into`);
        const values = into ? into.subarray(0, count) : new Uint16Array(count);
        if (closed) throw new Error(`${file} is closed`);
        const bytesRead = readSync(handle.fd, Buffer.from(values.buffer, values.byteOffset, place.bytes), 0, place.bytes, place.start);
        if (bytesRead < place.bytes) fail(`${name}: the file ends before its bytes do (it changed since it was opened)`);
        return values;
      },
      async close() {
        if (closed) return;
        closed = true;
        await handle.close();
      },
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/**
 * Reads every float16 tensor of a safetensors file into memory ({@link openHalfSafetensors} says which file it takes
 * and when it rejects), each tensor in an array of its own.
 */
export async function readHalfSafetensors(file: string): Promise<Map<string, HalfTensor>> {
  const opened = await openHalfSafetensors(file);
  try {
    const tensors = new Map<string, HalfTensor>();
    for (const [name, shape] of opened.shapes) tensors.set(name, { shape, halfs: opened.read(name) });
    return tensors;
  } finally {
    await opened.close();
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

/**
 * The `rows × cols` matrix `halfs` (half-precision bit patterns, row-major) transposed and widened: `into` gets the
 * `cols × rows` matrix of 32-bit floats, row-major (it must hold `rows × cols` values); answers `into`.
 */
export function halfsToFloatsTransposed(halfs: Uint16Array, rows: number, cols: number, into: Float32Array): Float32Array {
  for (let r = 0; r < rows; r++) {
    const from = r * cols;
    for (let c = 0; c < cols; c++) into[c * rows + r] = HALF_TO_FLOAT[halfs[from + c]!]!;
  }
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
