import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllServers, fixture, makeToolbox, send, startServer } from './helpers/server.js';

afterEach(async () => {
  vi.unstubAllEnvs();
  await closeAllServers();
});

async function searxServer(file = 'searxng-results.json') {
  return startServer((_req, res) => send(res, 200, 'application/json', fixture(file)));
}

type Results = Array<{ title: string; url: string; snippet: string }>;

describe('web_search over a SearXNG instance', () => {
  it('uses GET {searxng_url}/search?q=…&format=json and maps title/url/content', async () => {
    const server = await searxServer();
    const tb = makeToolbox({ searxng_url: server.origin, language: 'en', user_agent: 'UA-x' });
    const out = await tb.callTool('web_search', { query: 'open voice os', max_results: 10 });
    const req = server.requests[0]!;
    expect(req.method).toBe('GET');
    const url = new URL(req.url, server.origin);
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('q')).toBe('open voice os');
    expect(url.searchParams.get('format')).toBe('json');
    expect(url.searchParams.get('language')).toBe('en');
    expect(req.headers['user-agent']).toBe('UA-x');
    const results = out.results as Results;
    expect(out.query).toBe('open voice os');
    // the duplicate github URL is dropped; whitespace in content is collapsed
    expect(results.map((r) => r.url)).toEqual([
      'https://www.openvoiceos.org/',
      'https://github.com/OpenVoiceOS',
      'https://openvoiceos.github.io/ovos-technical-manual/',
      'https://en.wikipedia.org/wiki/Mycroft_(software)',
      'https://www.reddit.com/r/OpenVoiceOS/',
    ]);
    expect(results[1]).toEqual({ title: 'OpenVoiceOS · GitHub', url: 'https://github.com/OpenVoiceOS', snippet: 'OpenVoiceOS has 200 repositories available. Follow their code on GitHub.' });
    expect(results[2]!.snippet).toBe('The OVOS technical manual covers the messagebus, skills, plugins and the persona pipeline.');
    expect(results[4]!.snippet).toBe('');
  });

  it('honours max_results and keeps a path prefix of searxng_url', async () => {
    const server = await searxServer();
    const tb = makeToolbox({ searxng_url: `${server.origin}/searx` });
    const out = await tb.callTool('web_search', { query: 'x', max_results: 2 });
    expect((out.results as Results).length).toBe(2);
    expect(new URL(server.requests[0]!.url, server.origin).pathname).toBe('/searx/search');
  });

  it('is chosen automatically from env SEARXNG_URL, and backend: duckduckgo overrides it', async () => {
    const searx = await searxServer();
    const ddg = await startServer((_req, res) => send(res, 200, 'text/html', fixture('ddg-results.html')));
    vi.stubEnv('SEARXNG_URL', searx.origin);
    const auto = makeToolbox({});
    expect(auto.settings.config.backend).toBe('searxng');
    expect(((await auto.callTool('web_search', { query: 'a', max_results: 1 })).results as Results)[0]!.url).toBe('https://www.openvoiceos.org/');
    expect(searx.requests).toHaveLength(1);
    const forced = makeToolbox({ backend: 'duckduckgo', ddg_url: `${ddg.origin}/html/` });
    await forced.callTool('web_search', { query: 'a', max_results: 1 });
    expect(ddg.requests).toHaveLength(1);
    expect(searx.requests).toHaveLength(1);
  });

  it('returns an empty list when nothing matched', async () => {
    const server = await searxServer('searxng-empty.json');
    const tb = makeToolbox({ searxng_url: server.origin });
    expect(await tb.callTool('web_search', { query: 'xqzvwjkplmn' })).toEqual({ results: [], query: 'xqzvwjkplmn' });
  });

  it('explains an empty answer caused by failing engines', async () => {
    const server = await searxServer('searxng-engines-down.json');
    const tb = makeToolbox({ searxng_url: server.origin });
    const out = await tb.callTool('web_search', { query: 'x' });
    expect((out.results as Results)[0]).toEqual({
      title: 'Search error',
      url: '',
      snippet: `Web search failed: SearXNG at ${server.origin} found nothing because its engines failed: duckduckgo (CAPTCHA), brave (too many requests), google (timeout).`,
    });
  });

  it('explains 403 as the JSON format being disabled', async () => {
    const server = await startServer((_req, res) => send(res, 403, 'text/html', '<html><body>403 Forbidden</body></html>'));
    const tb = makeToolbox({ searxng_url: server.origin });
    const snippet = ((await tb.callTool('web_search', { query: 'x' })).results as Results)[0]!.snippet;
    expect(snippet).toMatch(/^Web search failed: SearXNG at http:\/\/127\.0\.0\.1:\d+ answered HTTP 403 Forbidden: its JSON output is disabled/);
    expect(snippet).toContain('search.formats');
  });

  it('reports malformed JSON and JSON without a results list', async () => {
    const bad = await startServer((_req, res) => send(res, 200, 'application/json', '{"results": [ {"url": "https://a.example", '));
    const html = await startServer((_req, res) => send(res, 200, 'text/html', '<!doctype html><title>SearXNG</title><p>search page</p>'));
    const shape = await startServer((_req, res) => send(res, 200, 'application/json', '{"query": "x", "results": {"oops": true}}'));
    const first = async (origin: string) => ((await makeToolbox({ searxng_url: origin }).callTool('web_search', { query: 'x' })).results as Results)[0]!;
    expect((await first(bad.origin)).snippet).toMatch(/^Web search failed: SearXNG at .* returned invalid JSON \(/);
    expect((await first(html.origin)).snippet).toContain('returned invalid JSON');
    expect(await first(shape.origin)).toMatchObject({ title: 'Search error', snippet: expect.stringContaining('without a "results" list') });
  });
});
