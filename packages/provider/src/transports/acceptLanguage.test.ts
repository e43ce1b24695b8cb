import { describe, expect, it } from 'vitest';
import { acceptLanguage } from './acceptLanguage.js';

describe('acceptLanguage', () => {
  it('orders ranges by q (stable for equal weights) and drops q=0, bad weights and bad ranges', () => {
    expect(acceptLanguage('de;q=0.5, pt-PT, en;q=0.8')).toEqual(['pt-PT', 'en', 'de']);
    expect(acceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de', '*']);
    expect(acceptLanguage('en;q=0, es;q=2, it;q=abc, <script>, nl')).toEqual(['nl']);
    expect(acceptLanguage(['pt', 'en;q=0.1'])).toEqual(['pt', 'en']);
    expect(acceptLanguage(undefined)).toEqual([]);
    expect(acceptLanguage('')).toEqual([]);
    expect(acceptLanguage(Array.from({ length: 40 }, (_, i) => `x${String.fromCharCode(97 + (i % 26))}`).join(','))).toHaveLength(16);
  });
});
