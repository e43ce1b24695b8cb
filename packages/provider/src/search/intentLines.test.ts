import { describe, expect, it } from 'vitest';
import { expandIntentLine, MAX_EXPANSIONS_PER_LINE, MAX_INTENT_LINE_CHARS, parseIntentLine } from './intentLines.js';

describe('expandIntentLine (OVOS .intent syntax)', () => {
  it('expands (a|b) alternatives and [optional] words, and strips {slots}', () => {
    expect(expandIntentLine('what (time|hour) is it [in {city}]')).toEqual(['what time is it in', 'what time is it', 'what hour is it in', 'what hour is it']);
    expect(expandIntentLine('convert {value} {from_unit} to {to_unit}')).toEqual(['convert to']);
    expect(expandIntentLine('((a|b) c|d) e')).toEqual(['a c e', 'b c e', 'd e']);
    expect(expandIntentLine('set a timer [for (ten|five) minutes]')).toEqual(['set a timer for ten minutes', 'set a timer for five minutes', 'set a timer']);
  });

  it('gives nothing for blank lines and # comments', () => {
    expect(parseIntentLine('   ')).toEqual({ sentences: [], expansions: 0 });
    expect(parseIntentLine('# a comment')).toEqual({ sentences: [], expansions: 0 });
  });

  it('stops at a bounded number of sentences however many alternatives a line has, and says so', () => {
    const line = Array.from({ length: 10 }, () => '(a|b|c)').join(' ');
    const parsed = parseIntentLine(line);
    expect(parsed.sentences).toHaveLength(MAX_EXPANSIONS_PER_LINE);
    expect(parsed.expansions).toBe(3 ** 10);
    expect(parsed.problem).toBe(`expands to 59049 sentences; only the first 32 are used; split it into lines of at most 32 sentences each`);
  });
});

describe('parseIntentLine refuses pathological lines with a clear problem, in linear time', () => {
  it('unbalanced or mismatched brackets give no sentence and say where', () => {
    expect(parseIntentLine('broken (a|b')).toEqual({ sentences: [], expansions: 0, problem: "the '(' at column 8 is never closed; close it with ')' or remove it" });
    expect(parseIntentLine('what) time').problem).toBe("')' at column 5 closes nothing; remove it or add the '(' it closes");
    expect(parseIntentLine('(what [time) is]').problem).toBe("')' at column 12 closes the '[' of column 7; close that one with ']' first");
  });

  it('a line longer than the cap (a 24 kB line of "(") is refused before it is parsed', () => {
    const started = performance.now();
    const parsed = parseIntentLine('('.repeat(24_000));
    expect(parsed).toEqual({ sentences: [], expansions: 0, problem: `is 24000 characters long, more than ${MAX_INTENT_LINE_CHARS}; write one short example request per line` });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('nesting deeper than the cap is refused; the longest allowed lines of brackets parse at once', () => {
    expect(parseIntentLine(`${'('.repeat(20)}a${')'.repeat(20)}`).problem).toMatch(/^brackets nest deeper than 8 levels \(column 9\)/);
    const started = performance.now();
    for (const line of ['('.repeat(MAX_INTENT_LINE_CHARS), '(|'.repeat(MAX_INTENT_LINE_CHARS / 2), `(${'a|'.repeat(240)}b)`, '[a]'.repeat(166), '{'.repeat(MAX_INTENT_LINE_CHARS), '{a}'.repeat(166), '(a|b)'.repeat(100)]) {
      const parsed = parseIntentLine(line);
      expect(parsed.sentences.length).toBeLessThanOrEqual(MAX_EXPANSIONS_PER_LINE);
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a long alternation keeps its first sentences and counts the rest without building them', () => {
    const parsed = parseIntentLine(`play (${Array.from({ length: 60 }, (_, i) => `song${i}`).join('|')}) now`);
    expect(parsed.sentences.slice(0, 2)).toEqual(['play song0 now', 'play song1 now']);
    expect(parsed.expansions).toBe(60);
    expect(parseIntentLine('(a|b)'.repeat(100)).problem).toMatch(/^expands to more than a billion sentences/);
  });
});
