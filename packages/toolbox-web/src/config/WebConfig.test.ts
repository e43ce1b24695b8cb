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
      'ddg_url must be an http(s) URL string, got "ftp://x"',
      'backend "searxng" needs searxng_url (or env SEARXNG_URL), e.g. "http://localhost:8888"',
      'timeout_s must be a number from 0.001 to 3600, got -1',
      'max_retries must be a number from 0 to 10, got 99',
      'user_agent must be a string, got 5',
      'allow_private_network must be true or false, got "maybe"',
    ]);
    expect(config).toMatchObject({ ddgUrl: DEFAULT_DDG_URL, timeoutMs: 10_000, maxRetries: 2, allowPrivateNetwork: false, userAgent: DEFAULT_USER_AGENT });
  });
});
