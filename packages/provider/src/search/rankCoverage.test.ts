import { expect, test } from 'vitest';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import { analyseQuery } from './analyseQuery.js';
import { rankSnapshot } from './rankSnapshot.js';
import { buildSnapshot } from './SearchSnapshot.js';
import { SEARCH_FIELD_BOOSTS } from './ToolSearchIndex.js';
import { VOICE_LEXICON } from './voiceLexicon.js';

const entry = (name: string, description: string) => ({ toolboxId: 'tb', source: 'tb', kind: 'inline', tool: { name, description, argumentSchema: { type: 'object', properties: {} }, outputSchema: { type: 'object' } } }) as unknown as CatalogEntry;
const snap = buildSnapshot([entry('play_music', 'Play music by an artist.'), entry('set_timer', 'Start a countdown timer.')], { ...SEARCH_FIELD_BOOSTS }, new Map(), undefined, false);
const coverageOf = (query: string) => {
  const analysed = analyseQuery(query, VOICE_LEXICON);
  if ('error' in analysed) throw new Error(analysed.error.error);
  return new Map(rankSnapshot(snap, analysed, () => true, false).map((h) => [snap.entries[h.id]!.tool.name, h.coverage]));
};

test("each lexical hit says which share of the request's own words it matched (a lexicon word's English counts for it)", () => {
  expect(coverageOf('play some jazz music in the kitchen').get('play_music')).toBeCloseTo(2 / 4, 9); // play, music of play, jazz, music, kitchen
  expect(coverageOf('play music').get('play_music')).toBe(1);
  expect(coverageOf('start the timer now').get('set_timer')).toBeCloseTo(2 / 3, 9); // start, timer of start, timer, now
  expect(coverageOf('pon un temporizador').get('set_timer')).toBeCloseTo(1 / 2, 9); // temporizador → timer; pon → play (lexicon) matches nothing here
});
