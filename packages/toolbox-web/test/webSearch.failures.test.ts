import { afterEach, describe, expect, it } from 'vitest';
import { closeAllServers, fixture, makeToolbox, send, startServer } from './helpers/server.js';

afterEach(closeAllServers);

type Results = Array<{ title: string; url: string; snippet: string }>;
const snippetOf = (out: Record<string, unknown>) => (out.results as Results)[0]!.snippet;

describe('web_search failure modes (reported as a single "Search error" result)', () => {
  it('times out on a server that never answers', async () => {
    const server = await startServer(() => {
      /* never answer */
    });
    const tb = makeToolbox({ ddg_url: `${server.origin}/html/`, timeout_s: 0.5 });
    const started = Date.now();
    const out = await tb.callTool('web_search', { query: 'hang' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(out).toEqual({
      results: [{ title: 'Search error', url: '', snippet: 'Web search failed: DuckDuckGo did not answer within 0.5 s (timeout_s).' }],
      query: 'hang',
    });
  });

  it.each([
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
  ])('reports HTTP %i without retrying', async (status, text) => {
    const server = await startServer((_req, res) => send(res, status, 'text/html', '<html><body>error</body></html>'));
    const ddg = makeToolbox({ ddg_url: `${server.origin}/html/` });
    expect(snippetOf(await ddg.callTool('web_search', { query: 'x' }))).toBe(`Web search failed: DuckDuckGo answered HTTP ${status} ${text}.`);
    const searx = makeToolbox({ searxng_url: server.origin });
    expect(snippetOf(await searx.callTool('web_search', { query: 'x' }))).toBe(`Web search failed: SearXNG at ${server.origin} answered HTTP ${status} ${text}.`);
    expect(server.requests).toHaveLength(2);
  });

  it('retries after 429 with Retry-After, waiting as asked, then succeeds', async () => {
    const server = await startServer((_req, res, i) =>
      i === 0 ? send(res, 429, 'text/plain', 'Too Many Requests', { 'retry-after': '1' }) : send(res, 200, 'application/json', fixture('searxng-results.json')),
    );
    const tb = makeToolbox({ searxng_url: server.origin, backoff_ms: 10 });
    const out = await tb.callTool('web_search', { query: 'x', max_results: 1 });
    expect((out.results as Results)[0]!.url).toBe('https://www.openvoiceos.org/');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(900);
  });

  it('gives up after max_retries rate-limit answers', async () => {
    const server = await startServer((_req, res) => send(res, 429, 'text/plain', 'slow down'));
    const tb = makeToolbox({ searxng_url: server.origin, max_retries: 1, backoff_ms: 20 });
    const snippet = snippetOf(await tb.callTool('web_search', { query: 'x' }));
    expect(snippet).toBe(
      `Web search failed: SearXNG (${server.origin}) is rate limiting requests (HTTP 429) and still was after 2 attempt(s). Try again later or raise min_interval_ms.`,
    );
    expect(server.requests).toHaveLength(2);
  });

  it('does not wait for a Retry-After longer than max_backoff_ms', async () => {
    const server = await startServer((_req, res) => send(res, 503, 'text/plain', 'busy', { 'retry-after': '3600' }));
    const tb = makeToolbox({ searxng_url: server.origin });
    const started = Date.now();
    const snippet = snippetOf(await tb.callTool('web_search', { query: 'x' }));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(snippet).toContain('asks to retry after 3600 s, longer than max_backoff_ms (10000 ms)');
    expect(server.requests).toHaveLength(1);
  });

  it('treats the DuckDuckGo 202 anomaly page as a rate limit: backs off, then succeeds', async () => {
    const server = await startServer((_req, res, i) =>
      i < 2 ? send(res, 202, 'text/html', fixture('ddg-anomaly.html')) : send(res, 200, 'text/html', fixture('ddg-results.html')),
    );
    const tb = makeToolbox({ ddg_url: `${server.origin}/html/`, backoff_ms: 20 });
    const out = await tb.callTool('web_search', { query: 'openvoiceos', max_results: 1 });
    expect((out.results as Results)[0]!.title).toBe('OpenVoiceOS - Open Source Voice Assistant');
    expect(server.requests).toHaveLength(3);
  });

  it('reports a persistent anomaly page, also when served with status 200', async () => {
    const s202 = await startServer((_req, res) => send(res, 202, 'text/html', fixture('ddg-anomaly.html')));
    const s200 = await startServer((_req, res) => send(res, 200, 'text/html', fixture('ddg-anomaly.html')));
    const a = snippetOf(await makeToolbox({ ddg_url: s202.origin, max_retries: 1 }).callTool('web_search', { query: 'x' }));
    expect(a).toBe('Web search failed: DuckDuckGo is rate limiting requests (HTTP 202 anomaly page) and still was after 2 attempt(s). Try again later or raise min_interval_ms.');
    const b = snippetOf(await makeToolbox({ ddg_url: s200.origin, max_retries: 0 }).callTool('web_search', { query: 'x' }));
    expect(b).toContain('DuckDuckGo is rate limiting requests (anomaly page)');
    expect(s202.requests).toHaveLength(2);
    expect(s200.requests).toHaveLength(1);
  });

  it('reports a page it cannot read (malformed HTML, layout change)', async () => {
    const server = await startServer((_req, res) => send(res, 200, 'text/html', fixture('ddg-malformed.html')));
    const snippet = snippetOf(await makeToolbox({ ddg_url: server.origin }).callTool('web_search', { query: 'x' }));
    expect(snippet).toBe(
      'Web search failed: DuckDuckGo answered with a page this toolbox cannot read (page titled "502 Bad Gateway"); its layout may have changed, or set backend "searxng".',
    );
  });

  it('reports an unreachable backend', async () => {
    const server = await startServer(() => {});
    const origin = server.origin;
    await server.close();
    const snippet = snippetOf(await makeToolbox({ searxng_url: origin }).callTool('web_search', { query: 'x' }));
    expect(snippet).toMatch(new RegExp(`^Web search failed: could not reach SearXNG \\(${origin.replace(/\./g, '\\.')}\\) at ${origin.replace(/\./g, '\\.')}: .*ECONNREFUSED`));
  });

  it('reports invalid config instead of searching', async () => {
    const tb = makeToolbox({ backend: 'google', timeout_s: 'soon' });
    const snippet = snippetOf(await tb.callTool('web_search', { query: 'x' }));
    expect(snippet).toBe(
      `Web search failed: ovos-web-search-tools config 'backend': must be "duckduckgo" or "searxng", received "google"; ovos-web-search-tools config 'timeout_s': must be number, received "soon"`,
    );
  });

  it('stops waiting on a back-off when the call is aborted', async () => {
    const server = await startServer((_req, res) => send(res, 429, 'text/plain', 'wait', { 'retry-after': '8' }));
    const tb = makeToolbox({ searxng_url: server.origin });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 300);
    await expect(tb.callTool('web_search', { query: 'x' }, { signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.requests).toHaveLength(1);
  });

  it('stops waiting on a hung request when the call times out', async () => {
    const server = await startServer(() => {});
    const tb = makeToolbox({ searxng_url: server.origin, timeout_s: 60 });
    const started = Date.now();
    await expect(tb.callTool('web_search', { query: 'x' }, { timeoutMs: 300 })).rejects.toMatchObject({ code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
