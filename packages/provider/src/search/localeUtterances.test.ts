import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_EXPANSIONS_PER_LINE } from './intentLines.js';
import { checkLocaleUtterances, isLanguageCode, MAX_INTENT_FILES, MAX_SENTENCES_PER_TOOL, readLocaleUtterances } from './localeUtterances.js';

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

describe('readLocaleUtterances refuses what a hostile package could turn against the provider (issue 42)', () => {
  it('a symbolic link out of the package (/proc/self/environ, a file beside it) is refused and nothing of it is read', () => {
    const outside = pkg({ 'secret.txt': 'launch the rockets with code swordfish\n' });
    const dir = pkg({ 'locale/en/get_time.intent': 'what time is it\n' });
    symlinkSync('/proc/self/environ', path.join(dir, 'locale/en/leak.intent'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'locale/en/secret.intent'));
    symlinkSync(path.join(outside), path.join(dir, 'locale/fr'));
    const found = readLocaleUtterances(dir);
    expect([...found.byTool.keys()]).toEqual(['get_time']);
    expect(JSON.stringify([...found.byTool])).not.toMatch(/swordfish|PATH=|HOME=/);
    expect(found.problems).toEqual([
      'locale/en/leak.intent: is a symbolic link to a file outside the package; ship the file itself inside the package',
      'locale/en/secret.intent: is a symbolic link to a file outside the package; ship the file itself inside the package',
      'locale/fr: is a symbolic link to a folder outside the package; ship the folder itself inside the package',
    ]);
  });

  it('a symbolic link inside the package is read', () => {
    const dir = pkg({ 'locale/en/get_time.intent': 'what time is it\n' });
    symlinkSync(path.join(dir, 'locale/en/get_time.intent'), path.join(dir, 'locale/en/get_clock.intent'));
    expect(readLocaleUtterances(dir)).toMatchObject({ problems: [], byTool: new Map([['get_clock', ['what time is it']], ['get_time', ['what time is it']]]) });
  });

  it('a FIFO is refused without ever blocking (no writer is needed), a locale that is a FIFO too', () => {
    const dir = pkg({ 'locale/en/get_time.intent': 'what time is it\n' });
    execFileSync('mkfifo', [path.join(dir, 'locale/en/hang.intent')]);
    const found = readLocaleUtterances(dir);
    expect(found.problems).toEqual(['locale/en/hang.intent: is a FIFO (named pipe), not a regular file; make it a text file of example requests']);
    expect(found.byTool.get('get_time')).toEqual(['what time is it']);
    const fifoLocale = pkg({ 'package.json': '{}' });
    execFileSync('mkfifo', [path.join(fifoLocale, 'locale')]);
    expect(readLocaleUtterances(fifoLocale).problems).toEqual(['locale: is not a folder; make it a folder (locale/<lang>/<tool_name>.intent)']);
  });

  it('pathological lines are problems naming file and line; the good lines of the file still count', () => {
    const dir = pkg({ 'locale/en/get_time.intent': `what time is it\n${'('.repeat(24_000)}\nbroken (a|b\n${'(a|b)'.repeat(40)}\n` });
    const found = readLocaleUtterances(dir);
    expect(found.problems).toEqual([
      'locale/en/get_time.intent:2: is 24000 characters long, more than 500; write one short example request per line',
      "locale/en/get_time.intent:3: the '(' at column 8 is never closed; close it with ')' or remove it",
      'locale/en/get_time.intent:4: expands to more than a billion sentences; only the first 32 are used; split it into lines of at most 32 sentences each',
    ]);
    expect(found.byTool.get('get_time')).toHaveLength(1 + MAX_EXPANSIONS_PER_LINE);
  });

  it('caps: a file too large, too many sentences per tool, thousands of files (none read)', () => {
    const big = pkg({ 'locale/en/get_time.intent': `${'what time is it\n'.repeat(5000)}` });
    expect(readLocaleUtterances(big).problems).toEqual(['locale/en/get_time.intent: is larger than 64 KiB; keep a few dozen example requests per tool and language']);
    const many = pkg({ 'locale/en/get_time.intent': Array.from({ length: 40 }, (_, i) => `(a|b|c|d|e|f|g|h) time ${i} (x|y|z|w)`).join('\n') });
    const tooMany = readLocaleUtterances(many);
    expect(tooMany.byTool.get('get_time')).toHaveLength(MAX_SENTENCES_PER_TOOL);
    expect(tooMany.problems).toEqual([`locale/en/get_time.intent:32: tool "get_time" has more than ${MAX_SENTENCES_PER_TOOL} example requests (lines expanded); the rest are not used; keep a few dozen per tool and language`]);
    const files: Record<string, string> = {};
    for (let i = 0; i <= MAX_INTENT_FILES; i++) files[`locale/en/tool_${i}.intent`] = 'what time is it\n';
    const thousands = readLocaleUtterances(pkg(files));
    expect(thousands.byTool.size).toBe(0);
    expect(thousands.problems).toEqual([`locale: more than ${MAX_INTENT_FILES} files; none are read; keep one <tool_name>.intent per tool and language`]);
  });
});
