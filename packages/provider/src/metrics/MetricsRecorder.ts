/**
 * What the service, the execution policy, the registry and the transports report, so any metrics backend can
 * sit behind it (Prometheus in `PrometheusMetrics`). Every method is cheap and never throws.
 */
export interface MetricsRecorder {
  /**
   * One finished invocation: `outcome` is `ok` or the wire error code (`timeout`, `forbidden`, `unknown_tool` …);
   * `latencyMs` as measured by whoever reports it; `tool` is `(unknown)` for names the catalog does not have.
   */
  invoked(event: { tool: string; toolboxId?: string; outcome: string; latencyMs: number; transport: string }): void;
  /** Invocations running now changed by `delta` (+1 on start, -1 on end). */
  inflight(delta: number): void;
  /** Invocations waiting for a slot now. */
  queueDepth(depth: number): void;
  /** One reload finished; `outcome` is `ok` or `problems` (some toolbox did not load). */
  reloaded(outcome: 'ok' | 'problems'): void;
  /** A toolbox host was restarted (crash, memory limit, a call that would not stop). */
  toolboxRestarted(toolboxId: string): void;
}

/** A recorder that drops everything (the default when metrics are off). */
export const noopMetrics: MetricsRecorder = {
  invoked() {},
  inflight() {},
  queueDepth() {},
  reloaded() {},
  toolboxRestarted() {},
};
