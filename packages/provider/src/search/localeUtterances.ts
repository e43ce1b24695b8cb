import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expandIntentLine } from './intentLines.js';

/** The largest `.intent` file read, in bytes; a larger one is a problem, not read. */
export const MAX_INTENT_FILE_BYTES = 64 * 1024;
/** The most `.intent` files read from one package. */
export const MAX_INTENT_FILES = 2000;

/** A toolbox package's example requests, from `locale/<lang>/<tool_name>.intent`. */
export interface LocaleUtterances {
  /** Tool name → its example requests, every language (lines expanded, see `expandIntentLine`). */
  byTool: ReadonlyMap<string, readonly string[]>;
  /** Tool name → language code → how many lines its file has. */
  files: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** What could not be read or is malformed, one sentence each, naming the file (`locale/xx/foo.intent: …`). */
  problems: string[];
}

/**
 * Reads `<packageDir>/locale/<lang>/<tool_name>.intent`, the way OVOS skills ship example requests: one request per
 * line, `(a|b)` alternatives, `[optional]` words and `{slot}` values expanded or stripped. A package without a
 * `locale` folder has none (no problem). Never throws: an unknown language code, an empty file, a file too large or
 * unreadable is a problem and adds nothing. Tool names are not checked here (see {@link checkLocaleUtterances}).
 */
export function readLocaleUtterances(packageDir: string): LocaleUtterances {
  const byTool = new Map<string, string[]>();
  const files = new Map<string, Map<string, number>>();
  const problems: string[] = [];
  const root = path.join(packageDir, 'locale');
  let langs: string[];
  try {
    langs = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  } catch {
    return { byTool, files, problems };
  }
  let read = 0;
  for (const lang of langs) {
    if (!isLanguageCode(lang)) {
      problems.push(`locale/${lang}: "${lang}" is not a language code; name the folder with a BCP 47 language tag such as en, pt-pt or de-de`);
      continue;
    }
    let names: string[];
    try {
      names = readdirSync(path.join(root, lang)).filter((f) => f.endsWith('.intent')).sort();
    } catch (err) {
      problems.push(`locale/${lang}: cannot be read: ${(err as Error).message}`);
      continue;
    }
    for (const file of names) {
      if (++read > MAX_INTENT_FILES) {
        problems.push(`locale: more than ${MAX_INTENT_FILES} .intent files; the rest are not read`);
        return { byTool, files, problems };
      }
      const where = `locale/${lang}/${file}`;
      const full = path.join(root, lang, file);
      let text: string;
      try {
        if (statSync(full).size > MAX_INTENT_FILE_BYTES) {
          problems.push(`${where}: larger than ${MAX_INTENT_FILE_BYTES / 1024} KiB; keep a few dozen example requests per tool and language`);
          continue;
        }
        text = readFileSync(full, 'utf8');
      } catch (err) {
        problems.push(`${where}: cannot be read: ${(err as Error).message}`);
        continue;
      }
      const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
      if (lines.length === 0) {
        problems.push(`${where}: is empty; write one example request per line (e.g. "what time is it in (london|tokyo)") or delete the file`);
        continue;
      }
      const tool = file.slice(0, -'.intent'.length);
      const list = byTool.get(tool) ?? [];
      for (const line of lines) list.push(...expandIntentLine(line));
      byTool.set(tool, list);
      const perLang = files.get(tool) ?? new Map<string, number>();
      perLang.set(lang, lines.length);
      files.set(tool, perLang);
    }
  }
  return { byTool, files, problems };
}

/**
 * The problems of a package's `locale` folder for `ovos-tools check`: those {@link readLocaleUtterances} finds, and
 * every file named after no tool of the package (`locale/en/get_wether.intent: no tool named "get_wether"…`).
 */
export function checkLocaleUtterances(packageDir: string, toolNames: readonly string[]): string[] {
  const found = readLocaleUtterances(packageDir);
  const known = new Set(toolNames);
  const problems = [...found.problems];
  for (const [tool, langs] of found.files) {
    if (known.has(tool)) continue;
    for (const lang of langs.keys()) {
      problems.push(`locale/${lang}/${tool}.intent: no tool named "${tool}" in this package (its tools: ${[...known].sort().join(', ') || 'none'}); name the file <tool_name>.intent`);
    }
  }
  return problems;
}

// made at the first use: loading ICU's language names costs about 15 ms, which start-up should not pay
let displayNames: Intl.DisplayNames | undefined;

/** Whether `code` is a BCP 47 language tag whose language is known (`en`, `pt-pt`, `pt-BR`, `ca-es`; not `xx`, `english`). */
export function isLanguageCode(code: string): boolean {
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(code)) return false;
  try {
    Intl.getCanonicalLocales(code);
    displayNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    return displayNames.of(code.split('-')[0]!.toLowerCase()) !== undefined;
  } catch {
    return false;
  }
}
