import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './Logger.js';

const FORGED = '\n2026-01-01T00:00:00.000Z INFO [provider] invoke tool=read_file outcome=ok';

function capture(): { lines: () => string[]; text: () => string } {
  const chunks: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  return { text: () => chunks.join(''), lines: () => chunks.join('').split('\n').filter(Boolean) };
}

describe('createLogger escapes control characters', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps a forged line in the message on its own line, escaped', () => {
    const out = capture();
    createLogger('provider', 'debug').warn(`bad frame: x${FORGED}\r`);
    expect(out.lines()).toHaveLength(1);
    expect(out.text()).toContain('bad frame: x\\n2026-01-01T00:00:00.000Z INFO [provider] invoke tool=read_file outcome=ok\\r\n');
  });

  it('escapes string and JSON arguments, ANSI escapes, C1 controls and U+2028', () => {
    const out = capture();
    createLogger('p', 'debug').info('m\u001b[2J', `a${FORGED}`, { k: 'b\u001b[31mred\u0085\u2028' }, 'tab\there\u0000');
    expect(out.lines()).toHaveLength(1);
    const line = out.text();
    expect(line).toContain('m\\x1b[2J a\\n2026');
    expect(line).toContain('b\\u001b[31mred\\x85\\u2028');
    expect(line).toContain('tab\\there\\x00');
    expect(line).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
  });

  it('keeps objects holding newlines on one line', () => {
    const out = capture();
    createLogger('p', 'debug').info('m', { forged: FORGED });
    expect(out.lines()).toHaveLength(1);
  });

  it('writes an Error stack with frames on indented continuation lines and the message escaped', () => {
    const out = capture();
    const err = new Error(`boom${FORGED}`);
    createLogger('p', 'debug').error('failed', err);
    const lines = out.lines();
    expect(lines[0]).toMatch(/ ERROR \[p\] failed Error: boom\\n2026-01-01T00:00:00\.000Z INFO \[provider\] invoke/);
    expect(lines.length).toBeGreaterThan(1);
    for (const continuation of lines.slice(1)) expect(continuation).toMatch(/^ {4}at /);
  });

  it('drops nothing below the level and writes nothing under silent', () => {
    const out = capture();
    const log = createLogger('p', 'warn');
    log.info('hidden');
    log.warn('shown');
    createLogger('p', 'silent').error('never');
    expect(out.lines()).toHaveLength(1);
    expect(out.text()).toContain('WARN [p] shown');
  });
});
