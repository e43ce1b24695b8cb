/** Frames longer than this many characters are not remembered (their echo is parsed as usual). */
export const OWN_FRAME_MAX_CHARS = 64 * 1024;

/**
 * The frames a client has sent on its current connection and not yet seen come back. An OVOS messagebus relays
 * every frame to every client, the sender included, byte for byte and in order; so when an incoming frame equals
 * the oldest frame still expected, it is this client's own, and its message type is already known — the client
 * can skip parsing it when nothing listens for that type. A frame that does not match is someone else's and is
 * parsed as usual; a bus that does not echo only means nothing ever matches. Memory stays bounded: at most
 * `capacity` frames, each at most {@link OWN_FRAME_MAX_CHARS} long (longer ones are not remembered, just parsed).
 */
export class OwnFrames {
  private frames: Array<{ frame: string; type: string }> = [];
  private head = 0;

  /** @param capacity - the most frames remembered; the oldest is forgotten beyond it. */
  constructor(private readonly capacity = 1024) {}

  /** Remembers a frame just sent, with its message type. */
  record(frame: string, type: string): void {
    if (frame.length > OWN_FRAME_MAX_CHARS) return;
    if (this.frames.length - this.head >= this.capacity) this.head++;
    this.frames.push({ frame, type });
    if (this.head > 1024 && this.head * 2 > this.frames.length) {
      this.frames = this.frames.slice(this.head);
      this.head = 0;
    }
  }

  /** If `text` is the oldest frame still expected back, forgets it and returns its type; otherwise `undefined`. */
  match(text: string): string | undefined {
    const oldest = this.frames[this.head];
    if (oldest === undefined || oldest.frame !== text) return undefined;
    this.head++;
    if (this.head === this.frames.length) {
      this.frames = [];
      this.head = 0;
    }
    return oldest.type;
  }

  /** Forgets everything (a new connection: nothing sent on the old one will come back). */
  clear(): void {
    this.frames = [];
    this.head = 0;
  }
}
