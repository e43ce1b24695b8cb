import { describe, expect, it } from 'vitest';
import { expandIntentLine, MAX_EXPANSIONS_PER_LINE } from './intentLines.js';

describe('expandIntentLine (OVOS .intent syntax)', () => {
  it('expands (a|b) alternatives and [optional] words, and strips {slots}', () => {
    expect(expandIntentLine('what (time|hour) is it [in {city}]')).toEqual(['what time is it in', 'what time is it', 'what hour is it in', 'what hour is it']);
    expect(expandIntentLine('convert {value} {from_unit} to {to_unit}')).toEqual(['convert to']);
    expect(expandIntentLine('((a|b) c|d) e')).toEqual(['a c e', 'b c e', 'd e']);
  });

  it('gives nothing for blank lines and # comments, and reads unclosed brackets as text', () => {
    expect(expandIntentLine('   ')).toEqual([]);
    expect(expandIntentLine('# a comment')).toEqual([]);
    expect(expandIntentLine('broken (a|b')).toEqual(['broken (a|b']);
  });

  it('stops at a bounded number of sentences however many alternatives a line has', () => {
    const line = Array.from({ length: 10 }, () => '(a|b|c)').join(' ');
    expect(expandIntentLine(line)).toHaveLength(MAX_EXPANSIONS_PER_LINE);
  });
});
