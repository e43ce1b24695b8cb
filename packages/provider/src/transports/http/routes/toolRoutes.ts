import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseToolFormat, type ToolFormat } from '@ovos-tools/core';
import type { ToolService } from '../../../service/ToolService.js';
import { formatCatalog, formatEntry } from '../../formatCatalog.js';
import { sendRefusal } from '../refusalReply.js';
import { stateOf } from '../requestState.js';
import { getToolSchema, listToolsSchema } from '../routeSchemas.js';
import { registerSearchRoutes } from '../registerSearchRoutes.js';
import { toolView } from '../toolView.js';
import { actingCaller } from './actingCaller.js';

/** The POST routes under `/internal/tools/` that a GET reaches by mistake (answered 405, not "unknown tool"). */
const POST_ONLY = new Set(['call', 'reload']);

/** The `format` query/body field: a ToolFormat, or the 400 body naming the accepted ones. */
export function readFormat(value: unknown): { format: ToolFormat } | { body: Record<string, unknown> } {
  const parsed = parseToolFormat(value);
  return 'error' in parsed ? { body: { ok: false, code: 'invalid_request', field: 'format', error: parsed.error } } : parsed;
}

/**
 * The catalog routes: `GET /internal/tools` (the caller's tools, in the ovos shape or a vendor `format`),
 * `GET /internal/tools/{tool_id}` (one tool's definition, if the caller may see it) and, in their own module, tool
 * search and result paging.
 */
export function registerToolRoutes(app: FastifyInstance, service: ToolService): void {
  app.get('/internal/tools', { schema: listToolsSchema }, async (req, reply) => {
    const q = req.query as { agent_id?: string; summary?: string; tags?: string; examples?: string; format?: string };
    const caller = actingCaller(service, req, q.agent_id);
    if ('refused' in caller) return sendRefusal(reply, caller.refusal);
    const format = readFormat(q.format);
    if ('body' in format) return reply.code(400).send(format.body);
    const tags = q.tags ? q.tags.split(',').map((t) => t.trim()).filter(Boolean) : undefined;
    const listed = await service.list({ caller, ...(tags ? { tags } : {}) });
    if (!listed.ok) return sendRefusal(reply, listed);
    const entries = listed.entries;
    if (format.format !== 'ovos') {
      if (q.summary === 'true') return reply.code(400).send({ ok: false, code: 'invalid_request', field: 'summary', error: `summary lists light entries without schemas, which have no ${format.format} form; drop summary to list tools as ${format.format}` });
      const formatted = formatCatalog(entries, service.collisions(), format.format);
      return { format: format.format, tools: formatted.tools, total: formatted.tools.length, notes: formatted.notes, skipped: formatted.skipped };
    }
    const tools = entries.map((e) => toolView(e, { summary: q.summary === 'true', examples: q.examples === 'true' }));
    return { tools, total: tools.length };
  });

  const getTool = async (req: FastifyRequest, reply: FastifyReply, tool_id: string) => {
    const q = req.query as { agent_id?: string; format?: string; toolbox_id?: string };
    const n = stateOf(req);
    n.tool = tool_id;
    const caller = actingCaller(service, req, q.agent_id);
    if ('refused' in caller) return sendRefusal(reply, caller.refusal, { extra: { tool_id } });
    const format = readFormat(q.format);
    if ('body' in format) return reply.code(400).send({ ...format.body, tool_id });
    const got = await service.get(tool_id, caller, q.toolbox_id || undefined);
    if (!got.ok && got.error.code === 'unknown_tool' && POST_ONLY.has(tool_id) && !q.toolbox_id) {
      reply.header('allow', 'POST');
      return reply.code(405).send({ ok: false, code: 'method_not_allowed', error: `${tool_id === 'call' ? 'calling a tool' : 'reloading'} takes POST /internal/tools/${tool_id}${tool_id === 'call' ? ' with a JSON body {tool_id, args}' : ''}; GET /internal/tools/{tool_id} reads one tool's definition` });
    }
    if (got.ok) {
      if (format.format === 'ovos') return toolView(got.entry, { full: true, timeoutMs: got.timeoutMs });
      const one = formatEntry(got.entry, format.format);
      if (!one.ok) return reply.code(400).send({ ok: false, code: 'invalid_request', field: 'format', error: one.error, tool_id });
      return { format: format.format, id: got.entry.tool.name, toolbox_id: got.entry.toolboxId, tool: one.tool, notes: one.notes };
    }
    n.outcome = got.error.code;
    return sendRefusal(reply, got, { extra: { tool_id } });
  };
  app.get('/internal/tools/:tool_id', { schema: getToolSchema }, async (req, reply) => getTool(req, reply, (req.params as { tool_id: string }).tool_id));
  registerSearchRoutes(app, service, { getTool, actingFor: (req, claimed) => actingCaller(service, req, claimed) });
}
