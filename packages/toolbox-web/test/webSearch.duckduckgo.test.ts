import { afterEach, describe, expect, it } from 'vitest';
import { closeAllServers, fixture, makeToolbox, send, startServer } from './helpers/server.js';

afterEach(closeAllServers);

async function ddgServer(page = 'ddg-results.html') {
  return startServer((_req, res) => send(res, 200, 'text/html; charset=UTF-8', fixture(page)));
}

describe('web_search over DuckDuckGo HTML (default backend)', () => {
  it('returns {results: [{title, url, snippet}], query} with redirect links unwrapped, ads and duplicates skipped', async () => {
    const server = await ddgServer();
    const tb = makeToolbox({ ddg_url: `${server.origin}/html/` });
    const out = await tb.callTool('web_search', { query: 'openvoiceos' });
    expect(out.query).toBe('openvoiceos');
    const results = out.results as Array<{ title: string; url: string; snippet: string }>;
    expect(results).toHaveLength(5);
    expect(results[0]).toEqual({
      title: 'OpenVoiceOS - Open Source Voice Assistant',
      url: 'https://www.openvoiceos.org/',
      snippet:
        'OpenVoiceOS is a community-driven, open-source voice AI platform for creating custom voice-controlled interfaces across devices, with privacy built in.',
    });
    expect(results.map((r) => r.url)).toEqual([
      'https://www.openvoiceos.org/',
      'https://github.com/OpenVoiceOS',
      'https://openvoiceos.github.io/ovos-technical-manual/',
      'https://en.wikipedia.org/wiki/Mycroft_(software)',
      'https://www.reddit.com/r/OpenVoiceOS/',
    ]);
    expect(results.some((r) => r.title.includes('Smart Speakers'))).toBe(false);
    expect(results[2]!.snippet).toContain('persona pipeline & how');
  });

  it('sends the query as a form POST with the configured User-Agent and region', async () => {
    const server = await ddgServer();
    const tb = makeToolbox({ ddg_url: `${server.origin}/html/`, user_agent: 'TestAgent/1.0', region: 'pt-pt' });
    await tb.callTool('web_search', { query: 'café & crème' });
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/html/');
    expect(req.headers['user-agent']).toBe('TestAgent/1.0');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(req.body);
    expect(form.get('q')).toBe('café & crème');
    expect(form.get('kl')).toBe('pt-pt');
  });

  it('honours max_results, coerces it from a string, and returns nothing below 1', async () => {
    const server = await ddgServer();
    const tb = makeToolbox({ ddg_url: `${server.origin}/html/` });
    expect(((await tb.callTool('web_search', { query: 'q', max_results: 2 })).results as unknown[]).length).toBe(2);
    expect(((await tb.callTool('web_search', { query: 'q', max_results: '3' })).results as unknown[]).length).toBe(3);
    expect(((await tb.callTool('web_search', { query: 'q', max_results: 50 })).results as unknown[]).length).toBe(7);
    expect(await tb.callTool('web_search', { query: 'q', max_results: 0 })).toEqual({ results: [], query: 'q' });
    expect(server.requests).toHaveLength(3);
  });

  it('returns an empty list for a "No results." page', async () => {
    const server = await ddgServer('ddg-no-results.html');
    const tb = makeToolbox({ ddg_url: `${server.origin}/html/` });
    expect(await tb.callTool('web_search', { query: 'xqzvwjkplmn' })).toEqual({ results: [], query: 'xqzvwjkplmn' });
  });

  it('reports an empty query as a Search error without contacting the backend', async () => {
    const server = await ddgServer();
    const tb = makeToolbox({ ddg_url: `${server.origin}/html/` });
    const out = await tb.callTool('web_search', { query: '   ' });
    expect(out).toEqual({
      results: [{ title: 'Search error', url: '', snippet: 'Web search failed: the query is empty; pass the words to search for.' }],
      query: '   ',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('rejects arguments that fail the schema with the OVOS ValueError', async () => {
    const tb = makeToolbox({});
    await expect(tb.callTool('web_search', { max_results: 3 })).rejects.toMatchObject({
      code: 'invalid_arguments',
      ovosClass: 'ValueError',
    });
  });

  it('keeps min_interval_ms between two requests to the same backend', async () => {
    const server = await ddgServer();
    const tb = makeToolbox({ ddg_url: `${server.origin}/html/`, min_interval_ms: 400 });
    // measured from before the first call: the first request's own arrival comes late by a connection set-up that a
    // loaded machine stretches past any fixed slack (one run saw 348 ms between the arrivals); the second request is
    // sent no earlier than 400 ms after the first one was (a timer may fire 1 ms early by Date.now())
    const before = Date.now();
    await tb.callTool('web_search', { query: 'one' });
    await tb.callTool('web_search', { query: 'two' });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.at - before).toBeGreaterThanOrEqual(399);
  });
});
