/** Thrown by {@link Semaphore.acquire} when the wait queue is full. */
export class QueueFullError extends Error {
  readonly code = 'overloaded';
  constructor(message: string) {
    super(message);
    this.name = 'QueueFullError';
  }
}

/**
 * A counting semaphore with a FIFO wait queue of bounded length. `acquire()` resolves with a release
 * function once one of `limit` slots is free.
 */
export class Semaphore {
  private active = 0;
  private readonly waiters: Array<() => void> = [];
  #limit: number;
  #maxQueue: number;

  /**
   * @param limit - slots; at least 1.
   * @param maxQueue - callers allowed to wait; more are refused with {@link QueueFullError}.
   * @param label - names the limit in error messages.
   */
  constructor(
    limit: number,
    maxQueue: number,
    readonly label: string,
  ) {
    this.#limit = limit;
    this.#maxQueue = maxQueue;
  }

  /** Slots. */
  get limit(): number {
    return this.#limit;
  }

  /** Callers allowed to wait. */
  get maxQueue(): number {
    return this.#maxQueue;
  }

  /**
   * Changes the limits (a config reload): more slots start waiting callers at once; fewer slots take effect as
   * running calls end (none is cut off); a shorter queue refuses new waiters only.
   */
  resize(limit: number, maxQueue: number): void {
    this.#limit = limit;
    this.#maxQueue = maxQueue;
    while (this.active < this.#limit && this.waiters.length) {
      this.active++;
      this.waiters.shift()!();
    }
  }

  /**
   * Resolves with a release function (idempotent); rejects with {@link QueueFullError} when the queue is full,
   * or with an `AbortError` (`code: 'aborted'`) when `signal` fires while waiting (the waiter leaves the queue).
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    const release = this.tryAcquire();
    if (release) return Promise.resolve(release);
    if (this.waiters.length >= this.maxQueue) {
      return Promise.reject(new QueueFullError(`${this.label}: ${this.limit} calls running and ${this.maxQueue} waiting; try again later`));
    }
    return new Promise((resolve, reject) => {
      const waiter = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(this.releaser());
      };
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(Object.assign(new Error(`${this.label}: the caller gave up while waiting`), { name: 'AbortError', code: 'aborted' }));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /**
   * Takes a free slot at once, without a promise: the release function, or `undefined` when every slot is taken
   * (then {@link acquire} queues). Lets the common uncontended call skip a turn of the microtask queue.
   */
  tryAcquire(): (() => void) | undefined {
    if (this.active >= this.limit) return undefined;
    this.active++;
    return this.releaser();
  }

  /** Calls running now. */
  get running(): number {
    return this.active;
  }

  /** Calls waiting now. */
  get waiting(): number {
    return this.waiters.length;
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.active--;
      // the slot passes to the next waiter, unless a resize left fewer slots than calls running
      if (this.active < this.#limit && this.waiters.length) {
        this.active++;
        this.waiters.shift()!();
      }
    };
  }
}
