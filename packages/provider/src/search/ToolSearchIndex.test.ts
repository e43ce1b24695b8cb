import type { ToolDescriptor } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import { MAX_SEARCH_LIMIT, MAX_SEARCH_TAGS, ToolSearchIndex, type SearchOutcome } from './ToolSearchIndex.js';
import { MAX_QUERY_CHARS, MAX_QUERY_TERMS } from './analyseQuery.js';

const OBJECT = { type: 'object', properties: {} };

function entry(toolboxId: string, name: string, description: string, more: Partial<ToolDescriptor> = {}): CatalogEntry {
  return { tool: { name, description, argumentSchema: OBJECT, outputSchema: OBJECT, ...more }, toolboxId, kind: 'inline', source: toolboxId };
}

const CATALOG: CatalogEntry[] = [
  entry('weather', 'getWeatherForecast', 'Weather forecast for the next days: temperature and chance of rain.', {
    tags: ['weather', 'network'],
    argumentSchema: { type: 'object', properties: { city: { type: 'string', description: 'City name, e.g. Lisbon' } } },
  }),
  entry('ipma', 'previsao_tempo', 'Previsão do tempo do IPMA para uma localidade de Portugal.', { tags: ['tempo', 'portugal'] }),
  entry('dwd', 'unwetterwarnungen', 'Aktuelle Unwetterwarnungen des Deutschen Wetterdienstes für eine Stadt.', { tags: ['wetter'] }),
  entry('timers', 'start_timer', 'Start a countdown timer for a duration; it rings when done.', {
    tags: ['timer'],
    examples: [{ description: 'Set a timer for the pasta', arguments: { duration: '10 minutes' } }],
  }),
  entry('timers', 'cancel_timer', 'Cancel a running timer.', { tags: ['timer'] }),
  entry('music', 'play_music', 'Play music by artist, album or genre.', { tags: ['music', 'media'] }),
  entry('lights', 'turn_on_light', 'Turn on a light, optionally with a brightness.', { tags: ['smart-home'] }),
  entry('files', 'read_file', 'Read the UTF-8 text content of a file.', { tags: ['filesystem', 'read-only'] }),
];

function names(outcome: SearchOutcome): string[] {
  if (!outcome.ok) throw new Error(outcome.error.error);
  return outcome.results.map((r) => r.entry.tool.name);
}

function refused(outcome: SearchOutcome): string {
  if (outcome.ok) throw new Error(`expected a refusal, got ${names(outcome).join(', ')}`);
  expect(outcome.error.code).toBe('invalid_request');
  expect(outcome.error.error).toMatch(/^ValueError: /);
  return outcome.error.error;
}

describe('ToolSearchIndex ranking', () => {
  const index = new ToolSearchIndex(CATALOG);

  it('ranks the tool whose name, description, arguments or examples match first, best first with scores', () => {
    expect(names(index.search('weather forecast for Lisbon'))[0]).toBe('getWeatherForecast');
    expect(names(index.search('set a timer for the pasta'))[0]).toBe('start_timer');
    expect(names(index.search('cancel timer'))[0]).toBe('cancel_timer');
    const outcome = index.search('timer');
    expect(outcome.ok && outcome.results.map((r) => r.score)).toEqual(outcome.ok ? [...outcome.results.map((r) => r.score)].sort((a, b) => b - a) : []);
  });

  it('finds camelCase and snake_case names by their words, and by prefix and typo', () => {
    expect(names(index.search('forecast'))[0]).toBe('getWeatherForecast');
    expect(names(index.search('forec'))[0]).toBe('getWeatherForecast'); // prefix
    expect(names(index.search('wether forcast'))[0]).toBe('getWeatherForecast'); // one typo per word
  });

  it('stems words (converting finds convert) but a shortened stem does not fuzzily reach another word (evaluate is not value)', () => {
    const small = new ToolSearchIndex([entry('units', 'convert_units', 'Convert a length between units.'), entry('clock', 'get_time', 'The time as a value in seconds.')], { semantic: false });
    expect(names(small.search('converting lengths'))).toEqual(['convert_units']);
    expect(names(small.search('evaluate'))).toEqual([]);
  });

  it('matches accented words with or without their accents, and words in other languages', () => {
    expect(names(index.search('previsão do tempo'))[0]).toBe('previsao_tempo');
    expect(names(index.search('previsao do tempo'))[0]).toBe('previsao_tempo');
    expect(names(index.search('gibt es Unwetterwarnungen für München?'))[0]).toBe('unwetterwarnungen');
    expect(names(index.search('UNWETTERWARNUNGEN FUR'))[0]).toBe('unwetterwarnungen');
  });

  it('requests in Portuguese, Spanish, German, French, Italian and Dutch find English-described tools through the lexicon', () => {
    expect(names(index.search('põe um temporizador de cinco minutos'))[0]).toBe('start_timer');
    expect(names(index.search('pon música de jazz'))[0]).toBe('play_music');
    expect(names(index.search('schalte die Lampe ein'))[0]).toBe('turn_on_light');
    expect(names(index.search('allume la lumière'))[0]).toBe('turn_on_light');
    expect(names(index.search('accendi la luce'))[0]).toBe('turn_on_light');
    expect(names(index.search('speel muziek'))[0]).toBe('play_music');
    const plain = new ToolSearchIndex(CATALOG, { lexicon: null });
    expect(names(plain.search('accendi la luce'))).not.toContain('turn_on_light');
  });

  it('never breaks on text in other scripts, emoji or odd punctuation', () => {
    for (const q of ['Погода в Москве', '東京の天気', '🌧️ rain?', 'wetter!!!', "l'heure", 'x_y-z.w']) {
      expect(index.search(q).ok || refused(index.search(q)).includes('no searchable words')).toBe(true);
    }
  });

  it('counts every match in total but returns at most limit results', () => {
    const all = index.search('timer music light file weather', { limit: 100 });
    const two = index.search('timer music light file weather', { limit: 2 });
    expect(all.ok && two.ok).toBe(true);
    if (!all.ok || !two.ok) return;
    expect(two.results).toHaveLength(2);
    expect(two.total).toBe(all.total);
    expect(all.results).toHaveLength(all.total);
    expect(two.results).toEqual(all.results.slice(0, 2));
  });

  it('defaults to 5 results', () => {
    const outcome = index.search('timer music light file weather tempo unwetterwarnungen');
    expect(outcome.ok && outcome.results.length).toBe(5);
  });
});

describe('ToolSearchIndex filter and tags', () => {
  const index = new ToolSearchIndex(CATALOG);

  it('keeps only entries the filter allows, before the limit and in total', () => {
    const outcome = index.search('timer', { filter: (e) => e.tool.name !== 'start_timer' });
    expect(names(outcome)).toEqual(['cancel_timer']);
    expect(outcome.ok && outcome.total).toBe(1);
  });

  it('a filter that throws hides the entry (fails closed)', () => {
    const outcome = index.search('timer', {
      filter: (e) => {
        if (e.tool.name === 'start_timer') throw new Error('authorizer broke');
        return true;
      },
    });
    expect(names(outcome)).toEqual(['cancel_timer']);
  });

  it('keeps tools carrying every requested tag', () => {
    expect(names(index.search('read file', { tags: ['filesystem', 'read-only'] }))).toEqual(['read_file']);
    expect(names(index.search('weather', { tags: ['network'] }))).toEqual(['getWeatherForecast']);
    expect(names(index.search('timer', { tags: ['weather', 'network'] }))).toEqual([]);
  });

  it('an unknown tag is refused with the tags that exist', () => {
    const text = refused(index.search('timer', { tags: ['timer', 'alarms'] }));
    expect(text).toContain(`Unknown tag "alarms"`);
    expect(text).toContain('filesystem, media, music, network, portugal, read-only, smart-home, tempo, timer, weather, wetter');
  });

  it('a tag only hidden tools carry is unknown to this caller, and hidden tags are not listed', () => {
    const text = refused(index.search('weather', { tags: ['weather'], filter: (e) => e.toolboxId !== 'weather' }));
    expect(text).toContain(`Unknown tag "weather"`);
    expect(text).not.toMatch(/network/);
  });

  it('says so when no visible tool carries any tag', () => {
    const untagged = new ToolSearchIndex([entry('x', 'tool_x', 'Does things.')]);
    expect(refused(untagged.search('does things', { tags: ['any'] }))).toContain('no tool you may call carries any tag');
  });

  it('refuses tags that are not a list of strings, or too many', () => {
    expect(refused(index.search('timer', { tags: 'timer' as unknown as string[] }))).toContain("Invalid field 'tags': expected a list of strings");
    expect(refused(index.search('timer', { tags: [1] as unknown as string[] }))).toContain('expected a list of strings');
    const many = Array.from({ length: MAX_SEARCH_TAGS + 1 }, (_, i) => `t${i}`);
    expect(refused(index.search('timer', { tags: many }))).toContain(`at most ${MAX_SEARCH_TAGS}`);
  });
});

describe('ToolSearchIndex bad input', () => {
  const index = new ToolSearchIndex(CATALOG);

  it('refuses an empty, blank, 10 kB or wordless query, saying what to do', () => {
    expect(refused(index.search(''))).toContain('it is empty');
    expect(refused(index.search('   \n'))).toContain('it is empty');
    expect(refused(index.search('weather '.repeat(1280)))).toContain(`10240 characters; at most ${MAX_QUERY_CHARS}`);
    expect(refused(index.search('what is the ??? please'))).toContain('no searchable words');
    expect(refused(index.search(3 as unknown as string))).toContain("Invalid field 'query': expected a string, received 3");
    expect(refused(index.search(undefined as unknown as string))).toContain('received nothing');
  });

  it('refuses a query with more distinct words than are searched', () => {
    const words = Array.from({ length: MAX_QUERY_TERMS + 1 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
    expect(refused(index.search(words.join(' ')))).toContain(`${MAX_QUERY_TERMS + 1} distinct words; at most ${MAX_QUERY_TERMS}`);
  });

  it('refuses a limit of 0, 10^9, a fraction or a string, naming the accepted range', () => {
    for (const limit of [0, -1, 1e9, 1.5, Number.NaN, '5']) {
      expect(refused(index.search('timer', { limit: limit as number }))).toContain(`Invalid field 'limit': expected an integer from 1 to ${MAX_SEARCH_LIMIT}`);
    }
    expect(index.search('timer', { limit: MAX_SEARCH_LIMIT }).ok).toBe(true);
  });
});

describe('ToolSearchIndex rebuild', () => {
  it('swaps in the new catalog and reports its size and build time', () => {
    const index = new ToolSearchIndex(CATALOG);
    expect(names(index.search('music'))).toEqual(['play_music']);
    const report = index.rebuild([entry('radio', 'play_radio', 'Play a radio station.')]);
    expect(report).toMatchObject({ ok: true, tools: 1 });
    expect(report.ok && report.durationMs).toBeGreaterThanOrEqual(0);
    expect(index.size).toBe(1);
    expect(names(index.search('play music'))).toEqual(['play_radio']);
  });

  it('a rebuild that fails keeps the previous index serving', () => {
    const index = new ToolSearchIndex(CATALOG);
    const broken = {
      toolboxId: 'x',
      kind: 'inline',
      source: 'x',
      get tool(): ToolDescriptor {
        throw new Error('descriptor went away');
      },
    } as CatalogEntry;
    const report = index.rebuild([entry('radio', 'play_radio', 'Play a radio station.'), broken]);
    expect(report.ok).toBe(false);
    expect(!report.ok && report.error).toEqual({ error: expect.stringContaining('descriptor went away'), code: 'internal' });
    expect(index.size).toBe(CATALOG.length);
    expect(names(index.search('music'))).toEqual(['play_music']);
  });

  it('indexes hostile descriptors without throwing: huge texts are cut, odd schemas and non-strings ignored', () => {
    const huge = entry('big', 'huge_tool', `${'lorem '.repeat(200_000)} needle`, {
      argumentSchema: { type: 'object', properties: { mode: { type: 'string', enum: Array.from({ length: 100_000 }, (_, i) => `value${i}`) } } },
    });
    const odd = entry('odd', 'odd_tool', 'Odd but findable.', {
      argumentSchema: { type: 'object', properties: null } as unknown as object,
      tags: [3, 'odd'] as unknown as string[],
      examples: [null, { arguments: { deep: { deeper: ['sparrow'] } } }] as unknown as ToolDescriptor['examples'],
    });
    const index = new ToolSearchIndex();
    expect(index.rebuild([huge, odd])).toMatchObject({ ok: true, tools: 2 });
    expect(names(index.search('needle'))).toEqual([]); // past the per-field cap
    expect(names(index.search('odd findable'))).toEqual(['odd_tool']);
    expect(names(index.search('sparrow'))).toEqual(['odd_tool']);
    expect(names(index.search('lorem'))).toEqual(['huge_tool']);
  });

  it('reuses what it built for a descriptor on the next rebuild, but never across toolbox ids', () => {
    const shared = entry('alpha-tools', 'echo', 'Echo a message back.');
    const index = new ToolSearchIndex([shared]);
    expect(index.rebuild([shared, { ...shared, toolboxId: 'beta-tools' }])).toMatchObject({ ok: true, tools: 2 });
    for (const id of ['alpha', 'beta']) {
      const byToolbox = index.search(id);
      expect(byToolbox.ok && byToolbox.results.map((r) => r.entry.toolboxId)).toEqual([`${id}-tools`]);
    }
    expect(names(index.search('echo message'))).toEqual(['echo', 'echo']);
  });

  it('indexes colliding names once per toolbox, each found', () => {
    const index = new ToolSearchIndex([entry('a', 'read_file', 'Read a file.'), entry('b', 'read_file', 'Read a file from the MCP server.')]);
    const outcome = index.search('read file');
    expect(outcome.ok && outcome.results.map((r) => r.entry.toolboxId).sort()).toEqual(['a', 'b']);
  });
});

describe('ToolSearchIndex background rebuild', () => {
  /** `n` tools, the last one the only `lighthouse` tool. */
  const many = (n: number) => Array.from({ length: n }, (_, i) => entry('many', i === n - 1 ? 'lighthouse_keeper' : `tool_${i}`, i === n - 1 ? 'Keeps the lighthouse lit.' : `Tool number ${i} of a big catalog.`));

  it('builds between turns of the event loop, serving the old catalog until the new one is complete', async () => {
    const index = new ToolSearchIndex(CATALOG);
    const built = index.rebuildInBackground(many(100));
    expect(index.building).toBe(true);
    // other work runs while it builds: each turn of the event loop sees the old catalog serving, until the swap
    const sizesSeen: number[] = [];
    const tick = () => {
      sizesSeen.push(index.size);
      if (index.building) setImmediate(tick);
    };
    setImmediate(tick);
    const outcome = await built;
    expect(outcome).toMatchObject({ ok: true, tools: 100 });
    expect(index.building).toBe(false);
    expect(index.size).toBe(100);
    expect(sizesSeen.filter((s) => s === CATALOG.length).length).toBeGreaterThan(1);
    expect(names(index.search('lighthouse'))).toEqual(['lighthouse_keeper']);
  });

  it('a search arriving before the end finishes the build first: it ranks the entries handed in', async () => {
    const index = new ToolSearchIndex(CATALOG);
    const built = index.rebuildInBackground([...many(80), entry('radio', 'play_radio', 'Play a radio station.')]);
    expect(names(index.search('play radio'))).toEqual(['play_radio']);
    expect(index.building).toBe(false);
    await expect(built).resolves.toMatchObject({ ok: true, tools: 81 });
    const again = index.rebuildInBackground(CATALOG);
    const found = await index.searchAsync('music');
    expect(found.ok && found.results.map((r) => r.entry.tool.name)).toEqual(['play_music']);
    await expect(again).resolves.toMatchObject({ ok: true, tools: CATALOG.length });
  });

  it('a newer rebuild replaces one under way: the replaced one resolves undefined and never serves', async () => {
    const index = new ToolSearchIndex(CATALOG);
    const first = index.rebuildInBackground(many(100));
    const second = index.rebuildInBackground([entry('radio', 'play_radio', 'Play a radio station.')]);
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toMatchObject({ ok: true, tools: 1 });
    expect(names(index.search('play'))).toEqual(['play_radio']);
    const third = index.rebuildInBackground(many(100));
    expect(index.rebuild(CATALOG)).toMatchObject({ ok: true, tools: CATALOG.length });
    await expect(third).resolves.toBeUndefined();
    expect(index.building).toBe(false);
    expect(index.size).toBe(CATALOG.length);
  });

  it('a background build that fails keeps the previous index serving and says why', async () => {
    const index = new ToolSearchIndex(CATALOG);
    const broken = { toolboxId: 'x', kind: 'inline', source: 'x', get tool(): ToolDescriptor { throw new Error('descriptor went away'); } } as CatalogEntry;
    const outcome = await index.rebuildInBackground([...many(40), broken]);
    expect(outcome).toEqual({ ok: false, error: { error: expect.stringContaining('descriptor went away'), code: 'internal' } });
    expect(index.building).toBe(false);
    expect(names(index.search('music'))).toEqual(['play_music']);
  });
});

describe('ToolSearchIndex prepare', () => {
  it('loads and compiles without serving anything: the catalog served stays the one handed in', async () => {
    const index = new ToolSearchIndex(CATALOG);
    await index.prepare();
    expect(index.size).toBe(CATALOG.length);
    expect(names(index.search('music'))).toEqual(['play_music']);
    expect(names(index.search('time in a city'))).not.toContain('get_current_time');
    const empty = new ToolSearchIndex();
    await empty.prepare();
    expect(empty.size).toBe(0);
    const found = empty.search('convert kilometers to miles');
    expect(found.ok && found.total).toBe(0);
  });
});
