import { ToolSearchIndex } from '../src/search/ToolSearchIndex.js';
import { queryConcepts } from '../src/search/queryConcepts.js';
import { readNumbers } from '../src/search/numberWords.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BenchEntry } from './helpers/benchQueries.js';
// plain .mjs module shared with `pnpm bench`
import { loadCatalog } from '../bench/search/catalog.mjs';


/**
 * The requests issue 39 quotes as failures, on the bench catalog (bundled toolboxes, eight recorded MCP servers,
 * third-party-like toolboxes): each now finds its tool in the top results.
 */
describe('spoken and natural requests find their tools (issue 39)', () => {
  let index: ToolSearchIndex;
  beforeAll(async () => {
    index = new ToolSearchIndex((await loadCatalog()) as never);
  });
  const rankOf = (query: string, name: string): number => {
    const outcome = index.search(query, { limit: 10 });
    if (!outcome.ok) throw new Error(outcome.error.error);
    return outcome.results.findIndex((r) => (r.entry as unknown as BenchEntry).tool.name === name) + 1;
  };

  it.each([
    ['how many miles is 42 kilometers', 'unit_convert'],
    ['calculate 17 percent of 2340', 'evaluate_expression'],
    ['convert kilometers to miles', 'unit_convert'],
    ['add 2 and 3', 'evaluate_expression'],
    ['seven times nine', 'evaluate_expression'],
    ['three hundred and twenty divided by four', 'evaluate_expression'],
    ['quantas milhas são quarenta e dois quilómetros', 'unit_convert'],
    ['wie viel ist sieben mal neun', 'evaluate_expression'],
  ])('%s → %s first', (query, name) => {
    expect(rankOf(query, name)).toBe(1);
  });

  it('2 lbs in grams: a conversion, unit_convert beside the recipes toolbox\'s cooking_conversion (both convert to grams)', () => {
    expect(rankOf('2 lbs in grams', 'unit_convert')).toBeLessThanOrEqual(2);
    expect(rankOf('2 lbs in grams', 'cooking_conversion')).toBeLessThanOrEqual(2);
  });

  it('an add request that is not arithmetic still finds the list tool first', () => {
    expect(rankOf('add milk to my shopping list', 'add_to_shopping_list')).toBe(1);
  });
});

describe('numbers and units in requests, in the OVOS languages', () => {
  it.each([
    ['three hundred and twenty', [320]],
    ['two thousand three hundred and forty', [2340]],
    ['quarenta e dois', [42]],
    ['zweiundvierzig', [42]],
    ['quarantadue', [42]],
    ['tweeenveertig', [42]],
    ['quaranta dos', [42]],
    ['four eight and fifteen', [4, 8, 15]],
    ['5 pm', [5]],
  ])('%s reads as %j', (text, values) => {
    expect(readNumbers(text.split(' ')).map((n) => n.value)).toEqual(values);
  });

  it('a unit adds unit and convert; an operator between numbers adds calculate; a clock time adds time', () => {
    expect([...queryConcepts(['2', 'lbs']).added.keys()]).toEqual(expect.arrayContaining(['unit', 'convert', 'pounds']));
    expect([...queryConcepts(['seven', 'times', 'nine']).added.keys()]).toEqual(expect.arrayContaining(['calculate', 'multiply']));
    expect([...queryConcepts(['sete', 'vezes', 'nove']).added.keys()]).toEqual(expect.arrayContaining(['calculate', 'multiply']));
    expect([...queryConcepts(['5', 'pm']).added.keys()]).toEqual(expect.arrayContaining(['time']));
    // `times` without numbers around it is not arithmetic, and a bare `set` is not a number request
    expect(queryConcepts(['how', 'many', 'times']).added.size).toBe(0);
    expect(queryConcepts(['set', 'a', 'timer']).added.size).toBe(0);
  });
});
