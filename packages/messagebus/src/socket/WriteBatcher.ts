import type { Duplex } from 'node:stream';

/**
 * The server's write batching: coalesces the frames written to each connection during one event-loop turn. A
 * held socket is corked and one `setImmediate` uncorks every socket held since. This puts a request's echo and its
 * answer in one `writev`: the frames received in one poll phase are held, and the answers an in-process client
 * computes from them in the check phase that follows join them (the server queues that client's dispatch before
 * it holds the sockets, so the dispatch runs before the uncork). Frames keep their order; a held frame waits at
 * most until the end of the current turn (a pending `setImmediate` never lets the loop sleep).
 *
 * `MessageBusClient` does not batch: a caller's request leaving at once lets the server work on it while the
 * caller goes on, which measured faster than fewer writes whenever client and server have a core each.
 */
export class WriteBatcher {
  private readonly corked = new Set<Duplex>();
  private scheduled = false;

  /** Call before writing a frame to `socket`: corks it until the end of the current turn. */
  hold(socket: Duplex): void {
    if (this.corked.has(socket)) return;
    socket.cork();
    this.corked.add(socket);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  /** Uncorks every socket held since the last flush. */
  readonly flush = (): void => {
    this.scheduled = false;
    for (const socket of this.corked) socket.uncork();
    this.corked.clear();
  };
}
