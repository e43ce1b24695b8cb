import { sleep } from '../util/sleep.js';
import type { RateLimiter } from './RateLimiter.js';
import { parseRetryAfter } from './retryAfter.js';
import { SearchBackendError } from './SearchBackend.js';

/** A fully read HTTP answer. */
export interface FetchedText {
  /** HTTP status code. */
  status: number;
  /** HTTP reason phrase. */
  statusText: string;
  /** Response headers. */
  headers: Headers;
  /** The body as text. */
  body: string;
  /** The URL that answered (after any redirects `fetch` followed). */
  url: string;
}

/** How {@link politeFetch} paces, times and retries requests. */
export interface PoliteFetchOptions {
  /** Backend name for messages, e.g. `DuckDuckGo`. */
  label: string;
  /** Spaces requests to the search engine (shared by every call of the toolbox). */
  limiter: RateLimiter;
  /** Per attempt, covering the body too. */
  timeoutMs: number;
  /** Extra attempts after a rate-limit answer. */
  maxRetries: number;
  /** First back-off when no `Retry-After` is given; doubles each retry. */
  backoffMs: number;
  /** Longest single wait; a longer `Retry-After` ends the search with an error. */
  maxBackoffMs: number;
  /**
   * Recognises a rate-limit answer beyond 429 and 503 (e.g. DuckDuckGo's 202 "anomaly" page);
   * returns a short description such as `HTTP 202 anomaly page`, or `null`.
   */
  detectRateLimit?: (res: FetchedText) => string | null;
}

/**
 * Sends one request through the backend's rate limiter, with a per-attempt timeout, and retries with
 * exponential back-off (honouring `Retry-After`) while the server answers "rate limited"
 * (HTTP 429, 503, or `detectRateLimit`). Every wait honours `signal`.
 *
 * @returns the first answer that is not a rate limit (any status; the caller interprets it).
 * @throws {@link SearchBackendError} on timeout, network failure, or a rate limit that outlasts the
 *   retries or asks for a longer wait than `maxBackoffMs`; the signal's reason when `signal` fires.
 */
export async function politeFetch(url: string, init: RequestInit, opts: PoliteFetchOptions, signal: AbortSignal): Promise<FetchedText> {
  for (let attempt = 0; ; attempt++) {
    await opts.limiter.acquire(signal);
    const res = await fetchOnce(url, init, opts, signal);
    const limited = res.status === 429 || res.status === 503 ? `HTTP ${res.status}` : (opts.detectRateLimit?.(res) ?? null);
    if (!limited) return res;

    const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
    if (attempt >= opts.maxRetries) {
      const hint = retryAfter !== null ? ` It asks to retry after ${Math.ceil(retryAfter / 1000)} s.` : '';
      throw new SearchBackendError(`${opts.label} is rate limiting requests (${limited}) and still was after ${attempt + 1} attempt(s).${hint} Try again later or raise min_interval_ms.`);
    }
    if (retryAfter !== null && retryAfter > opts.maxBackoffMs) {
      throw new SearchBackendError(
        `${opts.label} is rate limiting requests (${limited}) and asks to retry after ${Math.ceil(retryAfter / 1000)} s, longer than max_backoff_ms (${opts.maxBackoffMs} ms). Try again later.`,
      );
    }
    const wait = retryAfter ?? Math.min(opts.maxBackoffMs, opts.backoffMs * 2 ** attempt * (1 + Math.random() * 0.2));
    await sleep(wait, signal);
  }
}

async function fetchOnce(url: string, init: RequestInit, opts: PoliteFetchOptions, signal: AbortSignal): Promise<FetchedText> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.any([signal, timeout]) });
    const body = await res.text();
    return { status: res.status, statusText: res.statusText, headers: res.headers, body, url: res.url || url };
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    if (timeout.aborted) {
      throw new SearchBackendError(`${opts.label} did not answer within ${opts.timeoutMs / 1000} s (timeout_s).`, { cause: err });
    }
    throw new SearchBackendError(`could not reach ${opts.label} at ${safeOrigin(url)}: ${networkReason(err)}`, { cause: err });
  }
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The most specific text of a fetch failure (undici wraps the socket error as `cause`). */
export function networkReason(err: unknown): string {
  const cause = (err as { cause?: unknown })?.cause;
  const inner = cause instanceof Error ? cause : err;
  const code = (inner as { code?: unknown })?.code;
  const msg = inner instanceof Error ? inner.message : String(inner);
  return typeof code === 'string' && !msg.includes(code) ? `${code}: ${msg}` : msg;
}
