/**
 * A bounded FIFO of serialized frames waiting for a connection. When full, pushing drops the oldest frame
 * and reports it, so a long outage costs bounded memory and the newest messages survive.
 */
export class FrameQueue {
  private frames: string[] = [];
  private head = 0;

  /** @param capacity - the most frames kept; 0 keeps none (every push is dropped). */
  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`maxQueue must be an integer >= 0, got ${capacity}`);
  }

  /** Frames waiting. */
  get size(): number {
    return this.frames.length - this.head;
  }

  /**
   * Appends a frame.
   * @returns the frame dropped to make room (the oldest, or `frame` itself when the capacity is 0), else `undefined`.
   */
  push(frame: string): string | undefined {
    if (this.capacity === 0) return frame;
    let dropped: string | undefined;
    if (this.size >= this.capacity) dropped = this.frames[this.head++];
    this.frames.push(frame);
    if (this.head > 1024 && this.head * 2 > this.frames.length) {
      this.frames = this.frames.slice(this.head);
      this.head = 0;
    }
    return dropped;
  }

  /** Removes and returns every waiting frame, oldest first. */
  drain(): string[] {
    const out = this.frames.slice(this.head);
    this.frames = [];
    this.head = 0;
    return out;
  }
}
