import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectionCorpus } from '../../test/fixtures/injectionCorpus.js';
import { loadNerdamer } from '../solve/loadNerdamer.js';
import { handleRequest } from './handleRequest.js';

/**
 * The engine run in-process, without the worker's isolation: even here, no payload may execute code,
 * set the canary or create the marker file. Every payload must come back as an error value.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ovos-math-inject-'));
const marker = path.join(dir, 'pwned');
const corpus = injectionCorpus(marker);
beforeAll(() => loadNerdamer()); // the worker loads it before each symbolic solve
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const g = globalThis as { __pwned?: unknown };

describe('engine in-process: injection corpus', () => {
  it('has at least 30 entries', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
  });

  it.each(corpus.map((c) => [c.length > 60 ? `${c.slice(0, 60)}… (${c.length} chars)` : c, c]))('evaluate: %s', (_label, expression) => {
    const reply = handleRequest({ op: 'evaluate', expression });
    expect(reply.ok).toBe(false);
    expect((reply as { error: string }).error).toMatch(
      /^(Syntax error: |Unknown name: '|Function not permitted: '|Expression too (long|complex)|Numerical result out of range|math range error|factorial\(\) argument too large|int too large to convert to float)/,
    );
    expect(g.__pwned).toBeUndefined();
    expect(fs.existsSync(marker)).toBe(false);
  });

  it.each(corpus.map((c) => [c.length > 60 ? `${c.slice(0, 60)}… (${c.length} chars)` : c, c]))('solve: %s', (_label, payload) => {
    for (const equation of [payload, `x = ${payload}`]) {
      for (const op of ['solve-symbolic', 'solve-numeric'] as const) {
        const reply = handleRequest({ op, equation });
        if (reply.ok) {
          // a payload that happens to be a valid equation in x may only yield numbers
          expect(JSON.stringify(reply)).not.toMatch(/process|function|pwned/i);
        }
      }
    }
    expect(g.__pwned).toBeUndefined();
    expect(fs.existsSync(marker)).toBe(false);
  });
});
