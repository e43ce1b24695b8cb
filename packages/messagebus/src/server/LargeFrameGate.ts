import type { Duplex } from 'node:stream';
import { unmaskInPlace } from '../socket/unmaskInPlace.js';
import { Utf8Stream } from '../socket/Utf8Stream.js';
import { readFrameHeader, type FrameHeader } from '../socket/frameHeader.js';

/**
 * Client frames whose payload is at least this long (64 KiB) are taken in by the gate ({@link gateLargeFrames})
 * piece by piece as they arrive; smaller frames go to `ws` untouched.
 */
export const GATHERED_PAYLOAD_BYTES = 64 * 1024;

/** A whole message received in one large frame: its payload, unmasked, in the pieces it arrived in. */
export interface LargeFrame {
  /** The payload's pieces, in order (views into the socket's read buffers; nothing was copied). */
  chunks: Buffer[];
  /** The payload's length in bytes (the sum of the chunks' lengths). */
  length: number;
  /** Whether it is a binary frame (else text, checked to be UTF-8). */
  binary: boolean;
}

/** Where the gate hands large frames once the connection is admitted (see {@link FrameGate.streamTo}). */
export interface LargeFrameSink {
  /** A whole large frame arrived, after every frame before it was handed to `ws`. */
  frame(frame: LargeFrame): void;
  /** A large text frame was not UTF-8: nothing of it was handed on and the gate reads no more (close with 1007). */
  invalid(reason: string): void;
}

/** What {@link gateLargeFrames} returns: where whole large frames go once the connection is admitted. */
export interface FrameGate {
  /** From now on, large whole frames go to `sink` instead of `ws` (frames already in progress too). */
  streamTo(sink: LargeFrameSink): void;
}

/** A large frame being taken in: its mask, what arrived so far, and (gathered for `ws`) its zero-masked header. */
interface Intake {
  mask: Buffer;
  length: number;
  received: number;
  chunks: Buffer[];
  binary: boolean;
  utf8: Utf8Stream | undefined;
  /** Set when the frame goes to `ws` (not a whole message, or no sink yet): its header with a zero mask. */
  header: Buffer | undefined;
}

/** One connection's gate: between frames, inside a small frame (`pass` bytes left), or taking in a large one. */
class GateState implements FrameGate {
  private pass = 0;
  private partial: Buffer | undefined;
  private intake: Intake | undefined;
  /** `gate`: reading frames; `pass`: everything goes to ws as it comes; `drop`: nothing more is read. */
  private mode: 'gate' | 'pass' | 'drop' = 'gate';
  private closing = false;
  private sink: LargeFrameSink | undefined;

  constructor(
    private readonly forward: (chunk: Buffer) => void,
    private readonly maxPayload: number,
  ) {}

  streamTo(sink: LargeFrameSink): void {
    this.sink = sink;
  }

  /** Whether a large frame is being taken in (some of it arrived, not all). */
  get taking(): boolean {
    return this.intake !== undefined;
  }

  /** Takes one chunk read from the socket, handing what is ready to `ws` (or the sink) in order. */
  push(input: Buffer): void {
    if (this.mode !== 'gate') return void (this.mode === 'pass' && this.forward(input));
    const chunk = this.partial ? Buffer.concat([this.partial, input]) : input;
    this.partial = undefined;
    let from = 0;
    let i = 0;
    while (i < chunk.length && this.mode === 'gate') {
      if (this.intake) {
        i = this.take(chunk, i);
        from = i;
      } else if (this.pass > 0) {
        const n = Math.min(this.pass, chunk.length - i);
        this.pass -= n;
        i += n;
      } else if (this.closing) {
        this.mode = 'drop'; // ws reads nothing after a close frame
      } else {
        const h = readFrameHeader(chunk, i);
        if (!h) {
          this.partial = Buffer.from(chunk.subarray(i));
          break;
        }
        if (!h.masked || h.payload > this.maxPayload) {
          // ws refuses the frame itself (1002 / 1009): from here on, everything goes to it as it comes
          this.mode = 'pass';
          i = chunk.length;
        } else if (h.payload < GATHERED_PAYLOAD_BYTES) {
          this.pass = h.payload;
          this.closing = h.opcode === 0x8;
          i += h.length;
        } else {
          if (i > from) this.forward(chunk.subarray(from, i));
          this.intake = this.startIntake(chunk.subarray(i, i + h.length), h);
          i += h.length;
          from = i;
        }
      }
    }
    if (!this.intake && i > from) this.forward(chunk.subarray(from, i));
  }

  private startIntake(header: Buffer, h: FrameHeader): Intake {
    const whole = h.fin && (h.opcode === 1 || h.opcode === 2) && this.sink !== undefined;
    const intake: Intake = { mask: Buffer.from(header.subarray(header.length - 4)), length: h.payload, received: 0, chunks: [], binary: h.opcode === 2, utf8: undefined, header: undefined };
    if (whole && h.opcode === 1) intake.utf8 = new Utf8Stream();
    if (!whole) {
      intake.header = Buffer.from(header);
      intake.header.fill(0, header.length - 4); // a zero mask: ws has nothing left to unmask
    }
    return intake;
  }

  /** Takes the large frame's bytes from `chunk` at `i`, unmasked; hands the frame on once whole. Returns the next index. */
  private take(chunk: Buffer, i: number): number {
    const intake = this.intake!;
    const n = Math.min(intake.length - intake.received, chunk.length - i);
    const piece = chunk.subarray(i, i + n);
    unmaskInPlace(piece, intake.mask, intake.received);
    intake.received += n;
    intake.chunks.push(piece);
    if (intake.utf8 && !intake.utf8.push(piece)) return this.refuse('a text frame that is not valid UTF-8', chunk.length);
    if (intake.received < intake.length) return i + n;
    this.intake = undefined;
    if (intake.header) {
      // header and payload as two chunks: ws takes the payload as it is, without copying or unmasking it again
      this.forward(intake.header);
      this.forward(intake.chunks.length === 1 ? intake.chunks[0]! : Buffer.concat(intake.chunks, intake.length));
    } else if (intake.utf8 && !intake.utf8.end()) {
      return this.refuse('a text frame that ends inside a UTF-8 sequence', chunk.length);
    } else {
      this.sink!.frame({ chunks: intake.chunks, length: intake.length, binary: intake.binary });
    }
    return i + n;
  }

  private refuse(reason: string, end: number): number {
    this.intake = undefined;
    this.mode = 'drop';
    this.sink!.invalid(reason);
    return end;
  }
}

/**
 * Takes over the reading of an upgraded connection's socket from `ws`, so that no large frame costs the bus one
 * long pause. `ws` gathers a frame's chunks once the last one arrives, then copies the whole payload into a new
 * buffer and unmasks it in one go: for 8 MiB, tens of ms of the thread every other client waits on (most of it the
 * fresh memory's page faults), hundreds on a loaded machine. Here a client frame whose payload is at least
 * {@link GATHERED_PAYLOAD_BYTES} is unmasked in place piece by piece as it arrives (and, if text, checked to be
 * UTF-8 piece by piece). Once the connection streams ({@link FrameGate.streamTo}), a large frame that is a whole
 * message goes to the sink as its pieces, never copied; otherwise (before admission, a fragment of a longer message)
 * it is handed to `ws` whole with a zero mask, so `ws` does not copy nor unmask it again.
 *
 * Smaller frames, and every byte once the stream is not what the gate expects (an unmasked frame, a payload above
 * `maxPayload`: `ws` refuses those itself), go to `ws` unchanged, in order; after a client's close frame the rest of
 * the stream is discarded, as `ws` does. Call it right after `ws` took the socket (in `handleUpgrade`'s callback),
 * before any data is read; `maxPayload` is the server's frame limit. `reading` says whether `ws` still reads (its
 * connection is open): once it closes (a refused frame, a close either side began), the gate discards what comes,
 * as `ws` does after a refused frame, and the client's closing of TCP ends the connection.
 *
 * While a large frame is coming in, reading from its socket yields after each chunk: the socket is paused and
 * resumed at the end of the event loop's turn (when `mayResume` says so: not when `ws` or the server paused it
 * meanwhile). Without that, libuv reads a socket that always has data up to 32 chunks (2 MiB) in one go, and one
 * client streaming a large frame kept every other client's frames unread for that long (tens of ms on a quiet
 * machine, over 100 ms under load); now the others' frames are read between any two of its chunks.
 */
export function gateLargeFrames(socket: Duplex, maxPayload: number, reading: () => boolean, mayResume: () => boolean = reading): FrameGate {
  const readers = socket.listeners('data') as Array<(chunk: Buffer) => void>;
  for (const reader of readers) socket.off('data', reader);
  const gate = new GateState((chunk) => {
    if (reading()) for (const reader of readers) reader.call(socket, chunk);
  }, maxPayload);
  let yielding = false;
  const resume = () => {
    yielding = false;
    if (mayResume()) socket.resume();
  };
  socket.on('data', (chunk: Buffer) => {
    gate.push(chunk);
    if (!gate.taking || yielding) return;
    yielding = true;
    socket.pause();
    setImmediate(resume);
  });
  return gate;
}
