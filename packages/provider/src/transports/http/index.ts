/**
 * `@ovos-tools/provider/http`: the HTTP API transport (Fastify) and the Prometheus metrics it serves. A subpath of
 * its own, so that importing `@ovos-tools/provider` never loads Fastify or prom-client.
 */
export { startHttpServer } from './startHttpServer.js';
export { HttpServerConfigError } from './httpServerOptions.js';
export { startHttpFromSettings } from './startHttpFromSettings.js';
export type { HttpFromSettings } from './startHttpFromSettings.js';
export type { HttpServerHandle, HttpServerOptions } from './httpServerOptions.js';
export type { McpSessionLimits } from '../mcp/McpSessions.js';
export { parseHttpConfig } from './HttpConfig.js';
export type { HttpConfig } from './HttpConfig.js';
export { PrometheusMetrics } from '../../metrics/PrometheusMetrics.js';
export { BusTrafficFeed, isToolsTopic } from './inspector/BusTrafficFeed.js';
export type { RawFrameSource, TrafficEvent } from './inspector/BusTrafficFeed.js';
export { EVENTS_PATH } from './inspector/registerEventStream.js';
export type { EventStreamLimits } from './inspector/registerEventStream.js';
