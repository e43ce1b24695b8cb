import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HostResolver } from '@ovos-tools/core/net';
import { closeAllServers, makeToolbox, send, startServer, type TestServer } from './helpers/server.js';

afterEach(closeAllServers);

const PAGE = '<html><head><title>Secret</title></head><body><p>internal admin data</p></body></html>';
let server: TestServer;
beforeEach(async () => {
  server = await startServer((_req, res) => send(res, 200, 'text/html', PAGE));
});

/** A resolver for made-up `.test` names; anything else is "not found". */
function fakeDns(table: Record<string, string[]>, calls: string[] = []): HostResolver {
  return async (host) => {
    calls.push(host);
    const list = table[host];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

describe('fetch_url SSRF refusals (default config)', () => {
  const p = () => server.port;
  const cases: Array<[string, () => string, RegExp]> = [
    ['loopback literal', () => `http://127.0.0.1:${p()}/`, /is not a public address \(loopback\);/],
    ['localhost (resolved by the OS)', () => `http://localhost:${p()}/`, /localhost:\d+ is not a public address \(localhost resolves to [\d.:]+, loopback\)/],
    ['0.0.0.0', () => `http://0.0.0.0:${p()}/`, /0\.0\.0\.0:\d+ is not a public address \(unspecified \("this network"\)\)/],
    ['[::1]', () => `http://[::1]:${p()}/`, /\[::1\]:\d+ is not a public address \(loopback\)/],
    ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${p()}/`, /\[::ffff:7f00:1\]:\d+ is not a public address \(IPv4-mapped loopback\)/],
    ['decimal IPv4 2130706433', () => `http://2130706433:${p()}/`, /127\.0\.0\.1:\d+ is not a public address \(loopback\)/],
    ['hex IPv4 0x7f.1', () => `http://0x7f.1:${p()}/`, /127\.0\.0\.1:\d+ is not a public address \(loopback\)/],
    ['octal IPv4 0177.0.0.1', () => `http://0177.0.0.1:${p()}/`, /127\.0\.0\.1:\d+ is not a public address \(loopback\)/],
    ['short IPv4 127.1', () => `http://127.1:${p()}/`, /127\.0\.0\.1:\d+ is not a public address \(loopback\)/],
    ['cloud metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is not a public address \(link-local\)/],
    ['RFC 1918 10.0.0.1', () => 'http://10.0.0.1/', /is not a public address \(private\)/],
    ['RFC 1918 192.168.1.1', () => 'http://192.168.1.1:8080/', /is not a public address \(private\)/],
    ['CGNAT 100.64.0.1', () => 'http://100.64.0.1/', /is not a public address \(carrier-grade NAT \(shared\)\)/],
    ['IPv6 link-local', () => 'http://[fe80::1]/', /is not a public address \(link-local\)/],
    ['IPv6 unique-local', () => 'http://[fd12:3456::1]/', /is not a public address \(unique-local \(private\)\)/],
    ['multicast', () => 'http://224.0.0.1/', /is not a public address \(multicast\)/],
    ['IPv4-mapped private', () => 'http://[::ffff:10.1.2.3]/', /is not a public address \(IPv4-mapped private\)/],
  ];

  it.each(cases)('refuses %s without connecting', async (_name, url, message) => {
    const out = await makeToolbox({}).callTool('fetch_url', { url: url() });
    expect(out).toMatchObject({ content: '', status: null, final_url: '' });
    expect(out.error).toMatch(/^Refused: /);
    expect(out.error).toMatch(message);
    expect(out.error).toContain('An operator can allow it with allowed_hosts or allow_private_network.');
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['file:///etc/passwd', 'file'],
    ['ftp://ftp.example.com/pub/', 'ftp'],
    ['gopher://example.com/', 'gopher'],
    ['data:text/html,<p>hi</p>', 'data'],
    ['javascript:alert(1)', 'javascript'],
  ])('refuses the %s scheme', async (url, scheme) => {
    const out = await makeToolbox({ allow_private_network: true }).callTool('fetch_url', { url });
    expect(out.error).toBe(`Refused: only http and https URLs can be fetched, not ${scheme}.`);
  });

  it('refuses a host name that resolves to 127.0.0.1, and one with ANY private address', async () => {
    const tb = makeToolbox({}, { resolveHost: fakeDns({ 'evil.test': ['127.0.0.1'], 'mixed.test': ['93.184.215.14', '10.0.0.7'] }) });
    const a = await tb.callTool('fetch_url', { url: `http://evil.test:${server.port}/` });
    expect(a.error).toBe(
      `Refused: evil.test:${server.port} is not a public address (evil.test resolves to 127.0.0.1, loopback); fetch_url only fetches public addresses. An operator can allow it with allowed_hosts or allow_private_network.`,
    );
    const b = await tb.callTool('fetch_url', { url: 'http://mixed.test/' });
    expect(b.error).toMatch(/^Refused: mixed\.test is not a public address \(mixed\.test resolves to 10\.0\.0\.7, private\)/);
    expect(server.requests).toHaveLength(0);
  });

  it('reports a host that does not resolve', async () => {
    const tb = makeToolbox({}, { resolveHost: fakeDns({}) });
    expect((await tb.callTool('fetch_url', { url: 'http://nowhere.test/' })).error).toBe('Could not resolve host nowhere.test (ENOTFOUND).');
  });
});

describe('fetch_url SSRF: redirects and pinning', () => {
  it('refuses a redirect from an allowed host to a loopback URL not in allowed_hosts', async () => {
    const internal = await startServer((_req, res) => send(res, 200, 'text/html', PAGE));
    const redirector = await startServer((req, res) => {
      const to: Record<string, string> = {
        '/to-other-port': `http://127.0.0.1:${internal.port}/secret`,
        '/to-localhost': `http://localhost:${internal.port}/secret`,
        '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
        '/to-file': 'file:///etc/passwd',
      };
      res.writeHead(302, { location: to[req.url] ?? '/' });
      res.end();
    });
    const tb = makeToolbox({ allowed_hosts: [`127.0.0.1:${redirector.port}`] });
    const other = await tb.callTool('fetch_url', { url: `${redirector.origin}/to-other-port` });
    expect(other.error).toMatch(new RegExp(`^Refused: 127\\.0\\.0\\.1:${internal.port} is not a public address \\(loopback\\);`));
    const viaName = await tb.callTool('fetch_url', { url: `${redirector.origin}/to-localhost` });
    expect(viaName.error).toMatch(/^Refused: localhost:\d+ is not a public address \(localhost resolves to .*loopback\)/);
    const meta = await tb.callTool('fetch_url', { url: `${redirector.origin}/to-metadata` });
    expect(meta.error).toMatch(/^Refused: 169\.254\.169\.254 is not a public address \(link-local\)/);
    const file = await tb.callTool('fetch_url', { url: `${redirector.origin}/to-file` });
    expect(file.error).toBe('Refused: only http and https URLs can be fetched, not file.');
    expect(redirector.requests).toHaveLength(4);
    expect(internal.requests).toHaveLength(0);
    for (const out of [other, viaName, meta, file]) expect(out.content).toBe('');
  });

  it('connects only to the address it checked (pinned lookup), resolving once per hop', async () => {
    const calls: string[] = [];
    const tb = makeToolbox({ allowed_hosts: [`pinned.test:${server.port}`] }, { resolveHost: fakeDns({ 'pinned.test': ['127.0.0.1'] }, calls) });
    const out = await tb.callTool('fetch_url', { url: `http://pinned.test:${server.port}/page` });
    expect(out).toMatchObject({ status: 200, title: 'Secret', error: null });
    expect(calls).toEqual(['pinned.test']);
    expect(server.requests[0]!.headers.host).toBe(`pinned.test:${server.port}`);
  });

  it('allowed_hosts entries without a port allow every port of that host; other hosts stay refused', async () => {
    const tb = makeToolbox({ allowed_hosts: ['127.0.0.1'] });
    expect((await tb.callTool('fetch_url', { url: `${server.origin}/` })).error).toBeNull();
    expect((await tb.callTool('fetch_url', { url: `http://localhost:${server.port}/` })).error).toMatch(/^Refused: /);
  });

  it('allow_private_network lifts the refusal', async () => {
    const out = await makeToolbox({ allow_private_network: true }).callTool('fetch_url', { url: `http://2130706433:${server.port}/` });
    expect(out).toMatchObject({ final_url: `http://127.0.0.1:${server.port}/`, title: 'Secret', content: 'internal admin data', error: null });
  });
});
