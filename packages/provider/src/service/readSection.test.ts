import { Type } from '@ovos-tools/core';
import { describe, expect, test } from 'vitest';
import { readSection } from './readSection.js';

describe('readSection: one key of the config against its schema', () => {
  const Entry = Type.Object({ n: Type.Integer({ minimum: 1, errorMessage: 'expected a positive integer' }), tags: Type.Optional(Type.Array(Type.String({ minLength: 1 }))) }, { additionalProperties: false });
  const Map = Type.Record(Type.String(), Entry, { errorMessage: 'expected an object of entries' });

  test('a valid value is coerced like the toolbox kit reads config ("5" is 5)', () => {
    expect(readSection('m', Map, { a: { n: '5' } })).toEqual({ value: { a: { n: 5 } }, problems: [] });
  });

  test('every entry of a map is read on its own: each problem at its path, list items as [i], the valid entries kept', () => {
    const many = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`e${i}`, { n: 0 }]));
    const read = readSection('m', Map, { ok: { n: 2 }, bad: { n: 1, tags: ['x', ''] }, ...many });
    expect(read.value).toEqual({ ok: { n: 2 } });
    expect(read.problems[0]).toEqual({ path: 'm.bad.tags[1]', keyword: 'schema', message: 'must not have fewer than 1 characters, received ""' });
    // more than compileSchema's five problems of one value: every entry is named
    expect(read.problems.map((p) => p.path)).toEqual(['m.bad.tags[1]', ...Object.keys(many).map((k) => `m.${k}.n`)]);
    expect(read.problems[1]!.message).toBe('expected a positive integer, received 0');
  });

  test('the value itself is named by the key', () => {
    expect(readSection('m', Map, 'x').problems).toEqual([{ path: 'm', keyword: 'schema', message: 'expected an object of entries, received "x"' }]);
  });
});
