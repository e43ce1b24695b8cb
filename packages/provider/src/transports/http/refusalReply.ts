import type { FastifyReply } from 'fastify';
import type { Refusal } from '../../service/Refusal.js';

/**
 * What a refusal answers on HTTP: `call` — the outcome of `POST /internal/tools/call` (the tool ran, or could not, and
 * said why: 200 with `ok: false` unless the code says otherwise, as toolcore); `request` — any other route (the
 * request itself is refused: never 200).
 */
export type RefusalKind = 'call' | 'request';

/**
 * The HTTP status of a refusal by its code: 400 a bad request (`invalid_request`, like a body that fails its schema),
 * 401 no valid credential, 403 forbidden, 404 an unknown tool or route, 429 an agent over its limits, 503 the shared
 * state the call needs is unreachable; else, for a `call`, 200 (`ok: false`); for a `request`, 503 when the provider
 * cannot serve it now (still loading its toolboxes: `toolbox_unavailable`; every stream taken: `overloaded`), else 400.
 */
export function httpStatus(code: string, kind: RefusalKind): number {
  switch (code) {
    case 'invalid_request':
      return 400;
    case 'unauthorized':
      return 401;
    case 'forbidden':
      return 403;
    case 'unknown_tool':
    case 'not_found':
      return 404;
    case 'rate_limited':
      return 429;
    case 'state_unavailable':
      return 503;
    default:
      if (kind === 'call') return 200;
      return code === 'toolbox_unavailable' || code === 'overloaded' ? 503 : 400;
  }
}

/**
 * A refusal as HTTP answers it: the service's {@link Refusal}, or one of the HTTP door's own (`unauthorized`,
 * `not_found`, `overloaded` streams), whose codes are the door's rather than core's `ToolErrorCode`.
 */
export interface HttpRefusal {
  /** `{error, code}` of the answer. */
  error: { error: string; code: string };
  /** When to retry, in ms from now, if known (`Retry-After`). */
  retryAfterMs?: number | undefined;
}

/** How {@link sendRefusal} answers: the kind of answer, and the members the route adds after `error`/`code`. */
export interface RefusalReplyOptions {
  /** Default `request`. */
  kind?: RefusalKind;
  /** Added after the error, e.g. `{tool_id, latency_ms}`. */
  extra?: Record<string, unknown>;
  /**
   * `{ok, error, code}` rather than `{ok, code, error}`: the order of the service's own outcomes (a call's, an
   * operator action's, the first load's), kept as each answer always had it (pinned by the docs' transcripts).
   */
  errorFirst?: boolean;
}

/**
 * The one refusal → HTTP mapper of the HTTP API (`/mcp` answers in JSON-RPC): the status of {@link httpStatus},
 * `Retry-After` in whole seconds when the refusal says when to retry (a request refused while the provider still
 * loads: 1 s), and the body `{ok: false, code, error, ...extra}` (or error first, see {@link RefusalReplyOptions}).
 */
export function sendRefusal(reply: FastifyReply, refusal: Refusal | HttpRefusal, options: RefusalReplyOptions = {}): FastifyReply {
  const kind = options.kind ?? 'request';
  const { error, code } = refusal.error;
  const stillLoading = kind === 'request' && code === 'toolbox_unavailable';
  const retryAfterMs = refusal.retryAfterMs ?? (stillLoading ? 1000 : undefined);
  if (retryAfterMs !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  const body = options.errorFirst || stillLoading ? { ok: false, error, code, ...options.extra } : { ok: false, code, error, ...options.extra };
  return reply.code(httpStatus(code, kind)).send(body);
}
