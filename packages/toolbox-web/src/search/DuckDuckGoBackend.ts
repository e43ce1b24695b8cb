import type { WebConfig } from '../config/WebConfig.js';
import { isDuckDuckGoAnomaly, parseDuckDuckGoHtml } from './parseDuckDuckGoHtml.js';
import { politeFetch, type FetchedText } from './politeFetch.js';
import { RateLimiter } from './RateLimiter.js';
import { SearchBackendError, type SearchBackend, type SearchHit } from './SearchBackend.js';

/**
 * Searches DuckDuckGo's no-JavaScript HTML endpoint (config `ddg_url`, default
 * `https://html.duckduckgo.com/html/`) with a form POST (`q`, optional `kl` region), as the
 * `duckduckgo-search` package OVOS uses does. Best effort: DuckDuckGo answers bots with HTTP 202 and an
 * "anomaly" challenge page, which is treated as a rate limit (back-off, then an error).
 */
export class DuckDuckGoBackend implements SearchBackend {
  readonly name = 'DuckDuckGo';
  private readonly limiter: RateLimiter;

  constructor(private readonly config: WebConfig) {
    this.limiter = new RateLimiter(config.minIntervalMs);
  }

  /** {@inheritDoc SearchBackend.search} */
  async search(query: string, maxResults: number, signal: AbortSignal): Promise<SearchHit[]> {
    const form = new URLSearchParams({ q: query, b: '' });
    if (this.config.region) form.set('kl', this.config.region);
    const res = await politeFetch(
      this.config.ddgUrl,
      {
        method: 'POST',
        body: form.toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': this.config.userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
          referer: new URL(this.config.ddgUrl).origin + '/',
        },
      },
      { label: this.name, limiter: this.limiter, ...this.config, detectRateLimit },
      signal,
    );
    if (res.status < 200 || res.status >= 300) {
      throw new SearchBackendError(`${this.name} answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`);
    }
    const page = parseDuckDuckGoHtml(res.body);
    if (page.kind === 'anomaly') throw new SearchBackendError(`${this.name} served its bot-check page; try again later.`);
    if (page.kind === 'unrecognised') {
      throw new SearchBackendError(`${this.name} answered with a page this toolbox cannot read (${page.hint}); its layout may have changed, or set backend "searxng".`);
    }
    return page.hits.slice(0, maxResults);
  }
}

function detectRateLimit(res: FetchedText): string | null {
  if (res.status === 202) return 'HTTP 202 anomaly page';
  if (res.status >= 200 && res.status < 300 && isDuckDuckGoAnomaly(res.body)) return 'anomaly page';
  return null;
}
