import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { checkTarget, FetchRefusedError, type ResolvedAddress, type UrlPolicy } from './urlPolicy.js';

/** Options of {@link safeGet} and {@link safeRequest}. */
export interface SafeGetOptions {
  /** Which schemes, hosts and addresses may be reached (every redirect hop is checked again). */
  policy: UrlPolicy;
  /** Redirects to follow; one more is an error. */
  maxRedirects: number;
  /** Largest body {@link SafeResponse.read} returns, counted after decompression. */
  maxBytes: number;
  /** The `User-Agent` header. */
  userAgent: string;
  /** Aborts everything: connecting, redirects and body reading. */
  signal: AbortSignal;
  /** The `Accept` header. */
  accept?: string;
}

/** Options of {@link safeRequest}: those of {@link SafeGetOptions} plus a method, a body and its type. */
export interface SafeRequestOptions extends SafeGetOptions {
  /** `GET` (default) or `POST`. */
  method?: 'GET' | 'POST';
  /** The request body (POST only), sent with `Content-Length`. */
  body?: string | Buffer;
  /** The body's `Content-Type`, e.g. `application/json`. */
  contentType?: string;
}

/** A final (non-redirect) answer whose body has not been read yet. */
export interface SafeResponse {
  /** The URL that answered, after redirects. */
  finalUrl: string;
  /** The HTTP status code, e.g. 200. */
  status: number;
  /** The HTTP reason phrase, e.g. `OK`. */
  statusText: string;
  /** Lower-case media type without parameters, e.g. `text/html`; `''` when the server sent none. */
  mediaType: string;
  /** The `charset` parameter of Content-Type, lower-case, or `null`. */
  charset: string | null;
  /** Reads (and decompresses) the body, stopping at `maxBytes`; `capped` tells whether it stopped early. */
  read(): Promise<{ bytes: Buffer; capped: boolean }>;
  /** Drops the body unread and closes the connection. */
  discard(): void;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * An SSRF-safe HTTP(S) GET: {@link safeRequest} with method `GET`.
 *
 * @throws as {@link safeRequest}.
 */
export function safeGet(start: string | URL, opts: SafeGetOptions): Promise<SafeResponse> {
  return safeRequest(start, { ...opts, method: 'GET' });
}

/**
 * An SSRF-safe HTTP(S) request: every hop (the first URL and each redirect target) goes through
 * {@link checkTarget}, the connection is made only to the addresses that check returned (a pinned
 * `lookup`, so a second DNS answer cannot differ), redirects are followed by hand up to `maxRedirects`,
 * and no connection is pooled or reused. A POST is re-sent (body included) only on a 307/308 redirect; a
 * 301/302/303 answer to a POST is refused rather than silently turned into a GET.
 *
 * @throws {@link FetchRefusedError} for a refused URL on any hop, too many redirects, or a redirect without
 *   a usable Location; network errors (e.g. `ECONNREFUSED`); the signal's reason when `signal` fires.
 */
export async function safeRequest(start: string | URL, opts: SafeRequestOptions): Promise<SafeResponse> {
  let url = new URL(start);
  for (let hop = 0; ; hop++) {
    const target = await checkTarget(url, opts.policy);
    opts.signal.throwIfAborted();
    const res = await requestOnce(target.url, target.addresses, opts);
    const status = res.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      res.destroy();
      const location = res.headers.location;
      if (!location) throw new FetchRefusedError(`${url.href} answered HTTP ${status} without a Location header.`);
      if (hop >= opts.maxRedirects) throw new FetchRefusedError(`Too many redirects (more than ${opts.maxRedirects}); last one pointed to ${location}.`);
      if ((opts.method ?? 'GET') !== 'GET' && status !== 307 && status !== 308) {
        throw new FetchRefusedError(`${url.href} answered a ${opts.method} with HTTP ${status} (a redirect that would drop the body); only 307/308 are followed.`);
      }
      try {
        url = new URL(location, url);
      } catch {
        throw new FetchRefusedError(`${url.href} redirected to an invalid URL: ${JSON.stringify(location)}.`);
      }
      continue;
    }
    return toSafeResponse(url, res, opts);
  }
}

function requestOnce(url: URL, addresses: ResolvedAddress[], opts: SafeRequestOptions): Promise<http.IncomingMessage> {
  const mod = url.protocol === 'https:' ? https : http;
  const method = opts.method ?? 'GET';
  const body = method === 'POST' && opts.body !== undefined ? Buffer.from(opts.body) : undefined;
  return new Promise((resolve, reject) => {
    const req = mod.request(url, {
      method,
      agent: false,
      lookup: pinnedLookup(addresses),
      signal: opts.signal,
      headers: {
        'user-agent': opts.userAgent,
        accept: opts.accept ?? 'text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.1',
        'accept-encoding': 'gzip, deflate, br',
        ...(body ? { 'content-type': opts.contentType ?? 'application/octet-stream', 'content-length': String(body.length) } : {}),
      },
    });
    req.once('response', resolve);
    req.once('error', (err) => reject(opts.signal.aborted ? opts.signal.reason : err));
    req.end(body);
  });
}

/** A `lookup` that answers only with the pre-checked addresses, whatever the host name. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
    const o = (typeof options === 'object' && options !== null ? options : { family: options }) as { family?: unknown; all?: boolean };
    const family = o.family === 4 || o.family === 'IPv4' ? 4 : o.family === 6 || o.family === 'IPv6' ? 6 : 0;
    const list = family ? addresses.filter((a) => a.family === family) : addresses;
    if (list.length === 0) {
      callback(Object.assign(new Error(`no IPv${family} address among the checked ones`), { code: 'ENOTFOUND' }));
      return;
    }
    if (o.all) callback(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  }) as LookupFunction;
}

function toSafeResponse(url: URL, res: http.IncomingMessage, opts: SafeGetOptions): SafeResponse {
  const contentType = String(res.headers['content-type'] ?? '');
  const [type = '', ...params] = contentType.split(';');
  const charset = params.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(p)?.[1]).find(Boolean);
  return {
    finalUrl: url.href,
    status: res.statusCode ?? 0,
    statusText: res.statusMessage ?? '',
    mediaType: type.trim().toLowerCase(),
    charset: charset ? charset.toLowerCase() : null,
    discard: () => res.destroy(),
    read: () => readCapped(res, opts),
  };
}

async function readCapped(res: http.IncomingMessage, opts: SafeGetOptions): Promise<{ bytes: Buffer; capped: boolean }> {
  const decoder = decoderFor(String(res.headers['content-encoding'] ?? '').trim().toLowerCase());
  const stream: Readable = decoder ? pipeline(res, decoder, () => {}) : res;
  const onAbort = () => res.destroy(opts.signal.reason);
  opts.signal.addEventListener('abort', onAbort, { once: true });
  const chunks: Buffer[] = [];
  let total = 0;
  let capped = false;
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      chunks.push(buf);
      total += buf.length;
      if (total > opts.maxBytes) {
        capped = true;
        break;
      }
    }
  } catch (err) {
    if (opts.signal.aborted) throw opts.signal.reason;
    throw err;
  } finally {
    opts.signal.removeEventListener('abort', onAbort);
    res.destroy();
  }
  return { bytes: Buffer.concat(chunks).subarray(0, opts.maxBytes), capped };
}

function decoderFor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip();
  if (encoding === 'deflate') return zlib.createInflate();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  return null;
}
