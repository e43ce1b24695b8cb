import type { Duplex } from 'node:stream';
import { readFrameHeader } from '../socket/frameHeader.js';
import { OWN_FRAME_MAX_CHARS } from './OwnFrames.js';

/**
 * Server frames whose payload is larger than this (192 KiB: longer than any frame {@link OwnFrames} remembers, in
 * UTF-8) are looked at by {@link skipUnwantedFrames} before `ws` gathers them.
 */
export const SKIPPABLE_PAYLOAD_BYTES = 3 * OWN_FRAME_MAX_CHARS;

/** Bytes of a large frame's payload read before deciding on it: enough for `{"type":"` and a 512-character type. */
export const PEEK_BYTES = 2048;

/**
 * What to do with a large frame once its first {@link PEEK_BYTES} arrived: `true` hands it to `ws` (gathered and
 * parsed as usual), `false` skips it (its bytes are discarded as they arrive). `head` is those first bytes,
 * `length` the whole payload's.
 */
export type LargeFrameDecision = (head: Buffer, length: number) => boolean;

/** A large frame whose head is being collected: its header (kept to hand on) and the payload bytes seen so far. */
interface Peek {
  header: Buffer;
  length: number;
  held: Buffer[];
  heldBytes: number;
}

/** One connection's reading: between frames, inside a frame handed on (`pass`) or skipped (`skip`), or peeking. */
class SkipState {
  private pass = 0;
  private skip = 0;
  private partial: Buffer | undefined;
  private peek: Peek | undefined;
  /** `gate`: reading frames; `pass`: the stream is not what a server sends, so everything goes to `ws` as it comes. */
  private mode: 'gate' | 'pass' = 'gate';
  /** How many frames were skipped. */
  skipped = 0;

  constructor(
    private readonly forward: (chunk: Buffer) => void,
    private readonly decide: LargeFrameDecision,
    private readonly maxFrameBytes: number,
  ) {}

  push(input: Buffer): void {
    if (this.mode === 'pass') return this.forward(input);
    const chunk = this.partial ? Buffer.concat([this.partial, input]) : input;
    this.partial = undefined;
    let from = 0;
    let i = 0;
    while (i < chunk.length && this.mode === 'gate') {
      if (this.skip > 0) {
        if (i > from) this.forward(chunk.subarray(from, i));
        const n = Math.min(this.skip, chunk.length - i);
        this.skip -= n;
        from = i += n;
      } else if (this.pass > 0) {
        const n = Math.min(this.pass, chunk.length - i);
        this.pass -= n;
        i += n;
      } else if (this.peek) {
        from = i = this.collect(chunk, i);
      } else {
        const h = readFrameHeader(chunk, i);
        if (!h) {
          if (i > from) this.forward(chunk.subarray(from, i));
          this.partial = Buffer.from(chunk.subarray(i));
          return;
        }
        if (h.masked || !Number.isFinite(h.payload)) {
          this.mode = 'pass'; // not a server frame: ws refuses it itself
          i = chunk.length;
        } else if (h.fin && (h.opcode === 1 || h.opcode === 2) && h.payload > SKIPPABLE_PAYLOAD_BYTES && h.payload <= this.maxFrameBytes) {
          if (i > from) this.forward(chunk.subarray(from, i));
          this.peek = { header: Buffer.from(chunk.subarray(i, i + h.length)), length: h.payload, held: [], heldBytes: 0 };
          from = i += h.length;
        } else {
          this.pass = h.payload;
          i += h.length;
        }
      }
    }
    if (this.mode === 'pass') i = chunk.length;
    if (i > from) this.forward(chunk.subarray(from, i));
  }

  /** Takes head bytes of the peeked frame from `chunk` at `i`; decides once {@link PEEK_BYTES} are in. Returns the next index. */
  private collect(chunk: Buffer, i: number): number {
    const peek = this.peek!;
    const n = Math.min(PEEK_BYTES - peek.heldBytes, chunk.length - i);
    peek.held.push(chunk.subarray(i, i + n));
    peek.heldBytes += n;
    if (peek.heldBytes < PEEK_BYTES) return i + n;
    this.peek = undefined;
    const head = peek.held.length === 1 ? peek.held[0]! : Buffer.concat(peek.held, peek.heldBytes);
    if (this.decide(head, peek.length)) {
      this.forward(peek.header);
      for (const piece of peek.held) this.forward(piece);
      this.pass = peek.length - peek.heldBytes;
    } else {
      this.skipped++;
      this.skip = peek.length - peek.heldBytes;
    }
    return i + n;
  }
}

/** What {@link skipUnwantedFrames} returns. */
export interface FrameSkipper {
  /** How many frames were skipped unread so far. */
  readonly skipped: number;
}

/**
 * Takes over the reading of a client websocket's socket from `ws` (call it on `open`: `ws` has just attached its
 * reader and read nothing yet), so that a large frame the client has no use for costs it no more than reading its
 * bytes. A server frame carrying a whole message of more than {@link SKIPPABLE_PAYLOAD_BYTES} (and at most
 * `maxFrameBytes`) is held until its first {@link PEEK_BYTES} arrive, then `decide` says whether `ws` gets it (the
 * header and what was held, then the rest as it comes) or it is skipped: its remaining bytes are discarded as they
 * arrive, never gathered into one buffer. Gathering is what a large frame costs a client most (`ws` copies the
 * payload into one fresh buffer of its size: for 8 MiB, 40 ms and more of the thread on a VM, most of it page
 * faults), and every client of an OVOS bus is sent every frame. A skipped text frame is not checked to be UTF-8.
 *
 * Every other frame (smaller, fragmented, control, above `maxFrameBytes`) goes to `ws` unchanged and in order; a
 * stream that is not what a server sends (a masked frame, an impossible length) goes to `ws` as it comes from then
 * on, which refuses it. When `ws` stops reading (it removes its listener on close), nothing more is handed to it.
 */
export function skipUnwantedFrames(socket: Duplex, decide: LargeFrameDecision, maxFrameBytes: number): FrameSkipper {
  let readers = socket.listeners('data') as Array<(chunk: Buffer) => void>;
  for (const reader of readers) socket.off('data', reader);
  // ws removes its reader when the connection closes: mirror that, so nothing is handed to a closed receiver
  const removeListener = socket.removeListener.bind(socket);
  socket.removeListener = socket.off = (event: string | symbol, listener: (...args: any[]) => void) => {
    if (event === 'data' && readers.includes(listener)) readers = readers.filter((r) => r !== listener);
    else removeListener(event, listener);
    return socket;
  };
  const state = new SkipState((chunk) => {
    for (const reader of readers) reader.call(socket, chunk);
  }, decide, maxFrameBytes);
  socket.on('data', (chunk: Buffer) => state.push(chunk));
  return {
    get skipped() {
      return state.skipped;
    },
  };
}
