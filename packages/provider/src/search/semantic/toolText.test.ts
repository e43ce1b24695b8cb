import { expect, test } from 'vitest';
import type { CatalogEntry } from '../../service/CatalogEntry.js';
import { VOICE_LEXICON } from '../voiceLexicon.js';
import { foreignShare, MAX_TOOL_TEXT_CHARS, toolText } from './toolText.js';

const entry = (tool: Record<string, unknown>) => ({ toolboxId: 'tb', source: 'tb', tool }) as unknown as CatalogEntry;

test("a tool's text for the model: name as words, summary (or the description's first sentence), argument names, English example requests, the rest of the description", () => {
  const text = toolText(
    entry({ name: 'setTimer', description: 'Starts a countdown. It rings at the end.', argumentSchema: { type: 'object', properties: { durationSeconds: {}, label: {} } } }),
    ['set a timer for ten minutes', 'pon un temporizador de diez minutos', 'start a countdown'],
    VOICE_LEXICON,
  );
  expect(text).toBe('set timer: Starts a countdown.. arguments: duration seconds, label. for example: set a timer for ten minutes; start a countdown. It rings at the end.');
  expect(toolText(entry({ name: 'x', summary: 'Sum.', description: 3, argumentSchema: null, tags: 'no' }), [3 as unknown as string], VOICE_LEXICON)).toBe('x: Sum.');
  expect(toolText(entry({ name: 'long', description: 'word '.repeat(1000) }), [], null).length).toBe(MAX_TOOL_TEXT_CHARS);
});

test('foreignShare: the share of a request the lexicon knows as another language (0 without a lexicon)', () => {
  expect(foreignShare('set a timer for ten minutes', VOICE_LEXICON)).toBe(0);
  expect(foreignShare('pon un temporizador', VOICE_LEXICON)).toBeGreaterThanOrEqual(0.5);
  expect(foreignShare('pon un temporizador', null)).toBe(0);
  expect(foreignShare('', VOICE_LEXICON)).toBe(0);
});
