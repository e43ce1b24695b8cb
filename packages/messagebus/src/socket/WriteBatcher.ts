import type { Duplex } from 'node:stream';

/**
 * Coalesces the frames written to each connection during one event-loop turn: the first frame of a turn is
 * written at once, the second corks the connection's socket, and one `setImmediate` (the check phase right after
 * the poll phase that received the requests) uncorks every socket corked in that turn. Frames keep their order;
 * a connection sees its frames no later than at the end of the turn that produced them. Where every syscall is
 * costly this turns N `writev` calls per turn into at most two per connection, and a lone frame waits for nothing.
 */
export class WriteBatcher {
  private readonly written = new Set<Duplex>();
  private readonly corked = new Set<Duplex>();
  private scheduled = false;

  /**
   * Call before writing a frame to `socket`. The first frame of a turn goes out at once (a lone answer waits for
   * nothing); from the second on, the socket is corked until the end of the turn.
   */
  hold(socket: Duplex): void {
    if (!this.written.has(socket)) {
      this.written.add(socket);
      this.schedule();
      return;
    }
    if (this.corked.has(socket)) return;
    socket.cork();
    this.corked.add(socket);
  }

  private schedule(): void {
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  /** Uncorks every socket held this turn (also called on shutdown so nothing stays corked). */
  readonly flush = (): void => {
    this.scheduled = false;
    for (const socket of this.corked) socket.uncork();
    this.corked.clear();
    this.written.clear();
  };
}
