import type { FastifyInstance } from 'fastify';
import type { JsonObject } from '@ovos-tools/core';
import type { ToolService } from '../../../service/ToolService.js';
import { acceptLanguage } from '../../acceptLanguage.js';
import { truncatedJson } from '../../budgetJson.js';
import { confirmationJson } from '../../confirmationJson.js';
import { ignoredKeys, ignoredKeysNote } from '../../ignoredKeys.js';
import { sendRefusal } from '../refusalReply.js';
import { stateOf } from '../requestState.js';
import { callToolSchema } from '../routeSchemas.js';
import { pickTraceparent } from '../traceparent.js';
import { actingCaller } from './actingCaller.js';
import { readFormat } from './toolRoutes.js';

/** Body fields that are the request's own, not context for the tool (a `confirm_token` never reaches a tool). */
const EXCLUDED_CONTEXT_KEYS = new Set(['tool_id', 'agent_id', 'args', 'context', 'format', 'toolbox_id', 'max_output_chars', 'confirm_token']);
/** The body fields `POST /internal/tools/call` reads itself; any other is context for the tool. */
const CALL_KEYS = [...EXCLUDED_CONTEXT_KEYS];

type CallBody = { tool_id: string; agent_id?: string; args?: Record<string, unknown>; context?: JsonObject; format?: string; toolbox_id?: string; max_output_chars?: number; confirm_token?: unknown } & Record<string, unknown>;

/**
 * What a call's confirmation needs from an HTTP request: the body's `confirm_token` (absent or `null`: none) and the
 * languages of its `Accept-Language` header (for the prompt, after the body context's `lang`).
 */
function confirmationRequestOf(token: unknown, acceptLanguageHeader: string | string[] | undefined): { confirmToken?: unknown; languages?: string[] } {
  const languages = acceptLanguage(acceptLanguageHeader);
  return { ...(token === undefined || token === null ? {} : { confirmToken: token }), ...(languages.length ? { languages } : {}) };
}

/** The tool's context: the body's other fields and its `context`, with the acting agent and trace context set by the server. */
function contextOf(body: CallBody, agentId: string | undefined, traceparent: string | undefined): JsonObject {
  const context: JsonObject = {};
  for (const [key, value] of Object.entries(body)) if (!EXCLUDED_CONTEXT_KEYS.has(key)) context[key] = value as never;
  Object.assign(context, body.context ?? {});
  // the tool (and any service it forwards the context to) sees the agent the request acts for, never a claimed one
  if (agentId) context.agent_id = agentId;
  else delete context.agent_id;
  if (traceparent) context.traceparent = traceparent;
  else delete context.traceparent;
  return context;
}

/**
 * `POST /internal/tools/call` (toolcore's): `{tool_id, args, agent_id?, context?, format?, toolbox_id?,
 * max_output_chars?, confirm_token?}` → `{ok, result, tool_id, latency_ms, truncated?}` or `{ok: false, error, code}`
 * with the status of `httpStatus` (through the one refusal mapper, `sendRefusal`). A call whose client goes away is aborted; `inflight` holds the calls running.
 */
export function registerCallRoute(app: FastifyInstance, service: ToolService, inflight: Set<AbortController>): void {
  app.post('/internal/tools/call', { schema: callToolSchema }, async (req, reply) => {
    const body = req.body as CallBody;
    const n = stateOf(req);
    const toolId = body.tool_id;
    n.tool = toolId;
    n.args = body.args;
    const caller = actingCaller(service, req, body.agent_id);
    if ('refused' in caller) {
      n.outcome = 'forbidden';
      return sendRefusal(reply, caller.refusal, { extra: { tool_id: toolId, latency_ms: 0 } });
    }
    const format = body.format === undefined ? undefined : readFormat(body.format);
    if (format && 'body' in format) return reply.code(400).send({ ...format.body, tool_id: toolId });
    const traceparent = (n.traceparent = pickTraceparent(req.headers.traceparent, body.context?.traceparent));

    const controller = new AbortController();
    inflight.add(controller);
    const onClose = () => {
      if (!reply.raw.writableFinished) controller.abort(new Error('the HTTP client went away'));
    };
    reply.raw.once('close', onClose);
    try {
      const outcome = await service.invoke({
        name: toolId,
        args: body.args ?? {},
        context: contextOf(body, caller.agentId, traceparent),
        signal: controller.signal,
        caller,
        ...(body.toolbox_id ? { toolboxId: body.toolbox_id } : {}),
        ...(body.max_output_chars !== undefined ? { maxOutputChars: body.max_output_chars } : {}),
        ...confirmationRequestOf(body.confirm_token, req.headers['accept-language']),
        ...(format ? { format: format.format } : {}),
      });
      // a tool that ran but answered `success: false` logs as the failure it is (the answer is the tool's, unchanged)
      n.outcome = outcome.ok ? (outcome.result.success === false ? 'tool_error' : 'ok') : outcome.error.code;
      // other body fields are context for the tool (toolcore); only another spelling of `args` is called out
      const ignored = ignoredKeys(body, CALL_KEYS, true);
      const note = ignored.length ? ignoredKeysNote(ignored, 'args') : undefined;
      if (outcome.ok) {
        return {
          ok: true,
          result: outcome.result,
          tool_id: toolId,
          latency_ms: outcome.latencyMs,
          ...(outcome.truncated ? { truncated: truncatedJson(outcome.truncated) } : {}),
          ...(note ? { warnings: [note] } : {}),
        };
      }
      const refusal = note ? { ...outcome, error: { ...outcome.error, error: `${outcome.error.error} (note: ${note})` } } : outcome;
      return sendRefusal(reply, refusal, { kind: 'call', errorFirst: true, extra: { tool_id: toolId, latency_ms: outcome.latencyMs, ...confirmationJson(outcome.confirmation) } });
    } finally {
      inflight.delete(controller);
      reply.raw.off('close', onClose);
    }
  });
}
