import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, isLogEnabled, parseTraceparent, silentLogger, withTraceparent } from './Logger.js';

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

describe('log levels, traceparent', () => {
  it('a logger tells which levels it writes, so a costly line is never built for a level that is off', () => {
    const logger = createLogger('t', 'warn');
    expect(['debug', 'info', 'warn', 'error'].map((l) => logger.enabled!(l as 'debug'))).toEqual([false, false, true, true]);
    let built = 0;
    const costly = () => {
      built++;
      return 'x'.repeat(10);
    };
    if (isLogEnabled(logger, 'debug')) logger.debug(costly());
    expect(built).toBe(0);
    expect(isLogEnabled(silentLogger, 'error')).toBe(false);
    expect(isLogEnabled({ debug() {}, info() {}, warn() {}, error() {} }, 'debug')).toBe(true); // cannot tell: assume on
  });

  it('parseTraceparent accepts only W3C traceparents (no line breaks, no zero ids, no version ff)', () => {
    const ok = '00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01';
    expect(parseTraceparent(` ${ok} `)).toBe(ok.toLowerCase());
    for (const bad of [undefined, 42, '', 'nope', `${ok}\nINFO forged`, '00-00000000000000000000000000000000-00f067aa0ba902b7-01', '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01', 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01']) {
      expect(parseTraceparent(bad)).toBeUndefined();
    }
  });

  it('withTraceparent appends the traceparent to every line and keeps the level check', () => {
    const lines: string[] = [];
    const base = { debug: (m: string) => lines.push(`D ${m}`), info: (m: string) => lines.push(`I ${m}`), warn: (m: string) => lines.push(`W ${m}`), error: (m: string) => lines.push(`E ${m}`), enabled: (l: string) => l !== 'debug' };
    const traced = withTraceparent(base, '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    traced.info('working');
    traced.error('failed');
    expect(lines).toEqual(['I working traceparent=00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', 'E failed traceparent=00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01']);
    expect(traced.enabled!('debug')).toBe(false);
  });
});
