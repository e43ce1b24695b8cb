/** The search backends `web_search` can use. */
export type BackendName = 'duckduckgo' | 'searxng';

/** Default DuckDuckGo HTML endpoint (the one OVOS's `duckduckgo-search` dependency scrapes). */
export const DEFAULT_DDG_URL = 'https://html.duckduckgo.com/html/';

/** Default `User-Agent` sent by every request of this toolbox. */
export const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; ovos-tools-web/0.1; +https://github.com/OpenVoiceOS)';

/**
 * The toolbox configuration after validation, in TypeScript names. Built by {@link parseWebConfig}
 * from the snake_case config section (`ovos-web-search-tools` in provider config).
 */
export interface WebConfig {
  /** Chosen backend: config `backend`, else `searxng` when a SearXNG URL is known, else `duckduckgo`. */
  backend: BackendName;
  /** `ddg_url`: the DuckDuckGo HTML endpoint. */
  ddgUrl: string;
  /** `searxng_url` (or env `SEARXNG_URL`): base URL of a SearXNG instance; `null` when unset. */
  searxngUrl: string | null;
  /** `region`: DuckDuckGo `kl` region code such as `us-en`; `null` = DuckDuckGo's default. */
  region: string | null;
  /** `language`: SearXNG `language` parameter such as `en`; `null` = the instance default. */
  language: string | null;
  /** `timeout_s` in milliseconds: per search request attempt, and for the whole of one `fetch_url`. */
  timeoutMs: number;
  /** `min_interval_ms`: minimum time between two requests to the same search backend. */
  minIntervalMs: number;
  /** `max_retries`: extra attempts after a rate-limit answer (429, 503, DuckDuckGo 202/anomaly). */
  maxRetries: number;
  /** `backoff_ms`: first back-off wait when the server gives no `Retry-After`; doubles per retry. */
  backoffMs: number;
  /** `max_backoff_ms`: longest single wait; a `Retry-After` asking for more ends the search with an error. */
  maxBackoffMs: number;
  /** `user_agent`: the `User-Agent` header. */
  userAgent: string;
  /** `allow_private_network`: let `fetch_url` reach private, loopback and link-local addresses. */
  allowPrivateNetwork: boolean;
  /** `allowed_hosts`: `host` or `host:port` entries (lower-case) that skip the private-address refusal. */
  allowedHosts: string[];
  /** `max_bytes`: largest response body `fetch_url` reads (after decompression). */
  maxBytes: number;
  /** `max_redirects`: redirects `fetch_url` follows, each re-checked. */
  maxRedirects: number;
}

/** The result of {@link parseWebConfig}: usable settings plus what was wrong with the raw section. */
export interface ParsedWebConfig {
  /** The config, with defaults for what was missing or refused. */
  config: WebConfig;
  /** One sentence per invalid key, saying what is expected; empty when the section is valid. */
  problems: string[];
}

/**
 * Validates a raw config section and fills in defaults. Never throws: an invalid key keeps its default
 * and adds a sentence to `problems` (the tools report those sentences instead of running).
 *
 * @param raw - the toolbox's config section (snake_case keys), possibly `{}`.
 * @param env - where `SEARXNG_URL` is read; default `process.env`.
 */
export function parseWebConfig(raw: Readonly<Record<string, unknown>>, env: NodeJS.ProcessEnv = process.env): ParsedWebConfig {
  const problems: string[] = [];
  const read = new Reader(raw ?? {}, problems);

  const ddgUrl = read.httpUrl('ddg_url', DEFAULT_DDG_URL)!;
  let searxngUrl = read.httpUrl('searxng_url', null);
  if (searxngUrl === null && raw?.searxng_url === undefined && typeof env.SEARXNG_URL === 'string' && env.SEARXNG_URL.trim()) {
    searxngUrl = checkHttpUrl(env.SEARXNG_URL.trim());
    if (searxngUrl === null) problems.push(`env SEARXNG_URL must be an http(s) URL such as http://localhost:8888, got ${JSON.stringify(env.SEARXNG_URL)}`);
  }
  let backend: BackendName = searxngUrl ? 'searxng' : 'duckduckgo';
  const rawBackend = raw?.backend;
  if (rawBackend !== undefined && rawBackend !== null) {
    if (rawBackend === 'duckduckgo' || rawBackend === 'searxng') backend = rawBackend;
    else problems.push(`backend must be "duckduckgo" or "searxng", got ${JSON.stringify(rawBackend)}`);
  }
  if (backend === 'searxng' && !searxngUrl && rawBackend === 'searxng') {
    problems.push('backend "searxng" needs searxng_url (or env SEARXNG_URL), e.g. "http://localhost:8888"');
  }

  const config: WebConfig = {
    backend,
    ddgUrl,
    searxngUrl,
    region: read.optionalString('region'),
    language: read.optionalString('language'),
    timeoutMs: Math.round(read.number('timeout_s', 10, 0.001, 3600) * 1000),
    minIntervalMs: read.number('min_interval_ms', 1000, 0, 600_000),
    maxRetries: Math.floor(read.number('max_retries', 2, 0, 10)),
    backoffMs: read.number('backoff_ms', 1000, 0, 600_000),
    maxBackoffMs: read.number('max_backoff_ms', 10_000, 0, 3_600_000),
    userAgent: read.optionalString('user_agent') ?? DEFAULT_USER_AGENT,
    allowPrivateNetwork: read.boolean('allow_private_network', false),
    allowedHosts: read.stringList('allowed_hosts').map((h) => h.trim().toLowerCase()).filter(Boolean),
    maxBytes: Math.floor(read.number('max_bytes', 2 * 1024 * 1024, 1, 1024 * 1024 * 1024)),
    maxRedirects: Math.floor(read.number('max_redirects', 5, 0, 20)),
  };
  return { config, problems };
}

function checkHttpUrl(value: string): string | null {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

class Reader {
  constructor(
    private readonly raw: Readonly<Record<string, unknown>>,
    private readonly problems: string[],
  ) {}

  private get(key: string): unknown {
    const v = this.raw[key];
    return v === null ? undefined : v;
  }

  httpUrl(key: string, fallback: string | null): string | null {
    const v = this.get(key);
    if (v === undefined || v === '') return fallback;
    const url = typeof v === 'string' ? checkHttpUrl(v.trim()) : null;
    if (url === null) this.problems.push(`${key} must be an http(s) URL string, got ${JSON.stringify(v)}`);
    return url ?? fallback;
  }

  optionalString(key: string): string | null {
    const v = this.get(key);
    if (v === undefined || v === '') return null;
    if (typeof v === 'string') return v;
    this.problems.push(`${key} must be a string, got ${JSON.stringify(v)}`);
    return null;
  }

  number(key: string, fallback: number, min: number, max: number): number {
    const v = this.get(key);
    if (v === undefined) return fallback;
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n === 'number' && Number.isFinite(n) && n >= min && n <= max) return n;
    this.problems.push(`${key} must be a number from ${min} to ${max}, got ${JSON.stringify(v)}`);
    return fallback;
  }

  boolean(key: string, fallback: boolean): boolean {
    const v = this.get(key);
    if (v === undefined) return fallback;
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    this.problems.push(`${key} must be true or false, got ${JSON.stringify(v)}`);
    return fallback;
  }

  stringList(key: string): string[] {
    const v = this.get(key);
    if (v === undefined) return [];
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
    this.problems.push(`${key} must be a list of strings such as ["intranet.example:8080"], got ${JSON.stringify(v)}`);
    return [];
  }
}
