/**
 * What a failed request to an MCP server means for its connection:
 * - `session-gone`: the server no longer knows our session — HTTP 404 (the MCP spec's answer for a terminated or
 *   unknown session), or HTTP 400 saying so (the official SDK's example servers, `server-everything` included,
 *   answer `Bad Request: No valid session ID provided` after a restart; an SDK transport that was never
 *   initialized answers `Server not initialized`). The server refused the request before running it, so a new
 *   session may be started and the request sent again.
 * - `unreachable`: nothing answered (connection refused, host unknown, reset, timeout of the connect).
 * - `other`: anything else (an HTTP error status, a JSON-RPC error, a timeout of the request).
 */
export type FailureKind = 'session-gone' | 'unreachable' | 'other';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/** Classifies `err` as thrown by the MCP SDK client (see {@link FailureKind}); reads shapes, never `instanceof`. */
export function classifyFailure(err: unknown): FailureKind {
  const status = httpStatus(err);
  if (status === 404) return 'session-gone';
  if (status === 400 && /session|not initialized/i.test(httpText(err))) return 'session-gone';
  if (status !== undefined) return 'other';
  // a 400 whose JSON-RPC error the SDK delivered as a protocol error (2026-era exchanges)
  if (err instanceof Error && /session not found|no valid session/i.test(err.message)) return 'session-gone';
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return 'unreachable';
    if (e instanceof TypeError && e.message === 'fetch failed') return 'unreachable';
  }
  return 'other';
}

/** The error's message followed by its causes' (`fetch failed: connect ECONNREFUSED 127.0.0.1:9`), at most 500 characters. */
export function errorText(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e !== undefined && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const text = e instanceof Error ? e.message : typeof e === 'object' ? '' : String(e);
    if (text && !parts.some((p) => p.includes(text))) parts.push(text);
    if (typeof e !== 'object') break;
  }
  const text = parts.join(': ') || String(err);
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

/** The HTTP status an SDK `SdkHttpError` carries (`data.status`), if any. */
function httpStatus(err: unknown): number | undefined {
  const data = (err as { data?: { status?: unknown } } | null)?.data;
  return typeof data?.status === 'number' ? data.status : undefined;
}

function httpText(err: unknown): string {
  const data = (err as { data?: { text?: unknown } } | null)?.data;
  return `${typeof data?.text === 'string' ? data.text : ''} ${err instanceof Error ? err.message : ''}`;
}
