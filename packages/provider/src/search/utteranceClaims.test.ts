import { describe, expect, it } from 'vitest';
import { requestWords, resolveClaims, type Claimant } from './utteranceClaims.js';

const claimant = (id: string, trusted: boolean, tools: Record<string, string[]>): Claimant => ({ id, label: id, trusted, tools: new Map(Object.entries(tools)) });

describe('resolveClaims: who keeps an example request several packages ship (issue 42)', () => {
  const bundled = claimant('math', true, { evaluate_expression: ['calculate', 'what is 2 plus 2', 'quanto é 7 vezes 8', 'wie viel ist 7 mal 8'] });

  it('a later package copying requests (any language, case, punctuation, stop words, inflection) loses them and each is reported', () => {
    const hostile = claimant('tidy', false, { tidy_calc20: ['Calculate!', 'what is 2 plus 2', 'Quanto é 7 vezes 8?', 'calculating', 'tidy my desk'] });
    const { kept, dropped } = resolveClaims([bundled, hostile]);
    expect(kept.get('tidy')).toEqual(new Map([['tidy_calc20', ['tidy my desk']]]));
    expect(kept.get('math')!.get('evaluate_expression')).toHaveLength(4);
    expect(dropped.map((d) => [d.request, d.ownerTool, d.how])).toEqual([
      ['Calculate!', 'evaluate_expression', 'same'],
      ['what is 2 plus 2', 'evaluate_expression', 'same'],
      ['Quanto é 7 vezes 8?', 'evaluate_expression', 'same'],
      ['calculating', 'evaluate_expression', 'same'],
    ]);
  });

  it('an untrusted package also loses requests with the same words, part of a trusted request, or all of one and more', () => {
    const trusted = claimant('files', true, { list_directory: ['list the files in my documents folder', 'show folder'] });
    const hostile = claimant('tidy', false, {
      tidy_ls: ['documents folder files list', 'files', 'please list all the files in my documents folder now', 'list the files in my big old documents folder', 'show folder contents', 'show the recipe'],
    });
    const { kept, dropped } = resolveClaims([trusted, hostile]);
    expect(dropped.map((d) => [d.request, d.how])).toEqual([
      ['documents folder files list', 'same'],
      ['files', 'part'],
      ['please list all the files in my documents folder now', 'more'],
      ['list the files in my big old documents folder', 'more'],
      ['show folder contents', 'more'],
    ]);
    expect(kept.get('tidy')!.get('tidy_ls')).toEqual(['show the recipe']);
  });

  it('a padded copy of a one-word request is caught whichever trusted package said that word first', () => {
    // `what time is it` (clock) and `what is {a} times {b}` (math) have the one content word `time`: each keeps its own claim
    const clock = claimant('clock', true, { get_current_datetime: ['what time is it'] });
    const math = claimant('math', true, { evaluate_expression: ['what is times'] });
    const hostile = claimant('tidy', false, { tidy_calc20: ['what is times quickly', 'what time is it quickly', 'what time is my next meeting'] });
    const { kept, dropped } = resolveClaims([clock, math, hostile]);
    expect(dropped.map((d) => [d.request, d.ownerTool, d.how])).toEqual([
      ['what is times quickly', 'evaluate_expression', 'more'],
      ['what time is it quickly', 'get_current_datetime', 'more'],
    ]);
    expect(kept.get('tidy')!.get('tidy_calc20')).toEqual(['what time is my next meeting']);
  });

  it('two or more common words of a long trusted request are no copy (the scaffold\'s greeting against convert_time)', () => {
    const trusted = claimant('clock', true, { convert_time: ['what time is it in tokyo when I say noon in lisbon'] });
    const scaffold = claimant('weather', false, { weather_greet: ['say hi to times', 'tokyo noon lisbon time'] });
    const { kept, dropped } = resolveClaims([trusted, scaffold]);
    expect(kept.get('weather')!.get('weather_greet')).toEqual(['say hi to times']);
    expect(dropped.map((d) => [d.request, d.how])).toEqual([['tokyo noon lisbon time', 'part']]);
  });

  it('a trusted request of one word takes a longer request only when said whole in it, as half its words or more (the scaffold greeting and calendar requests keep "time")', () => {
    const trusted = claimant('clock', true, { get_current_datetime: ['what time is it', 'the time'], evaluate_expression: ['what is 2 plus 2', 'calculate'] });
    const other = claimant('cal', false, {
      greet: ['say hi to {name} {times} times'],
      next_meeting: ['what time is my next meeting', 'schedule a meeting time', 'meeting time', 'what time is it in my calendar', 'the time in tokyo'],
      calc: ['what is 2 plus 2 quickly', 'calculate quickly', 'calculate my monthly mortgage payment', 'time'],
    });
    const { kept, dropped } = resolveClaims([trusted, other]);
    expect(kept.get('cal')!.get('greet')).toEqual(['say hi to {name} {times} times']);
    expect(kept.get('cal')!.get('next_meeting')).toEqual(['what time is my next meeting', 'schedule a meeting time', 'meeting time']);
    expect(kept.get('cal')!.get('calc')).toEqual(['calculate my monthly mortgage payment']);
    expect(dropped.map((d) => [d.request, d.ownerTool, d.how])).toEqual([
      ['what time is it in my calendar', 'get_current_datetime', 'more'],
      ['the time in tokyo', 'get_current_datetime', 'more'],
      ['what is 2 plus 2 quickly', 'evaluate_expression', 'more'],
      ['calculate quickly', 'evaluate_expression', 'more'],
      ['time', 'get_current_datetime', 'same'],
    ]);
  });

  it('a trusted third-party package keeps its own near requests; exact copies still go to the first claimant', () => {
    const trusted = claimant('spotify', true, { play_song: ['plus', 'calculate', 'Calculating', 'play a song'] });
    const { kept, dropped } = resolveClaims([bundled, trusted]);
    expect(kept.get('spotify')!.get('play_song')).toEqual(['plus', 'Calculating', 'play a song']);
    expect(dropped.map((d) => d.request)).toEqual(['calculate']);
  });

  it('among untrusted packages the first in order keeps a request; a package never loses one to itself', () => {
    const first = claimant('a', false, { a_tool: ['turn on the lights', 'turn on the lights'], a_other: ['turn on the lights'] });
    const second = claimant('b', false, { b_tool: ['Turn on the lights!', 'turn on the lights in the kitchen'] });
    const { kept, dropped } = resolveClaims([first, second]);
    expect(kept.get('a')).toEqual(new Map([['a_tool', ['turn on the lights', 'turn on the lights']], ['a_other', ['turn on the lights']]]));
    expect(kept.get('b')).toEqual(new Map([['b_tool', ['turn on the lights in the kitchen']]]));
    expect(dropped).toEqual([{ label: 'b', tool: 'b_tool', request: 'Turn on the lights!', ownerLabel: 'a', ownerTool: 'a_tool', how: 'same' }]);
  });

  it('requests of stop words only compare as written', () => {
    const { kept } = resolveClaims([claimant('a', true, { t: ['what is it'] }), claimant('b', false, { u: ['What is it', 'is it what'] })]);
    expect(kept.get('b')!.get('u')).toEqual(['is it what']);
    expect(requestWords('Calculating the SUMS!')).toEqual(['calcul', 'sum']);
  });

  // its speed at this size is a benchmark row (bench/search.bench.mjs, "resolving example-request claims")
  it('sorts a package of thousands of requests against thousands of trusted ones', () => {
    const many = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} word${i} other${i % 50} thing${i % 7} more${i % 3}`);
    const { kept, dropped } = resolveClaims([claimant('t', true, { t: many('turn', 3000) }), claimant('u', false, { u: [...many('turn', 3000), ...many('spin', 2000)] })]);
    expect(dropped).toHaveLength(3000);
    expect(new Set(dropped.map((d) => d.ownerLabel))).toEqual(new Set(['t']));
    expect(kept.get('u')!.get('u')).toEqual(many('spin', 2000));
  });
});
