import type { WebConfig } from '../config/WebConfig.js';
import { politeFetch } from './politeFetch.js';
import { RateLimiter } from './RateLimiter.js';
import { SearchBackendError, type SearchBackend, type SearchHit } from './SearchBackend.js';

/**
 * Searches a SearXNG instance through its JSON API: `GET {searxng_url}/search?q=…&format=json`
 * (plus `language` when configured). The instance must list `json` in `search.formats` of its
 * settings.yml; otherwise it answers 403, which is explained in the error.
 */
export class SearxngBackend implements SearchBackend {
  readonly name = 'SearXNG';
  private readonly limiter: RateLimiter;
  private readonly baseUrl: string;

  constructor(private readonly config: WebConfig) {
    if (!config.searxngUrl) throw new SearchBackendError('backend "searxng" needs searxng_url (or env SEARXNG_URL), e.g. "http://localhost:8888"');
    this.baseUrl = config.searxngUrl.endsWith('/') ? config.searxngUrl : `${config.searxngUrl}/`;
    this.limiter = new RateLimiter(config.minIntervalMs);
  }

  /** {@inheritDoc SearchBackend.search} */
  async search(query: string, maxResults: number, signal: AbortSignal): Promise<SearchHit[]> {
    const url = new URL('search', this.baseUrl);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'json');
    if (this.config.language) url.searchParams.set('language', this.config.language);
    const res = await politeFetch(
      url.href,
      { method: 'GET', headers: { 'user-agent': this.config.userAgent, accept: 'application/json' } },
      { label: `${this.name} (${url.origin})`, limiter: this.limiter, ...this.config },
      signal,
    );
    if (res.status === 403) {
      throw new SearchBackendError(
        `${this.name} at ${url.origin} answered HTTP 403 Forbidden: its JSON output is disabled. Add "json" to search.formats in the instance's settings.yml.`,
      );
    }
    if (res.status < 200 || res.status >= 300) {
      throw new SearchBackendError(`${this.name} at ${url.origin} answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`);
    }
    let data: unknown;
    try {
      data = JSON.parse(res.body);
    } catch (err) {
      throw new SearchBackendError(`${this.name} at ${url.origin} returned invalid JSON (${(err as Error).message}); is searxng_url the instance's base URL?`);
    }
    const results = (data as { results?: unknown })?.results;
    if (!Array.isArray(results)) {
      throw new SearchBackendError(`${this.name} at ${url.origin} returned JSON without a "results" list; is searxng_url the instance's base URL?`);
    }
    const hits: SearchHit[] = [];
    const seen = new Set<string>();
    for (const r of results as Array<Record<string, unknown>>) {
      const link = typeof r?.url === 'string' ? r.url : '';
      if (!link || seen.has(link)) continue;
      seen.add(link);
      hits.push({ title: str(r.title), url: link, snippet: str(r.content) });
      if (hits.length >= maxResults) break;
    }
    if (hits.length === 0) {
      const down = unresponsive(data);
      if (down) throw new SearchBackendError(`${this.name} at ${url.origin} found nothing because its engines failed: ${down}.`);
    }
    return hits;
  }
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '';
}

/** `unresponsive_engines: [[engine, reason], ...]` as `google (timeout), bing (CAPTCHA)`, or `''`. */
function unresponsive(data: unknown): string {
  const list = (data as { unresponsive_engines?: unknown })?.unresponsive_engines;
  if (!Array.isArray(list) || list.length === 0) return '';
  return list.map((e) => (Array.isArray(e) ? `${str(e[0])}${e[1] ? ` (${str(e[1])})` : ''}` : str(e))).join(', ');
}
