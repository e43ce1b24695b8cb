import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../service/Caller.js';

/** What one request carries between the layers: the caller the authentication hook found, and what the access log prints. */
export interface RequestState {
  /** Who the request acts for (set by the authentication hook; a route narrows it by a claimed `agent_id`). */
  caller?: Caller;
  /** The tool asked for, when any. */
  tool?: string;
  /** The outcome code, when not plain success. */
  outcome?: string;
  /** The W3C trace context of the call. */
  traceparent?: string;
  /** The call's arguments (logged only with `logArguments`). */
  args?: unknown;
  /** When the request arrived (`performance.now()`). */
  startedAt?: number;
}

const states = new WeakMap<FastifyRequest, RequestState>();

/** The {@link RequestState} of `req` (created on first use). */
export function stateOf(req: FastifyRequest): RequestState {
  let s = states.get(req);
  if (!s) states.set(req, (s = {}));
  return s;
}

/** The caller the authentication hook set for `req`; throws when a route runs without it (a wiring mistake). */
export function callerOf(req: FastifyRequest): Caller {
  const caller = states.get(req)?.caller;
  if (!caller) throw new Error(`no caller for ${req.method} ${req.url}: the authentication hook did not run`);
  return caller;
}
