import path from 'node:path';
import { realpathSync } from 'node:fs';
import { parseIntentLine } from './intentLines.js';
import { insideDirectory, listAtMost, readInsideFile } from './safeLocaleFiles.js';

/** The largest `.intent` file read, in bytes; a larger one is a problem, not read. */
export const MAX_INTENT_FILE_BYTES = 64 * 1024;
/** The most `.intent` files read from one package; a package with more has none read (a problem). */
export const MAX_INTENT_FILES = 2000;
/** The most bytes of `.intent` files read from one package; the files after are not read (a problem). */
export const MAX_INTENT_PACKAGE_BYTES = 1024 * 1024;
/** The most example requests (expanded sentences) one tool keeps, every language together. */
export const MAX_SENTENCES_PER_TOOL = 1000;
/** The most example requests (expanded sentences) one package keeps, every tool together. */
export const MAX_SENTENCES_PER_PACKAGE = 5000;
/** The most language folders under `locale/`; a package with more has none read (a problem). */
const MAX_LANGUAGES = 200;

/** A toolbox package's example requests, from `locale/<lang>/<tool>.intent`. */
export interface LocaleUtterances {
  /** Tool name → its example requests, every language (lines expanded, see `expandIntentLine`). */
  byTool: ReadonlyMap<string, readonly string[]>;
  /** Tool name → language code → how many lines its file has. */
  files: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** What could not be read, was refused or is malformed, one sentence each naming the file (`locale/xx/foo.intent: …`). */
  problems: string[];
}

/** How far a package's reading got: the running totals the caps apply to. */
interface Totals {
  files: number;
  bytes: number;
  sentences: number;
}

/**
 * Reads `<packageDir>/locale/<lang>/<tool_name>.intent`, the way OVOS skills ship example requests: one request per
 * line, `(a|b)` alternatives, `[optional]` words and `{slot}` values expanded or stripped (`parseIntentLine`). Only
 * regular files inside the package are read (`readInsideFile`: no symbolic link out of it, no FIFO, socket or
 * device, never a blocking open), within caps: {@link MAX_INTENT_FILES} files, {@link MAX_INTENT_FILE_BYTES} per
 * file, {@link MAX_INTENT_PACKAGE_BYTES} per package, `MAX_INTENT_LINE_CHARS` per line, `MAX_EXPANSIONS_PER_LINE`
 * sentences per line, {@link MAX_SENTENCES_PER_TOOL} per tool, {@link MAX_SENTENCES_PER_PACKAGE} per package. A
 * package without a `locale` folder has none (no problem). Never throws: every refusal, unknown language code, empty
 * file or malformed line is a problem naming the file (and line) and what to fix, and adds nothing. Synchronous and
 * bounded; the provider runs it in a worker (`readUtterancesOffThread`), `ovos-tools check` in its own process.
 * Tool names are not checked here (see {@link checkLocaleUtterances}).
 */
export function readLocaleUtterances(packageDir: string): LocaleUtterances {
  const byTool = new Map<string, string[]>();
  const files = new Map<string, Map<string, number>>();
  const problems: string[] = [];
  let root: string;
  try {
    root = realpathSync(packageDir);
  } catch {
    return { byTool, files, problems };
  }
  const locale = insideDirectory(root, path.join(root, 'locale'));
  if (locale === 'missing') return { byTool, files, problems };
  if ('problem' in locale) return { byTool, files, problems: [`locale: ${locale.problem}`] };
  const langs = listAtMost(locale.dir, MAX_LANGUAGES);
  if (!langs) return { byTool, files, problems: [`locale: more than ${MAX_LANGUAGES} entries; none are read; keep one folder per language`] };
  const totals: Totals = { files: 0, bytes: 0, sentences: 0 };
  for (const lang of langs) {
    const dir = insideDirectory(root, path.join(locale.dir, lang));
    if (dir === 'missing') continue;
    if ('problem' in dir) {
      // a plain file beside the language folders (a README) is not an utterance file
      if (!dir.problem.startsWith('is not a folder')) problems.push(`locale/${lang}: ${dir.problem}`);
      continue;
    }
    if (!isLanguageCode(lang)) {
      problems.push(`locale/${lang}: "${lang}" is not a language code; name the folder with a BCP 47 language tag such as en, pt-pt or de-de`);
      continue;
    }
    const names = listAtMost(dir.dir, MAX_INTENT_FILES - totals.files + 1)?.filter((f) => f.endsWith('.intent'));
    if (!names || totals.files + names.length > MAX_INTENT_FILES) {
      return { byTool: new Map(), files: new Map(), problems: [...problems, `locale: more than ${MAX_INTENT_FILES} files; none are read; keep one <tool_name>.intent per tool and language`] };
    }
    for (const file of names) {
      const where = `locale/${lang}/${file}`;
      const stop = readIntentFile(root, path.join(dir.dir, file), where, lang, totals, { byTool, files, problems });
      if (stop) return { byTool, files, problems };
    }
  }
  return { byTool, files, problems };
}

/** Reads one `.intent` file into `into`; `true` when a package cap is reached and reading stops. */
function readIntentFile(root: string, full: string, where: string, lang: string, totals: Totals, into: { byTool: Map<string, string[]>; files: Map<string, Map<string, number>>; problems: string[] }): boolean {
  totals.files++;
  const read = readInsideFile(root, full, Math.min(MAX_INTENT_FILE_BYTES, MAX_INTENT_PACKAGE_BYTES - totals.bytes));
  if (!read.ok) {
    const packageFull = read.problem.startsWith('is larger') && totals.bytes + MAX_INTENT_FILE_BYTES > MAX_INTENT_PACKAGE_BYTES;
    into.problems.push(packageFull ? `${where}: not read: the package's .intent files are larger than ${MAX_INTENT_PACKAGE_BYTES / 1024} KiB together; keep a few dozen example requests per tool and language` : `${where}: ${read.problem}`);
    return packageFull;
  }
  totals.bytes += read.bytes;
  const lines = read.text.split(/\r?\n/);
  const tool = path.basename(where, '.intent');
  const list = into.byTool.get(tool) ?? [];
  let requests = 0;
  for (let n = 0; n < lines.length; n++) {
    const parsed = parseIntentLine(lines[n]!);
    if (parsed.problem) into.problems.push(`${where}:${n + 1}: ${parsed.problem}`);
    if (parsed.sentences.length === 0) continue;
    requests++;
    const room = Math.min(MAX_SENTENCES_PER_TOOL - list.length, MAX_SENTENCES_PER_PACKAGE - totals.sentences);
    if (parsed.sentences.length > room) {
      const cap = room === MAX_SENTENCES_PER_TOOL - list.length ? `tool "${tool}" has more than ${MAX_SENTENCES_PER_TOOL}` : `the package has more than ${MAX_SENTENCES_PER_PACKAGE}`;
      into.problems.push(`${where}:${n + 1}: ${cap} example requests (lines expanded); the rest are not used; keep a few dozen per tool and language`);
      list.push(...parsed.sentences.slice(0, Math.max(0, room)));
      totals.sentences += Math.max(0, room);
      break;
    }
    list.push(...parsed.sentences);
    totals.sentences += parsed.sentences.length;
  }
  if (requests === 0) {
    if (!into.problems.some((p) => p.startsWith(`${where}:`))) into.problems.push(`${where}: is empty; write one example request per line (e.g. "what time is it in (london|tokyo)") or delete the file`);
    return false;
  }
  into.byTool.set(tool, list);
  const perLang = into.files.get(tool) ?? new Map<string, number>();
  perLang.set(lang, requests);
  into.files.set(tool, perLang);
  return totals.sentences >= MAX_SENTENCES_PER_PACKAGE;
}

/**
 * The problems of a package's `locale` folder for `ovos-tools check`: those {@link readLocaleUtterances} finds (the
 * provider refuses the same), and every file named after no tool of the package (`locale/en/get_wether.intent: no
 * tool named "get_wether"…`).
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
