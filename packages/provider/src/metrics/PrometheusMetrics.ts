import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsRecorder } from './MetricsRecorder.js';

/**
 * A {@link MetricsRecorder} kept in a prom-client registry of its own (never the global one, so two providers in
 * one process do not collide), served as `/metrics` by the HTTP transport:
 * - `ovos_tools_invocations_total{tool,toolbox_id,outcome,transport}` counter;
 * - `ovos_tools_invocation_duration_seconds{tool,outcome}` histogram (5 ms … 60 s);
 * - `ovos_tools_inflight` and `ovos_tools_queue_depth` gauges;
 * - `ovos_tools_reloads_total{outcome}` and `ovos_tools_toolbox_restarts_total{toolbox_id}` counters;
 * - with `collectDefault`, prom-client's process metrics (`process_cpu_seconds_total`, heap, event-loop lag).
 */
export class PrometheusMetrics implements MetricsRecorder {
  readonly registry = new Registry();
  readonly #invocations: Counter<'tool' | 'toolbox_id' | 'outcome' | 'transport'>;
  readonly #duration: Histogram<'tool' | 'outcome'>;
  readonly #inflight: Gauge;
  readonly #queue: Gauge;
  readonly #reloads: Counter<'outcome'>;
  readonly #restarts: Counter<'toolbox_id'>;

  constructor(options: { collectDefault?: boolean } = {}) {
    const registers = [this.registry];
    this.#invocations = new Counter({
      name: 'ovos_tools_invocations_total',
      help: 'Tool invocations by tool, toolbox, outcome (ok or error code) and transport.',
      labelNames: ['tool', 'toolbox_id', 'outcome', 'transport'],
      registers,
    });
    this.#duration = new Histogram({
      name: 'ovos_tools_invocation_duration_seconds',
      help: 'Tool invocation latency in seconds, by tool and outcome.',
      labelNames: ['tool', 'outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    });
    this.#inflight = new Gauge({ name: 'ovos_tools_inflight', help: 'Tool invocations running now.', registers });
    this.#queue = new Gauge({ name: 'ovos_tools_queue_depth', help: 'Tool invocations waiting for a slot.', registers });
    this.#reloads = new Counter({ name: 'ovos_tools_reloads_total', help: 'Catalog reloads by outcome.', labelNames: ['outcome'], registers });
    this.#restarts = new Counter({
      name: 'ovos_tools_toolbox_restarts_total',
      help: 'Toolbox host restarts, by toolbox.',
      labelNames: ['toolbox_id'],
      registers,
    });
    if (options.collectDefault) collectDefaultMetrics({ register: this.registry });
  }

  invoked(event: { tool: string; toolboxId?: string; outcome: string; latencyMs: number; transport: string }): void {
    this.#invocations.inc({ tool: event.tool, toolbox_id: event.toolboxId ?? '', outcome: event.outcome, transport: event.transport });
    this.#duration.observe({ tool: event.tool, outcome: event.outcome }, event.latencyMs / 1000);
  }
  inflight(delta: number): void {
    this.#inflight.inc(delta);
  }
  queueDepth(depth: number): void {
    this.#queue.set(depth);
  }
  reloaded(outcome: 'ok' | 'problems'): void {
    this.#reloads.inc({ outcome });
  }
  toolboxRestarted(toolboxId: string): void {
    this.#restarts.inc({ toolbox_id: toolboxId });
  }

  /** The Prometheus text exposition and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
