import type { Duplex } from 'node:stream';

/** Options for {@link WriteBatcher}. */
export interface WriteBatcherOptions {
  /**
   * Write the first frame of each turn at once and cork only from the second (default `false`: hold them all).
   * Right for a client: its lone request leaves without waiting, so the server starts on it while the client
   * goes on, and many callers on one connection do not fall into lockstep waves with the server.
   */
  firstFrameAtOnce?: boolean;
}

/**
 * Coalesces the frames written to each connection during one event-loop turn: a held socket is corked and one
 * `setImmediate` uncorks every socket held since. On a server this puts a request's echo and its answer in one
 * `writev`: the frames received in one poll phase are held, and the answers an in-process client computes from
 * them in the check phase that follows (the server queues that client's dispatch before it holds the sockets, so
 * the dispatch runs before the uncork) join them. Frames keep their order; a held frame waits at most until the
 * end of the current turn (a pending `setImmediate` never lets the loop sleep). See {@link WriteBatcherOptions}.
 */
export class WriteBatcher {
  private readonly written = new Set<Duplex>();
  private readonly corked = new Set<Duplex>();
  private readonly firstFrameAtOnce: boolean;
  private scheduled = false;

  constructor(options: WriteBatcherOptions = {}) {
    this.firstFrameAtOnce = options.firstFrameAtOnce ?? false;
  }

  /** Call before writing a frame to `socket`: corks it until the end of the turn (see {@link WriteBatcherOptions}). */
  hold(socket: Duplex): void {
    if (this.corked.has(socket)) return;
    if (this.firstFrameAtOnce && !this.written.has(socket)) {
      this.written.add(socket);
      this.schedule();
      return;
    }
    socket.cork();
    this.corked.add(socket);
    this.schedule();
  }

  private schedule(): void {
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  /** Uncorks every socket held since the last flush (also called on shutdown so nothing stays corked). */
  readonly flush = (): void => {
    this.scheduled = false;
    for (const socket of this.corked) socket.uncork();
    this.corked.clear();
    this.written.clear();
  };
}
