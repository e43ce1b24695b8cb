import { isObject } from '../node/values.js';
import { parseTemplateText, type ConfirmationTemplate, type TemplatePart } from './ConfirmationTemplate.js';
import { pickLanguage } from './pickLanguage.js';

/** What {@link renderConfirmation} reads of a tool: its name, title, argument schema and confirmation template. */
export interface ConfirmationSubject {
  /** The tool name (the default question says it, `_` and `-` read as spaces, when there is no title). */
  name: string;
  /** The human-readable name, preferred over `name` in the default question. */
  title?: string;
  /** The argument schema; the default question lists arguments in the order of its `properties`. */
  argumentSchema?: object;
  /** The tool's own question, if it has one. */
  confirmation?: ConfirmationTemplate;
}

/** A confirmation question, ready to speak or show. */
export interface RenderedConfirmation {
  /** The sentence, e.g. `Overwrite notes.txt in your workspace?`. */
  prompt: string;
  /** The language it is in (a key of the template, or of the default questions); absent for a one-text template. */
  lang?: string;
}

/** Options of {@link renderConfirmation}. */
export interface RenderConfirmationOptions {
  /** Longest argument value spoken, in characters; a longer one is cut and says how much was left out. Default 80. */
  maxValueChars?: number;
}

/**
 * The default questions by language, used when a tool has no template of its own: `{tool}` is its title (or its
 * name with `_`/`-` as spaces) and `{args}` its arguments as `name: value, …`. The second text is for a call with
 * no arguments.
 */
export const DEFAULT_CONFIRMATIONS: Readonly<Record<string, readonly [string, string]>> = {
  en: ['Allow {tool} with {args}?', 'Allow {tool}?'],
  de: ['{tool} mit {args} erlauben?', '{tool} erlauben?'],
  es: ['¿Permitir {tool} con {args}?', '¿Permitir {tool}?'],
  fr: ['Autoriser {tool} avec {args} ?', 'Autoriser {tool} ?'],
  it: ['Consentire {tool} con {args}?', 'Consentire {tool}?'],
  nl: ['{tool} met {args} toestaan?', '{tool} toestaan?'],
  pt: ['Permitir {tool} com {args}?', 'Permitir {tool}?'],
};

const MAX_PROMPT_CHARS = 600;
const MAX_DEFAULT_ARGS = 6;
/** C0/C1 controls, line and paragraph separators, and the bidirectional overrides and isolates that reorder shown text. */
const UNSPEAKABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * The confirmation question for one call of `tool` with `args`, in the best language for a caller who prefers
 * `languages` (best first; see `pickLanguage`; English when none matches): the tool's own template with its
 * placeholders filled from `args`, or, without one (or with one that does not parse), a default question built from
 * the tool's name and arguments (`Allow write file with path: notes.txt, content: hello?`).
 *
 * Arguments come from the caller, who may be a hostile model, so values are made safe to speak and show: control,
 * line-separator and bidirectional-override characters become spaces, runs of spaces shrink to one, and a value
 * longer than `maxValueChars` is cut with `…[+N]` saying how many characters were left out (so a dangerous tail is
 * never hidden silently). A placeholder whose argument is absent is left empty. Never throws.
 */
export function renderConfirmation(tool: ConfirmationSubject, args: unknown, languages: readonly string[], options: RenderConfirmationOptions = {}): RenderedConfirmation {
  const max = Math.max(8, Math.floor(options.maxValueChars ?? 80));
  const template = tool.confirmation;
  let text: string | undefined;
  let lang: string | undefined;
  if (typeof template === 'string') text = template;
  else if (isObject(template)) {
    lang = pickLanguage(Object.keys(template), languages);
    const chosen = lang === undefined ? undefined : template[lang];
    text = typeof chosen === 'string' ? chosen : undefined;
  }
  const parts = text === undefined ? undefined : parseTemplateText(text);
  if (parts === undefined || typeof parts === 'string') return defaultConfirmation(tool, args, languages, max);
  return { prompt: finish(fill(parts, args, max)), ...(lang !== undefined ? { lang } : {}) };
}

function fill(parts: readonly TemplatePart[], args: unknown, max: number): string {
  return parts.map((p) => ('text' in p ? p.text : spoken(valueAt(args, p.path), max))).join('');
}

function defaultConfirmation(tool: ConfirmationSubject, args: unknown, languages: readonly string[], max: number): RenderedConfirmation {
  const lang = pickLanguage(Object.keys(DEFAULT_CONFIRMATIONS), languages) ?? 'en';
  const [withArgs, without] = DEFAULT_CONFIRMATIONS[lang]!;
  const label = spoken(tool.title || tool.name.replace(/[_-]+/g, ' '), max);
  const listed = argumentList(tool.argumentSchema, args, max);
  const text = (listed ? withArgs : without).replace('{tool}', () => label).replace('{args}', () => listed);
  return { prompt: finish(text), lang };
}

/** `name: value, …` for the arguments given, in schema order, at most {@link MAX_DEFAULT_ARGS} of them. */
function argumentList(schema: object | undefined, args: unknown, max: number): string {
  if (!isObject(args)) return '';
  const declared = isObject(schema) && isObject((schema as Record<string, unknown>).properties) ? Object.keys((schema as { properties: object }).properties) : [];
  const keys = [...declared.filter((k) => k in args), ...Object.keys(args).filter((k) => !declared.includes(k))].filter((k) => args[k] !== undefined);
  const shown = keys.slice(0, MAX_DEFAULT_ARGS).map((k) => `${spoken(k, max)}: ${spoken(args[k], max)}`);
  if (keys.length > MAX_DEFAULT_ARGS) shown.push(`…[+${keys.length - MAX_DEFAULT_ARGS}]`);
  return shown.join(', ');
}

function valueAt(args: unknown, path: readonly string[]): unknown {
  let v = args;
  for (const key of path) {
    if (!isObject(v) || !Object.prototype.hasOwnProperty.call(v, key)) return undefined;
    v = v[key];
  }
  return v;
}

/** A value as speakable text: see {@link renderConfirmation}. */
function spoken(value: unknown, max: number): string {
  let s: string;
  if (value === undefined || value === null) s = '';
  else if (typeof value === 'string') s = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') s = String(value);
  else if (Array.isArray(value)) s = value.map((v) => (typeof v === 'string' ? v : safeJson(v))).join(', ');
  else s = safeJson(value);
  s = s.replace(UNSPEAKABLE, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(s);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…[+${chars.length - max}]` : s;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Spaces shrunk, and the whole question bounded (a template is short, but values add up). */
function finish(text: string): string {
  const s = text.replace(/[ \t]+/g, ' ').trim();
  const chars = Array.from(s);
  return chars.length > MAX_PROMPT_CHARS ? `${chars.slice(0, MAX_PROMPT_CHARS).join('')}…` : s;
}
