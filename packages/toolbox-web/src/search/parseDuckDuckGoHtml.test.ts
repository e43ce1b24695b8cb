import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDuckDuckGoHtml, unwrapDuckDuckGoLink } from './parseDuckDuckGoHtml.js';

const fixture = (name: string) => fs.readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');

describe('parseDuckDuckGoHtml', () => {
  it('reads the organic results of a recorded-style page', () => {
    const page = parseDuckDuckGoHtml(fixture('ddg-results.html'));
    expect(page.kind).toBe('results');
    if (page.kind !== 'results') return;
    expect(page.hits).toHaveLength(7);
    expect(page.hits[3]).toEqual({
      title: 'Mycroft (software) - Wikipedia',
      url: 'https://en.wikipedia.org/wiki/Mycroft_(software)',
      snippet: 'Mycroft was a free and open-source software voice assistant; after the company shut down, the community continued it as OpenVoiceOS.',
    });
  });

  it('classifies no-results, anomaly and unreadable pages', () => {
    expect(parseDuckDuckGoHtml(fixture('ddg-no-results.html'))).toEqual({ kind: 'results', hits: [] });
    expect(parseDuckDuckGoHtml(fixture('ddg-anomaly.html'))).toEqual({ kind: 'anomaly' });
    expect(parseDuckDuckGoHtml(fixture('ddg-malformed.html'))).toEqual({ kind: 'unrecognised', hint: 'page titled "502 Bad Gateway"' });
    expect(parseDuckDuckGoHtml('')).toEqual({ kind: 'unrecognised', hint: 'no result list in the page' });
    expect(parseDuckDuckGoHtml('<<<not html')).toMatchObject({ kind: 'unrecognised' });
  });
});

describe('unwrapDuckDuckGoLink', () => {
  it('unwraps uddg redirect links and passes plain links through', () => {
    expect(unwrapDuckDuckGoLink('//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1%26c%3D2&rut=abc')).toBe('https://example.com/a?b=1&c=2');
    expect(unwrapDuckDuckGoLink('https://duckduckgo.com/l/?uddg=http%3A%2F%2Fexample.org%2F')).toBe('http://example.org/');
    expect(unwrapDuckDuckGoLink('https://example.net/page')).toBe('https://example.net/page');
  });

  it('drops ads, internal links and non-http targets', () => {
    expect(unwrapDuckDuckGoLink('https://duckduckgo.com/y.js?ad_domain=x.example&ad_provider=bingv7aa')).toBeNull();
    expect(unwrapDuckDuckGoLink('/html/?q=next')).toBeNull();
    expect(unwrapDuckDuckGoLink('//duckduckgo.com/l/?uddg=javascript%3Aalert(1)')).toBeNull();
    expect(unwrapDuckDuckGoLink('//duckduckgo.com/l/?rut=only')).toBeNull();
  });
});
