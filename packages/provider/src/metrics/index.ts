export { noopMetrics } from './MetricsRecorder.js';
export type { MetricsRecorder } from './MetricsRecorder.js';
export { PrometheusMetrics } from './PrometheusMetrics.js';
