import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLocaleUtterances, isLanguageCode, readLocaleUtterances } from './localeUtterances.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function pkg(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ovos-locale-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('readLocaleUtterances', () => {
  it('reads locale/<lang>/<tool>.intent of every language, expanded, comments and blank lines skipped', () => {
    const dir = pkg({
      'locale/en-us/get_time.intent': '# examples\nwhat time is it [in {city}]\n\nwhat (hour|time) is it now\n',
      'locale/pt-pt/get_time.intent': 'que horas são\n',
      'locale/de/set_timer.intent': 'stell einen timer\n',
    });
    const found = readLocaleUtterances(dir);
    expect(found.problems).toEqual([]);
    expect(found.byTool.get('get_time')).toEqual(['what time is it in', 'what time is it', 'what hour is it now', 'what time is it now', 'que horas são']);
    expect(found.byTool.get('set_timer')).toEqual(['stell einen timer']);
    expect(Object.fromEntries(found.files.get('get_time')!)).toEqual({ 'en-us': 2, 'pt-pt': 1 });
  });

  it('a package without a locale folder has none and no problem', () => {
    expect(readLocaleUtterances(pkg({ 'package.json': '{}' }))).toMatchObject({ problems: [] });
  });

  it('an unknown language code or an empty file is a clear problem and adds nothing', () => {
    const dir = pkg({ 'locale/english/get_time.intent': 'what time is it\n', 'locale/xx/get_time.intent': 'x\n', 'locale/en/empty.intent': '# only a comment\n' });
    const found = readLocaleUtterances(dir);
    expect(found.byTool.size).toBe(0);
    expect(found.problems).toEqual([
      expect.stringMatching(/^locale\/en\/empty\.intent: is empty; write one example request per line/),
      expect.stringMatching(/^locale\/english: "english" is not a language code/),
      expect.stringMatching(/^locale\/xx: "xx" is not a language code/),
    ]);
  });
});

describe('checkLocaleUtterances', () => {
  it('names a file whose tool the package does not have, with the tools it has', () => {
    const dir = pkg({ 'locale/en/get_wether.intent': 'weather today\n', 'locale/en/get_time.intent': 'what time is it\n' });
    expect(checkLocaleUtterances(dir, ['get_time', 'get_weather'])).toEqual([
      'locale/en/get_wether.intent: no tool named "get_wether" in this package (its tools: get_time, get_weather); name the file <tool_name>.intent',
    ]);
    expect(checkLocaleUtterances(dir, ['get_time', 'get_wether'])).toEqual([]);
  });

  it('knows language codes as BCP 47 tags of known languages', () => {
    for (const code of ['en', 'en-us', 'pt-BR', 'ca-es', 'nl']) expect(isLanguageCode(code), code).toBe(true);
    for (const code of ['xx', 'english', 'e', 'en_us', '']) expect(isLanguageCode(code), code).toBe(false);
  });
});
