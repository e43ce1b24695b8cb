import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { httpStatus, sendRefusal, type HttpRefusal, type RefusalReplyOptions } from './refusalReply.js';

/** Answers one refusal through a real Fastify reply and returns what the client gets. */
async function answer(refusal: HttpRefusal, options?: RefusalReplyOptions) {
  const app = Fastify();
  app.get('/', async (_req, reply) => sendRefusal(reply, refusal, options));
  try {
    const res = await app.inject({ method: 'GET', url: '/' });
    return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.body };
  } finally {
    await app.close();
  }
}

describe('the one refusal → HTTP mapper', () => {
  it('a call’s refusal is 200 unless its code says otherwise; any other request’s is never 200', () => {
    for (const [code, call, request] of [
      ['invalid_request', 400, 400],
      ['unauthorized', 401, 401],
      ['forbidden', 403, 403],
      ['unknown_tool', 404, 404],
      ['not_found', 404, 404],
      ['rate_limited', 429, 429],
      ['state_unavailable', 503, 503],
      ['toolbox_unavailable', 200, 503],
      ['overloaded', 200, 503],
      ['timeout', 200, 400],
    ] as const) {
      expect([code, httpStatus(code, 'call'), httpStatus(code, 'request')]).toEqual([code, call, request]);
    }
  });

  it('bodies keep each answer’s key order, extras after; Retry-After in whole seconds when the refusal says when', async () => {
    const forbidden = { error: { error: 'PermissionError: no', code: 'forbidden' } };
    expect(await answer(forbidden, { extra: { tool_id: 't' } })).toEqual({ status: 403, retryAfter: undefined, body: '{"ok":false,"code":"forbidden","error":"PermissionError: no","tool_id":"t"}' });
    expect(await answer(forbidden, { errorFirst: true })).toEqual({ status: 403, retryAfter: undefined, body: '{"ok":false,"error":"PermissionError: no","code":"forbidden"}' });
    const limited = { error: { error: 'refused by agent "a": rate_per_minute 1 reached', code: 'rate_limited' }, retryAfterMs: 1_500 };
    expect(await answer(limited, { kind: 'call', errorFirst: true })).toMatchObject({ status: 429, retryAfter: '2' });
    // a catalog read while the first load runs: 503, Retry-After 1, error first (as it always was)
    const loading = { error: { error: 'RuntimeError: still loading', code: 'toolbox_unavailable' } };
    expect(await answer(loading, { extra: { tool_id: 't' } })).toEqual({ status: 503, retryAfter: '1', body: '{"ok":false,"error":"RuntimeError: still loading","code":"toolbox_unavailable","tool_id":"t"}' });
    // the same code on a call (a toolbox down) is the call's answer: 200, no Retry-After
    expect(await answer(loading, { kind: 'call', errorFirst: true })).toMatchObject({ status: 200, retryAfter: undefined });
  });
});
