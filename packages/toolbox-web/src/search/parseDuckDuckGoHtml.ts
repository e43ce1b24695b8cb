import { parseDocument } from '../extract/parseDocument.js';
import type { SearchHit } from './SearchBackend.js';

/** What a DuckDuckGo HTML answer turned out to be. */
export type DuckDuckGoPage =
  | {
      /** A results page (possibly with no hits). */
      kind: 'results';
      /** The hits in page order. */
      hits: SearchHit[];
    }
  | {
      /** DuckDuckGo's bot check ("anomaly") page instead of results. */
      kind: 'anomaly';
    }
  | {
      /** Neither: the page layout changed. */
      kind: 'unrecognised';
      /** What was seen, for the error text. */
      hint: string;
    };

const ANOMALY_MARKERS = ['anomaly-modal', 'bots use DuckDuckGo too', '/anomaly.js'];

/** True for DuckDuckGo's bot-check ("anomaly") page, served instead of results when it rate-limits. */
export function isDuckDuckGoAnomaly(html: string): boolean {
  return ANOMALY_MARKERS.some((m) => html.includes(m));
}

/**
 * Parses a page of `html.duckduckgo.com/html/`: organic results (`.result` blocks with `a.result__a`
 * and `.result__snippet`), skipping ads (`.result--ad`, `y.js` links) and duplicates, with DuckDuckGo's
 * redirect links (`//duckduckgo.com/l/?uddg=<target>`) unwrapped to the target URL.
 *
 * @returns `results` (possibly empty when the page says "No results"), `anomaly` for the bot-check page
 *   DuckDuckGo serves when it rate-limits, or `unrecognised` when the page has neither a result list nor a
 *   no-results marker (layout change, error page, truncated answer).
 */
export function parseDuckDuckGoHtml(html: string): DuckDuckGoPage {
  if (isDuckDuckGoAnomaly(html)) return { kind: 'anomaly' };
  const document = parseDocument(html);
  const hits: SearchHit[] = [];
  const seen = new Set<string>();
  for (const block of document.querySelectorAll('.result')) {
    if (block.classList.contains('result--ad')) continue;
    const link = block.querySelector('a.result__a');
    if (!link) continue;
    const url = unwrapDuckDuckGoLink(link.getAttribute('href') ?? '');
    if (!url || seen.has(url)) continue;
    seen.add(url);
    hits.push({
      title: clean(link.textContent),
      url,
      snippet: clean(block.querySelector('.result__snippet')?.textContent),
    });
  }
  if (hits.length > 0) return { kind: 'results', hits };
  if (document.querySelector('.no-results') || document.querySelector('#links') || document.querySelector('.serp__results')) {
    return { kind: 'results', hits: [] };
  }
  const title = clean(document.querySelector('title')?.textContent);
  return { kind: 'unrecognised', hint: title ? `page titled ${JSON.stringify(title.slice(0, 80))}` : 'no result list in the page' };
}

/**
 * Turns a DuckDuckGo result href into the target URL: `//duckduckgo.com/l/?uddg=<encoded>&rut=...` →
 * the decoded `uddg`; plain absolute http(s) links pass through. Ad links (`/y.js`) and anything that is
 * not http(s) give `null`.
 */
export function unwrapDuckDuckGoLink(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href.trim(), 'https://duckduckgo.com/');
  } catch {
    return null;
  }
  if (/(^|\.)duckduckgo\.com$/.test(url.hostname)) {
    if (url.pathname === '/l/' || url.pathname === '/l') {
      const target = url.searchParams.get('uddg');
      return target ? unwrapDuckDuckGoLink(target) : null;
    }
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

function clean(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}
