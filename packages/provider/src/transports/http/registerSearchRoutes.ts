import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WireError } from '@ovos-tools/core';
import type { ActingRefusal } from '../../service/AccessDecision.js';
import type { Caller } from '../../service/Caller.js';
import type { ToolService } from '../../service/ToolService.js';
import { searchErrors } from '../../search/searchErrors.js';
import { wireErrors } from '../../service/wireErrors.js';
import { resultPageJson } from '../budgetJson.js';
import { searchResponseJson } from '../searchJson.js';
import { httpStatus, sendRefusal } from './refusalReply.js';
import { resultPageSchema, searchToolsSchema } from './searchRouteSchemas.js';

/** Who a request acts for (the credential's caller, narrowed by a claimed `agent_id`), or why the claim is refused. */
export type ActingCaller = (req: FastifyRequest, claimedAgentId: string | undefined) => Caller | ActingRefusal;

/** What {@link registerSearchRoutes} needs from the server beside the app and the service. */
export interface SearchRoutesOptions {
  /** Resolves the caller of a request (and records it for the access log). */
  actingFor: ActingCaller;
  /** Answers `GET /internal/tools/{tool_id}` for a tool id: a request for `/internal/tools/search` without `q` is the tool named `search`. */
  getTool: (req: FastifyRequest, reply: FastifyReply, toolId: string) => Promise<unknown>;
}

/** The HTTP status of a refused page: 404 unknown, 410 expired or evicted, 403 another caller's, 400 a bad range, 503 shared state unavailable. */
function pageStatus(reason: string): 400 | 403 | 404 | 410 | 503 {
  return reason === 'forbidden' ? 403 : reason === 'unknown' ? 404 : reason === 'invalid_range' ? 400 : reason === 'unavailable' ? 503 : 410;
}

/** A query-string integer as a number when it is one; otherwise as sent, so the service's error shows it. */
function queryInteger(value: string | undefined): number | string | undefined {
  return value !== undefined && /^-?\d{1,16}$/.test(value) ? Number(value) : value;
}

/**
 * Adds tool search and result paging (issue 27) to the HTTP API, with the bodies of the OVOS bus answers:
 * - `GET /internal/tools/search?q=…&limit=…&include_schema=…&explain=…&tags=…&agent_id=…`: `{query, tools, total}` (see
 *   `ovos.tools.search`); bad input 400 `{ok: false, query, tools: [], total: 0, error, code}`. Without `q`, the path
 *   is the tool named `search` (`GET /internal/tools/{tool_id}`), so such a tool stays reachable. While the first
 *   load runs it waits (the service's bound), then 503 `toolbox_unavailable`.
 * - `GET /internal/tools/results/{handle}?offset=…&limit=…&agent_id=…`: `{handle, text, offset, next_offset,
 *   total_chars}` for the caller the handle was issued to; 404 unknown, 410 expired or evicted, 403 another caller's
 *   (nothing of it shown), 400 a bad range, 503 (`Retry-After: 1`) when the handle is kept in a Redis that cannot be
 *   reached (`state_unavailable`).
 */
export function registerSearchRoutes(app: FastifyInstance, service: ToolService, options: SearchRoutesOptions): void {
  app.get('/internal/tools/search', { schema: searchToolsSchema }, async (req, reply) => {
    const q = req.query as { q?: string; limit?: string; include_schema?: string; explain?: string; tags?: string; agent_id?: string; format?: string };
    const caller = options.actingFor(req, q.agent_id);
    if ('refused' in caller) return sendRefusal(reply, caller.refusal);
    // (the service waits for the first load; a catalog still loading after its bound is 503, bad input 400)
    const fail = (error: WireError) => {
      if (error.code === 'toolbox_unavailable') reply.header('retry-after', '1');
      return reply.code(httpStatus(error.code, 'request') as 400 | 503).send({ ok: false, ...searchResponseJson(q.q, { ok: false, error }, false) });
    };
    if (q.q === undefined) {
      const named = await service.get('search', caller);
      if (named.ok) return options.getTool(req, reply, 'search');
      if (named.error.code === 'toolbox_unavailable') return fail(named.error);
    }
    if (q.q === undefined) return fail(wireErrors.missingSearchQuery());
    if (q.include_schema !== undefined && q.include_schema !== 'true' && q.include_schema !== 'false') return fail(wireErrors.invalidIncludeSchema(q.include_schema));
    if (q.explain !== undefined && q.explain !== 'true' && q.explain !== 'false') return fail(searchErrors.explainNotBoolean(q.explain));
    if (q.format !== undefined) return fail(wireErrors.invalidFormat('search answers in the ovos shape only; get a found tool in a vendor format with GET /internal/tools/{tool_id}?format=…'));
    const tags = q.tags?.split(',').map((t) => t.trim()).filter(Boolean);
    const limit = queryInteger(q.limit);
    const outcome = await service.search({ query: q.q as string, ...(limit !== undefined ? { limit: limit as number } : {}), ...(tags?.length ? { tags } : {}), explain: q.explain === 'true', caller });
    if (!outcome.ok) return fail(outcome.error);
    return searchResponseJson(q.q, outcome, q.include_schema === 'true');
  });

  app.get('/internal/tools/results/:handle', { schema: resultPageSchema }, async (req, reply) => {
    const { handle } = req.params as { handle: string };
    const q = req.query as { offset?: string; limit?: string; agent_id?: string };
    const caller = options.actingFor(req, q.agent_id);
    if ('refused' in caller) return sendRefusal(reply, caller.refusal, { extra: { handle } });
    const offset = queryInteger(q.offset);
    const limit = queryInteger(q.limit);
    const page = await service.readResult({ handle, ...(offset !== undefined ? { offset: offset as number } : {}), ...(limit !== undefined ? { limit: limit as number } : {}), caller });
    if (!page.ok) {
      if (page.reason === 'unavailable') reply.header('retry-after', '1');
      return reply.code(pageStatus(page.reason)).send({ ok: false, ...resultPageJson(handle, page) });
    }
    return resultPageJson(handle, page);
  });
}
