import { Type } from '@ovos-tools/core';
import { configProblem, configProblemText, readConfig, type ConfigProblem } from '@ovos-tools/core/node';

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

/** The toolbox id, as config problem texts name it. */
const OWNER = 'ovos-web-search-tools';

/** A number key from `minimum` to `maximum` with its default. */
const num = (minimum: number, maximum: number, dflt: number, description: string) => Type.Number({ minimum, maximum, default: dflt, description });

/** The keys of the `ovos-web-search-tools` config section; URLs are checked after reading (see {@link parseWebConfig}). */
export const WebConfigSchema = Type.Object({
  backend: Type.Optional(Type.Enum(['duckduckgo', 'searxng'], { description: 'Search backend; default `searxng` when a SearXNG URL is known, else `duckduckgo`.' })),
  ddg_url: Type.String({ default: DEFAULT_DDG_URL, description: 'The DuckDuckGo HTML endpoint (an http(s) URL).' }),
  searxng_url: Type.Optional(Type.String({ description: 'Base URL of a SearXNG instance (an http(s) URL); default env `SEARXNG_URL`.' })),
  region: Type.Optional(Type.String({ description: 'DuckDuckGo `kl` region code such as `us-en`.' })),
  language: Type.Optional(Type.String({ description: 'SearXNG `language` parameter such as `en`.' })),
  timeout_s: num(0.001, 3600, 10, 'Per search request attempt, and for the whole of one `fetch_url`, in seconds.'),
  min_interval_ms: num(0, 600_000, 1000, 'Minimum time between two requests to the same search backend, in ms.'),
  max_retries: num(0, 10, 2, 'Extra attempts after a rate-limit answer (rounded down).'),
  backoff_ms: num(0, 600_000, 1000, 'First back-off wait without `Retry-After`, in ms; doubles per retry.'),
  max_backoff_ms: num(0, 3_600_000, 10_000, 'Longest single wait, in ms.'),
  user_agent: Type.String({ default: DEFAULT_USER_AGENT, description: 'The `User-Agent` header of every request.' }),
  allow_private_network: Type.Boolean({ default: false, description: 'Let `fetch_url` reach private, loopback and link-local addresses.' }),
  allowed_hosts: Type.Array(Type.String(), { default: [], description: '`host` or `host:port` entries that skip the private-address refusal.' }),
  max_bytes: num(1, 1024 * 1024 * 1024, 2 * 1024 * 1024, 'Largest response body `fetch_url` reads (after decompression), in bytes (rounded down).'),
  max_redirects: num(0, 20, 5, 'Redirects `fetch_url` follows (rounded down).'),
});

/**
 * Validates a raw config section and fills in defaults. Never throws: an invalid key keeps its default
 * and adds a sentence to `problems` (the tools report those sentences instead of running), reading
 * `ovos-web-search-tools config '<key>': must be ..., received ...`. Numbers may be numeric strings; booleans may be
 * `"true"`/`"false"` (or `"yes"`/`"no"`, `"on"`/`"off"`, `"1"`/`"0"`). An empty string counts as unset for the URL,
 * `region`, `language` and `user_agent` keys.
 *
 * @param raw - the toolbox's config section (snake_case keys), possibly `{}`.
 * @param env - where `SEARXNG_URL` is read (only when the section has no `searxng_url`); default `process.env`.
 */
export function parseWebConfig(raw: Readonly<Record<string, unknown>>, env: NodeJS.ProcessEnv = process.env): ParsedWebConfig {
  const { config: c, problems } = readConfig(WebConfigSchema, raw);
  const sentences = problems.map((p) => configProblemText(OWNER, p));
  const urlProblem = (p: ConfigProblem) => sentences.push(configProblemText(OWNER, p));

  const ddgUrl = httpUrl('ddg_url', c.ddg_url, urlProblem) ?? DEFAULT_DDG_URL;
  let searxngUrl = httpUrl('searxng_url', c.searxng_url, urlProblem);
  const envUrl = env.SEARXNG_URL?.trim();
  if (searxngUrl === null && raw?.searxng_url === undefined && envUrl) {
    searxngUrl = checkHttpUrl(envUrl);
    if (searxngUrl === null) sentences.push(`${OWNER} env SEARXNG_URL: ${configProblem('SEARXNG_URL', 'must be an http(s) URL such as http://localhost:8888', env.SEARXNG_URL).message}`);
  }
  const backend: BackendName = c.backend ?? (searxngUrl ? 'searxng' : 'duckduckgo');
  if (c.backend === 'searxng' && !searxngUrl) {
    urlProblem(configProblem('searxng_url', 'must be an http(s) URL such as "http://localhost:8888" (or env SEARXNG_URL) when backend is "searxng"', raw?.searxng_url));
  }

  const config: WebConfig = {
    backend,
    ddgUrl,
    searxngUrl,
    region: c.region || null,
    language: c.language || null,
    timeoutMs: Math.round(c.timeout_s * 1000),
    minIntervalMs: c.min_interval_ms,
    maxRetries: Math.floor(c.max_retries),
    backoffMs: c.backoff_ms,
    maxBackoffMs: c.max_backoff_ms,
    userAgent: c.user_agent || DEFAULT_USER_AGENT,
    allowPrivateNetwork: c.allow_private_network,
    allowedHosts: c.allowed_hosts.map((h) => h.trim().toLowerCase()).filter(Boolean),
    maxBytes: Math.floor(c.max_bytes),
    maxRedirects: Math.floor(c.max_redirects),
  };
  return { config, problems: sentences };
}

/** The normalised http(s) URL of a config string; `null` for unset or empty, and for a non-http(s) value (a problem). */
function httpUrl(key: string, value: string | undefined, problem: (p: ConfigProblem) => void): string | null {
  if (value === undefined || value === '') return null;
  const url = checkHttpUrl(value.trim());
  if (url === null) problem(configProblem(key, 'must be an http(s) URL', value));
  return url;
}

function checkHttpUrl(value: string): string | null {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}
