import { SEARCH_RANKER_BRAND, SEARCH_RANKER_CONTRACT_VERSION } from '@ovos-tools/core';
import { expect, test } from 'vitest';
import { searchRankerProblem } from './checkSearchRanker.js';

const good = { [SEARCH_RANKER_BRAND]: SEARCH_RANKER_CONTRACT_VERSION, modelId: 'use-lite-en@1', dimensions: 512, languages: ['en'], load: async () => ({ embed: async () => [] }) };

test('a search ranker is checked field by field, by brand and version (no instanceof), with the path of what is wrong', () => {
  expect(searchRankerProblem(good)).toBeUndefined();
  // a copy of the brand from another copy of core is the same registered symbol
  expect(searchRankerProblem({ ...good, [Symbol.for('ovos-tools.search-ranker')]: 1 })).toBeUndefined();
  expect(searchRankerProblem(3)).toBe('expected a search ranker object, received number');
  expect(searchRankerProblem({ ...good, [SEARCH_RANKER_BRAND]: undefined })).toMatch(/expected contract version 1, received none \(not a search ranker\)/);
  expect(searchRankerProblem({ ...good, [SEARCH_RANKER_BRAND]: 2 })).toMatch(/expected contract version 1, received 2/);
  expect(searchRankerProblem({ ...good, modelId: '../../etc/passwd' })).toMatch(/^modelId: expected a string of letters/);
  expect(searchRankerProblem({ ...good, dimensions: 1e6 })).toBe('dimensions: expected an integer from 1 to 4096, received 1000000');
  expect(searchRankerProblem({ ...good, languages: 'en' })).toBe('languages: expected a list of language subtags, received string');
  expect(searchRankerProblem({ ...good, load: undefined })).toBe('load: expected a function, received undefined');
});
