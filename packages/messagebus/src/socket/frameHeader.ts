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
