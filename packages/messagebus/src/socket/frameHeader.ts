/**
 * The header of an unmasked websocket frame (what a server sends, RFC 6455 §5.2) that carries a whole message of
 * `length` bytes: FIN set, opcode 1 (text) or 2 (binary), the length in 1, 3 or 9 bytes.
 */
export function unmaskedFrameHeader(length: number, binary: boolean): Buffer {
  const first = 0x80 | (binary ? 2 : 1);
  if (length < 126) return Buffer.from([first, length]);
  if (length < 65536) {
    const header = Buffer.from([first, 126, 0, 0]);
    header.writeUInt16BE(length, 2);
    return header;
  }
  const header = Buffer.alloc(10);
  header[0] = first;
  header[1] = 127;
  header.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
  header.writeUInt32BE(length >>> 0, 6);
  return header;
}

/** A websocket frame's header, read from its first bytes (RFC 6455 §5.2). */
export interface FrameHeader {
  /** How many bytes the header takes. */
  length: number;
  /** The payload's length in bytes (`Infinity` when it does not fit a safe integer). */
  payload: number;
  /** Whether the frame is masked (every client frame must be, no server frame may be). */
  masked: boolean;
  /** The frame's opcode (1 text, 2 binary, 0 continuation, 8 close, …). */
  opcode: number;
  /** Whether it is the last frame of its message (FIN). */
  fin: boolean;
}

/**
 * The header of the frame starting at byte `at` of `chunk` (masked or not), or `undefined` when `chunk` ends before
 * the header does (wait for more bytes).
 */
export function readFrameHeader(chunk: Buffer, at: number): FrameHeader | undefined {
  if (chunk.length - at < 2) return undefined;
  const masked = (chunk[at + 1]! & 0x80) !== 0;
  const len7 = chunk[at + 1]! & 0x7f;
  const extra = len7 === 126 ? 2 : len7 === 127 ? 8 : 0;
  const length = 2 + extra + (masked ? 4 : 0);
  if (chunk.length - at < length) return undefined;
  let payload = len7;
  if (len7 === 126) payload = chunk.readUInt16BE(at + 2);
  else if (len7 === 127) {
    const high = chunk.readUInt32BE(at + 2);
    payload = high >= 2 ** 21 ? Infinity : high * 2 ** 32 + chunk.readUInt32BE(at + 6);
  }
  return { length, payload, masked, opcode: chunk[at]! & 0x0f, fin: (chunk[at]! & 0x80) !== 0 };
}
