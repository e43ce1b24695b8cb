/**
 * A token bucket of bytes: one websocket client's share of the bus. It starts full (`burstBytes`), refills at
 * `bytesPerSecond`, and each received frame takes its size out; when it runs dry, {@link charge} says how long the
 * client must wait until it is back above zero. Time comes from `now` (ms), `performance.now` by default.
 */
export class ByteBudget {
  private tokens: number;
  private last: number;

  /**
   * @param bytesPerSecond - sustained rate allowed (bytes/s), > 0.
   * @param burstBytes - what may arrive at once after a quiet spell (bytes), > 0.
   * @param now - clock in ms (injectable for tests).
   */
  constructor(
    private readonly bytesPerSecond: number,
    private readonly burstBytes: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burstBytes;
    this.last = now();
  }

  /**
   * Takes `bytes` out of the budget.
   * @returns 0 while the budget still holds; else how many ms until it is back at zero (reading should pause that long).
   */
  charge(bytes: number): number {
    const t = this.now();
    this.tokens = Math.min(this.burstBytes, this.tokens + ((t - this.last) * this.bytesPerSecond) / 1000);
    this.last = t;
    this.tokens -= bytes;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens * 1000) / this.bytesPerSecond);
  }
}
