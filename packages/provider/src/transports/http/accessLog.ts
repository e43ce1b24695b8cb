import { performance } from 'node:perf_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLogEnabled, type Logger } from '@ovos-tools/core';
import { logField } from '../../service/logField.js';
import { stateOf } from './requestState.js';

/** Marks when a request arrived (the first `onRequest` hook), for the access log's latency. */
export async function markArrival(req: FastifyRequest): Promise<void> {
  stateOf(req).startedAt = performance.now();
}

/**
 * The access log: one info line per request (`onResponse` hook) — method, path, status, agent, tool, outcome,
 * latency, the trace context and, with `logArguments`, the arguments. `/health` and `/metrics` are not logged.
 */
export function accessLogHook(logger: Logger, logArguments: boolean) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const route = req.routeOptions?.url;
    if (route === '/health' || route === '/metrics' || !isLogEnabled(logger, 'info')) return;
    const n = stateOf(req);
    const ms = performance.now() - (n.startedAt ?? performance.now());
    // every value a caller chose is one logfmt field (quoted when it needs to be), never a second one
    const parts = [
      `http ${req.method} ${logField('path', req.url.split('?')[0]).slice('path='.length)} ${reply.statusCode}`,
      logField('agent', n.caller?.agentId),
      logField('tool', n.tool),
      logField('outcome', n.outcome ?? (reply.statusCode < 400 ? 'ok' : String(reply.statusCode))),
      `latency_ms=${ms.toFixed(3)}`,
    ];
    if (n.traceparent) parts.push(logField('traceparent', n.traceparent));
    if (logArguments && n.args !== undefined) parts.push(logField('args', JSON.stringify(n.args)));
    logger.info(parts.join(' '));
  };
}
