import { describe, expect, it } from 'vitest';
import { DEFAULT_DDG_URL, DEFAULT_USER_AGENT, parseWebConfig } from './WebConfig.js';

describe('parseWebConfig', () => {
  it('has OVOS-compatible defaults: DuckDuckGo, no extra keys needed', () => {
    expect(parseWebConfig({}, {})).toEqual({
      problems: [],
      config: {
        backend: 'duckduckgo',
        ddgUrl: DEFAULT_DDG_URL,
        searxngUrl: null,
        region: null,
        language: null,
        timeoutMs: 10_000,
        minIntervalMs: 1000,
        maxRetries: 2,
        backoffMs: 1000,
        maxBackoffMs: 10_000,
        userAgent: DEFAULT_USER_AGENT,
        allowPrivateNetwork: false,
        allowedHosts: [],
        maxBytes: 2 * 1024 * 1024,
        maxRedirects: 5,
      },
    });
  });

  it('picks SearXNG when a URL is configured (config wins over env), unless backend says otherwise', () => {
    expect(parseWebConfig({ searxng_url: 'http://s:8888' }, {}).config).toMatchObject({ backend: 'searxng', searxngUrl: 'http://s:8888/' });
    expect(parseWebConfig({}, { SEARXNG_URL: 'http://env:8888' }).config).toMatchObject({ backend: 'searxng', searxngUrl: 'http://env:8888/' });
    expect(parseWebConfig({ searxng_url: 'http://cfg' }, { SEARXNG_URL: 'http://env' }).config.searxngUrl).toBe('http://cfg/');
    expect(parseWebConfig({ backend: 'duckduckgo' }, { SEARXNG_URL: 'http://env' }).config.backend).toBe('duckduckgo');
  });

  it('accepts numeric strings and normalises allowed_hosts', () => {
    const { config, problems } = parseWebConfig({ timeout_s: '2.5', allowed_hosts: [' Intranet.Local:8080 ', ''], allow_private_network: 'true' }, {});
    expect(problems).toEqual([]);
    expect(config).toMatchObject({ timeoutMs: 2500, allowedHosts: ['intranet.local:8080'], allowPrivateNetwork: true });
  });

  it('names every invalid key and keeps defaults for them', () => {
    const { config, problems } = parseWebConfig(
      { backend: 'searxng', ddg_url: 'ftp://x', timeout_s: -1, max_retries: 99, allow_private_network: 'maybe', user_agent: 5 },
      {},
    );
    expect(problems).toEqual([
      `ovos-web-search-tools config 'timeout_s': must be >= 0.001, received -1`,
      `ovos-web-search-tools config 'max_retries': must be <= 10, received 99`,
      `ovos-web-search-tools config 'user_agent': must be string, received 5`,
      `ovos-web-search-tools config 'allow_private_network': must be boolean, received "maybe"`,
      `ovos-web-search-tools config 'ddg_url': must be an http(s) URL, received "ftp://x"`,
      `ovos-web-search-tools config 'searxng_url': must be an http(s) URL such as "http://localhost:8888" (or env SEARXNG_URL) when backend is "searxng", received nothing`,
    ]);
    expect(config).toMatchObject({ ddgUrl: DEFAULT_DDG_URL, timeoutMs: 10_000, maxRetries: 2, allowPrivateNetwork: false, userAgent: DEFAULT_USER_AGENT });
  });

  it('names an invalid backend, region, allowed_hosts entry and SEARXNG_URL, keeping safe defaults', () => {
    const { config, problems } = parseWebConfig({ backend: 'google', region: 7, allowed_hosts: ['ok', 1], searxng_url: 'nope', max_bytes: 0 }, { SEARXNG_URL: 'http://env' });
    expect(problems).toEqual([
      `ovos-web-search-tools config 'backend': must be "duckduckgo" or "searxng", received "google"`,
      `ovos-web-search-tools config 'region': must be string, received 7`,
      `ovos-web-search-tools config 'allowed_hosts': [1] must be string, received 1`,
      `ovos-web-search-tools config 'max_bytes': must be >= 1, received 0`,
      `ovos-web-search-tools config 'searxng_url': must be an http(s) URL, received "nope"`,
    ]);
    expect(config).toMatchObject({ backend: 'duckduckgo', searxngUrl: null, region: null, allowedHosts: [], maxBytes: 2 * 1024 * 1024 });
    expect(parseWebConfig({}, { SEARXNG_URL: 'ftp://env' }).problems).toEqual([
      `ovos-web-search-tools env SEARXNG_URL: must be an http(s) URL such as http://localhost:8888, received "ftp://env"`,
    ]);
    expect(parseWebConfig({ ddg_url: '', user_agent: '', region: '' }, {})).toMatchObject({ problems: [], config: { ddgUrl: DEFAULT_DDG_URL, userAgent: DEFAULT_USER_AGENT, region: null } });
  });
});
