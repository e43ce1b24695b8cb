import type { FastifyInstance } from 'fastify';
import type { PrometheusMetrics } from '../../../metrics/PrometheusMetrics.js';
import type { ToolService } from '../../../service/ToolService.js';
import { reloadReportJson } from '../../ovos-bus/payloads.js';
import { stateOf } from '../requestState.js';
import { sendRefusal } from '../refusalReply.js';
import { operatorRefusal, operatorRouteCaller } from './actingCaller.js';
import { healthSchema, reloadToolsSchema } from '../routeSchemas.js';

/**
 * The operator's routes and the server's own: `GET /health` (no credential; with `health`, its members too), `GET /openapi.json` (generated from the
 * route schemas), `GET /metrics` (with `metrics`; the service's access control decides who reads it: the operator,
 * or agents granted `reads: ["metrics"]`) and `POST /internal/tools/reload` (the operator only, as on every door).
 * Refusals are 403 `forbidden` naming the rule. An `agent_id` (query, or the reload's body) acts as that agent, as on
 * every tool route: the operator secret naming an agent gets that agent's answer (403 unless it is granted the read),
 * an agent credential naming another agent is refused.
 */
export function registerOperatorRoutes(app: FastifyInstance, service: ToolService, metrics: PrometheusMetrics | undefined, health?: () => Record<string, unknown>): void {
  app.get('/health', { schema: healthSchema }, async () => ({ status: 'ok', ...health?.() }));
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  if (metrics) {
    app.get('/metrics', { schema: { summary: 'Prometheus metrics (the operator, or agents granted reads: ["metrics"])', security: [{ internalSecret: [] }, { bearer: [] }] } }, async (req, reply) => {
      const refused = operatorRefusal(service, req, 'metrics');
      if (refused) {
        stateOf(req).outcome = 'forbidden';
        return sendRefusal(reply, refused, { errorFirst: true });
      }
      const { contentType, body } = await metrics.render();
      reply.header('content-type', contentType);
      return reply.serializer((x: unknown) => x as string).send(body);
    });
  }
  app.post('/internal/tools/reload', { schema: reloadToolsSchema }, async (req, reply) => {
    const caller = operatorRouteCaller(service, req);
    if ('refused' in caller) return sendRefusal(reply, caller.refusal);
    const outcome = await service.reload(caller);
    if (!outcome.ok) return sendRefusal(reply, outcome, { errorFirst: true });
    // the keys of ovos.tools.reload.response, with ok: true
    return { ok: true, ...reloadReportJson(outcome.report) };
  });
}
