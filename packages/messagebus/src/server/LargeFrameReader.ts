import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MalformedMessageError, Message, type FrameLimits, type JsonObject } from '@ovos-tools/core';

/** A message's parts as they cross between threads. */
interface MessageParts {
  type: string;
  data: JsonObject;
  context: JsonObject;
}

/** @internal What the bus thread posts to the reader's worker: a frame, as the first `length` bytes of a shared buffer. */
export interface ReaderAsk {
  /** The frame's sequence number, echoed in its {@link ReaderAnswer}. */
  id: number;
  /** The shared buffer holding the frame's UTF-8 bytes (reused from frame to frame). */
  bytes: SharedArrayBuffer;
  /** How many bytes of `bytes` are the frame, from its start. */
  length: number;
  /** The bus's frame bounds (depth, keys, values) the frame is read under. */
  limits: FrameLimits;
}

/** @internal What the worker answers for one frame: the message read, or why it was refused. */
export interface ReaderAnswer {
  /** The {@link ReaderAsk.id} this answers. */
  id: number;
  /** The message read, when the frame was accepted. */
  message?: MessageParts;
  /** Why the frame was refused (the text the sender is told), when it was. */
  refusal?: string;
  /** The refused frame's type and context as far as they could be read, to address the refusal. */
  request?: MessageParts;
}

/** Heap the reader's worker may use, MiB: a frame within the bounds parses in far less. */
const READER_HEAP_MB = 256;

/** How much of a frame is copied to the shared buffer per turn of the event loop (1 MiB: about a ms). */
const COPY_SLICE_BYTES = 1024 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The built worker beside this module; from the sources (tests), the built one in `dist/`. */
function workerUrl(): URL {
  const here = new URL('./frameReaderWorker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return pathToFileURL(fileURLToPath(here).replace(/([\\/])src([\\/]server[\\/]frameReaderWorker\.js)$/, '$1dist$2'));
}

/**
 * Reads large frames off the bus's thread: one worker, started at the first frame and kept, decodes, checks and
 * parses each frame (core's `Message.deserialize` with the endpoint's limits), so an 8 MiB frame of a type the
 * endpoint handles costs its thread only the copying of its pieces into one shared buffer, 1 MiB per turn of the
 * event loop, and the message read back. The shared buffer is kept and reused (it grows to the largest frame read,
 * at most the bus's frame limit): fresh memory costs a page fault per 4 KiB on first touch, which for 8 MiB at once
 * was most of what a frame cost the thread. Frames are read one at a time, answered in the order they were given.
 * If the worker fails, the frames it held are refused as unreadable and the next frame starts a new one.
 */
export class LargeFrameReader {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, (result: Message | MalformedMessageError) => void>();
  private shared: SharedArrayBuffer | undefined;
  private last: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly limits: FrameLimits) {}

  /** Reads one frame given as its pieces; resolves with the message, or the `MalformedMessageError` that refuses it. */
  read(pieces: readonly Buffer[], length: number): Promise<Message | MalformedMessageError> {
    const result = this.last
      .then(() => this.readNow(pieces, length))
      .catch((err: unknown) => new MalformedMessageError(`frame could not be read: ${(err as Error).message}`));
    this.last = result;
    return result;
  }

  private async readNow(pieces: readonly Buffer[], length: number): Promise<Message | MalformedMessageError> {
    if (!this.shared || this.shared.byteLength < length) this.shared = new SharedArrayBuffer(length);
    const bytes = this.shared;
    const view = new Uint8Array(bytes);
    let at = 0;
    let slice = 0;
    for (const piece of pieces) {
      view.set(piece, at);
      at += piece.length;
      slice += piece.length;
      if (slice >= COPY_SLICE_BYTES) {
        slice = 0;
        await nextTurn();
      }
    }
    if (this.closed) return new MalformedMessageError('frame could not be read: the bus client closed');
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      worker.postMessage({ id, bytes, length, limits: this.limits } satisfies ReaderAsk);
    });
  }

  /** Stops the worker; frames still being read are refused as unreadable. */
  close(): void {
    this.closed = true;
    this.shared = undefined;
    const worker = this.worker;
    this.worker = undefined;
    this.fail('the bus client closed');
    void worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(workerUrl(), { name: 'ovos-bus-frame-reader', resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB }, stdout: true, stderr: true });
    worker.unref();
    worker.on('message', (answer: ReaderAnswer) => this.answer(answer));
    const lost = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.fail(why);
    };
    worker.on('error', (err) => lost(`the frame reader failed: ${err.message}`));
    worker.on('exit', (code) => lost(`the frame reader stopped (exit code ${code})`));
    return worker;
  }

  private answer(a: ReaderAnswer): void {
    const resolve = this.waiting.get(a.id);
    if (!resolve) return;
    this.waiting.delete(a.id);
    if (a.message) return resolve(new Message(a.message.type, a.message.data, a.message.context));
    const request = a.request && new Message(a.request.type, a.request.data, a.request.context);
    resolve(new MalformedMessageError(a.refusal ?? 'frame could not be read', request ? { request } : {}));
  }

  private fail(why: string): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const resolve of waiting) resolve(new MalformedMessageError(`frame could not be read: ${why}`));
  }
}
