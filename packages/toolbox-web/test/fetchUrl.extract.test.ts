import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAllServers, fixture, makeToolbox, send, startServer } from './helpers/server.js';

afterEach(closeAllServers);

/** A toolbox allowed to fetch from the given loopback test server (and nothing else private). */
function toolboxFor(port: number, extra: Record<string, unknown> = {}) {
  return makeToolbox({ allowed_hosts: [`127.0.0.1:${port}`], ...extra });
}

describe('fetch_url: readable text as markdown', () => {
  it('extracts title, headings, links, lists and drops nav/footer/aside/scripts', async () => {
    const server = await startServer((req, res) =>
      req.url === '/blog/wake-words.html' ? send(res, 200, 'text/html; charset=utf-8', fixture('article.html')) : send(res, 404, 'text/plain', 'nope'),
    );
    const url = `${server.origin}/blog/wake-words.html`;
    const out = await toolboxFor(server.port).callTool('fetch_url', { url });
    expect(out).toMatchObject({ url, final_url: url, status: 200, title: 'Wake Words Explained | Voice Lab Blog', truncated: false, content_type: 'text/html', error: null });
    const md = out.content as string;
    expect(md).toContain('A **wake word** is the short phrase');
    expect(md).toContain('## How detection works');
    expect(md).toContain('### Steps to switch engines');
    expect(md).toMatch(/^- +\[openWakeWord\]\(https:\/\/github\.com\/dscripka\/openWakeWord\): pre-trained models/m);
    expect(md).toMatch(/^1\. +Install the plugin package\./m);
    expect(md).toContain('`mycroft.conf`');
    expect(md).toContain(`[hotword configuration reference](${server.origin}/docs/hotwords.html)`);
    for (const gone of ['About us', 'All rights reserved', 'newsletter', 'Privacy policy', 'dataLayer', 'font-family']) expect(md).not.toContain(gone);
    expect(server.requests[0]!.headers['user-agent']).toMatch(/ovos-tools-web/);
  });

  it('follows a redirect on an allowed host and reports the final URL', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/old') {
        res.writeHead(301, { location: '/new' });
        res.end();
      } else send(res, 200, 'text/html', '<html><head><title>New place</title></head><body><p>Moved content lives here now.</p></body></html>');
    });
    const out = await toolboxFor(server.port).callTool('fetch_url', { url: `${server.origin}/old` });
    expect(out).toMatchObject({ final_url: `${server.origin}/new`, status: 200, title: 'New place', content: 'Moved content lives here now.', error: null });
  });

  it('cuts the content at max_chars and says so', async () => {
    const server = await startServer((_req, res) => send(res, 200, 'text/html', fixture('article.html')));
    const out = await toolboxFor(server.port).callTool('fetch_url', { url: server.origin, max_chars: 120 });
    expect((out.content as string).length).toBe(120);
    expect(out.truncated).toBe(true);
    expect(out.content).toMatch(/^A \*\*wake word\*\*/);
  });

  it('returns text/plain as is and pretty-prints JSON', async () => {
    const server = await startServer((req, res) =>
      req.url === '/notes.txt' ? send(res, 200, 'text/plain; charset=utf-8', 'line one\n  line two <b>not html</b>\n') : send(res, 200, 'application/json', '{"name":"ovos","tags":["a","b"]}'),
    );
    const tb = toolboxFor(server.port);
    expect(await tb.callTool('fetch_url', { url: `${server.origin}/notes.txt` })).toMatchObject({
      content: 'line one\n  line two <b>not html</b>\n',
      content_type: 'text/plain',
      title: '',
      error: null,
    });
    expect(await tb.callTool('fetch_url', { url: `${server.origin}/data.json` })).toMatchObject({
      content: '{\n  "name": "ovos",\n  "tags": [\n    "a",\n    "b"\n  ]\n}',
      content_type: 'application/json',
      error: null,
    });
  });

  it('refuses unsupported content types without reading them', async () => {
    const server = await startServer((_req, res) => send(res, 200, 'image/png', Buffer.alloc(64)));
    const out = await toolboxFor(server.port).callTool('fetch_url', { url: `${server.origin}/logo.png` });
    expect(out).toMatchObject({
      status: 200,
      content: '',
      content_type: 'image/png',
      error: 'Unsupported content type image/png: fetch_url reads text/html, application/xhtml+xml, text/plain, application/json.',
    });
  });

  it('sniffs a missing content type, decodes gzip and honours charset', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/gz') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        res.end(zlib.gzipSync('<html><head><title>Zipped</title></head><body><p>Compressed body text.</p></body></html>'));
      } else if (req.url === '/latin1') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=ISO-8859-1' });
        res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9])); // "café"
      } else {
        res.writeHead(200);
        res.end('<!doctype html><html><head><title>Bare</title></head><body><p>No header at all.</p></body></html>');
      }
    });
    const tb = toolboxFor(server.port);
    expect(await tb.callTool('fetch_url', { url: `${server.origin}/gz` })).toMatchObject({ title: 'Zipped', content: 'Compressed body text.' });
    expect(await tb.callTool('fetch_url', { url: `${server.origin}/latin1` })).toMatchObject({ content: 'café' });
    expect(await tb.callTool('fetch_url', { url: `${server.origin}/bare` })).toMatchObject({ title: 'Bare', content: 'No header at all.', content_type: 'text/html' });
  });

  it('survives malformed HTML', async () => {
    const server = await startServer((_req, res) => send(res, 200, 'text/html', '<div><p>Unclosed <b>bold <i>text</div></span> trailing <<<>>>'));
    const out = await toolboxFor(server.port).callTool('fetch_url', { url: server.origin });
    expect(out.error).toBeNull();
    expect(out.content).toContain('Unclosed');
  });
});

describe('fetch_url: failures are values', () => {
  it('reports HTTP error statuses', async () => {
    const server = await startServer((_req, res) => send(res, 404, 'text/html', '<h1>Not here</h1>'));
    const out = await toolboxFor(server.port).callTool('fetch_url', { url: `${server.origin}/missing` });
    expect(out).toMatchObject({ status: 404, content: '', error: `HTTP 404 Not Found from ${server.origin}/missing` });
  });

  it('caps the body at max_bytes, streaming and stopping early', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(16 * 1024);
      const timer = setInterval(() => res.write(chunk), 1);
      res.on('close', () => clearInterval(timer));
    });
    const started = Date.now();
    const out = await toolboxFor(server.port, { max_bytes: 100_000 }).callTool('fetch_url', { url: server.origin, max_chars: 1_000_000 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(out).toMatchObject({ truncated: true, error: null });
    expect((out.content as string).length).toBe(100_000);
  });

  it('applies max_bytes after decompression (a gzip bomb stops at the cap)', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x61));
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(bomb);
    });
    const out = await toolboxFor(server.port, { max_bytes: 50_000 }).callTool('fetch_url', { url: server.origin, max_chars: 1_000_000 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(out).toMatchObject({ truncated: true, error: null });
    expect((out.content as string).length).toBe(50_000);
  });

  it('reads application/xhtml+xml as HTML', async () => {
    const xhtml = '<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>X doc</title></head><body><h2>Part</h2><p>Some xhtml text.</p></body></html>';
    const server = await startServer((_req, res) => send(res, 200, 'application/xhtml+xml', xhtml));
    const out = await toolboxFor(server.port).callTool('fetch_url', { url: server.origin });
    expect(out).toMatchObject({ title: 'X doc', content_type: 'application/xhtml+xml', error: null });
    expect(out.content).toContain('Some xhtml text.');
  });

  it('times out on a server that never answers, and on one that stalls mid-body', async () => {
    const silent = await startServer(() => {});
    const stalls = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body><p>start');
    });
    const started = Date.now();
    const a = await makeToolbox({ allowed_hosts: [`127.0.0.1:${silent.port}`], timeout_s: 0.5 }).callTool('fetch_url', { url: silent.origin });
    const b = await makeToolbox({ allowed_hosts: [`127.0.0.1:${stalls.port}`], timeout_s: 0.5 }).callTool('fetch_url', { url: stalls.origin });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(a.error).toBe(`Timed out after 0.5 s (timeout_s) fetching ${silent.origin}.`);
    expect(b.error).toBe(`Timed out after 0.5 s (timeout_s) fetching ${stalls.origin}.`);
  });

  it('stops after max_redirects', async () => {
    const server = await startServer((req, res) => {
      const n = Number(req.url.slice(1)) || 0;
      res.writeHead(302, { location: `/${n + 1}` });
      res.end();
    });
    const out = await toolboxFor(server.port).callTool('fetch_url', { url: `${server.origin}/0` });
    expect(out.error).toBe('Too many redirects (more than 5); last one pointed to /6.');
    expect(server.requests).toHaveLength(6);
  });

  it('reports invalid URLs, unreachable hosts and bad config', async () => {
    const tb = makeToolbox({});
    expect((await tb.callTool('fetch_url', { url: 'not a url' })).error).toBe(
      'Invalid URL "not a url": pass an absolute http(s) URL such as https://example.com/page.',
    );
    const gone = await startServer(() => {});
    const origin = gone.origin;
    const port = gone.port;
    await gone.close();
    expect((await toolboxFor(port).callTool('fetch_url', { url: origin })).error).toMatch(/^Could not fetch http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/);
    expect((await makeToolbox({ allowed_hosts: 'localhost' }).callTool('fetch_url', { url: 'https://example.com' })).error).toBe(
      `ovos-web-search-tools config 'allowed_hosts': must be array, received "localhost"`,
    );
  });

  it('rejects max_chars below 1 through the schema', async () => {
    await expect(makeToolbox({}).callTool('fetch_url', { url: 'https://example.com', max_chars: 0 })).rejects.toMatchObject({ code: 'invalid_arguments' });
  });
});
