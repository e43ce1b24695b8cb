import { isObject } from '../node/values.js';

/**
 * A tool's confirmation question: the short sentence a voice assistant speaks before the tool runs, when the
 * provider's policy asks for confirmation (e.g. `"Overwrite {path} in your workspace?"`). Either one text, or texts
 * by language (BCP 47 tags as keys: `{"en": "Overwrite {path}?", "pt": "Substituir {path}?"}`).
 *
 * Placeholders name arguments: `{path}`, or a property inside an object argument, `{options.mode}`; `{{` and `}}`
 * are a literal brace. Every placeholder must name a property of the tool's argument schema (checked when the tool
 * is defined). Values are spoken as text: control and bidirectional-override characters become spaces and a long
 * value is cut, saying how much was left out (see `renderConfirmation`).
 */
export type ConfirmationTemplate = string | Readonly<Record<string, string>>;

/** One piece of a parsed template text: literal text, or the argument path of a placeholder. */
export type TemplatePart =
  | {
      /** Literal text, braces already unescaped. */
      text: string;
    }
  | {
      /** The argument path of a placeholder: `{options.mode}` → `['options', 'mode']`. */
      path: readonly string[];
    };

const NAME = /^[A-Za-z_$][\w$-]*(?:\.[\w$-]+)*$/;
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;
/** Longest template text accepted, in characters: a confirmation is one short spoken sentence. */
const MAX_TEMPLATE_CHARS = 500;

/**
 * Parses one template text into literal parts and placeholders.
 * @returns the parts, or a string saying what is wrong (an empty `{}`, an unbalanced brace, a bad name) and how to fix it.
 */
export function parseTemplateText(text: string): TemplatePart[] | string {
  const parts: TemplatePart[] = [];
  let literal = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if ((ch === '{' || ch === '}') && text[i + 1] === ch) {
      literal += ch;
      i++;
      continue;
    }
    if (ch === '}') return `unbalanced '}' at character ${i}; write '}}' for a literal brace`;
    if (ch !== '{') {
      literal += ch;
      continue;
    }
    const end = text.indexOf('}', i + 1);
    if (end < 0) return `unclosed '{' at character ${i}; write '{{' for a literal brace`;
    const name = text.slice(i + 1, end).trim();
    if (!NAME.test(name)) {
      return `placeholder {${text.slice(i + 1, end)}} at character ${i} is not an argument name (write {path}, or {options.mode} for a property of an object argument)`;
    }
    if (literal) parts.push({ text: literal });
    literal = '';
    parts.push({ path: name.split('.') });
    i = end;
  }
  if (literal) parts.push({ text: literal });
  return parts;
}

/**
 * Checks a tool's `confirmation` against its argument schema, as `AgentTool` and the provider's loader do: the shape
 * (a non-empty text, or texts keyed by BCP 47 language tags), the template syntax, and that every placeholder names
 * a property the schema declares (`{path}` → `properties.path`; `{options.mode}` → `properties.options.properties.mode`;
 * below a schema that declares no `properties` any name is accepted).
 * @returns `null` when it is usable, else one line naming where and what, e.g.
 *   `confirmation.en: unknown placeholder {pth}: the arguments are path, content`.
 */
export function checkConfirmationTemplate(template: unknown, argumentSchema: unknown): string | null {
  if (typeof template === 'string') return checkText('confirmation', template, argumentSchema);
  if (!isObject(template)) return `confirmation: expected a text or texts by language ({"en": "...", "pt": "..."}), received ${describe(template)}`;
  const entries = Object.entries(template);
  if (!entries.length) return 'confirmation: expected at least one language, received {}';
  for (const [lang, text] of entries) {
    if (!LANGUAGE_TAG.test(lang)) return `confirmation.${lang}: not a language tag (write a BCP 47 tag such as "en", "pt" or "pt-BR")`;
    if (typeof text !== 'string') return `confirmation.${lang}: expected a text, received ${describe(text)}`;
    const problem = checkText(`confirmation.${lang}`, text, argumentSchema);
    if (problem) return problem;
  }
  return null;
}

function checkText(where: string, text: string, argumentSchema: unknown): string | null {
  if (!text.trim()) return `${where}: expected a sentence to speak, received an empty text`;
  if (text.length > MAX_TEMPLATE_CHARS) return `${where}: ${text.length} characters is too long for a spoken question (at most ${MAX_TEMPLATE_CHARS})`;
  const parts = parseTemplateText(text);
  if (typeof parts === 'string') return `${where}: ${parts}`;
  for (const part of parts) {
    if (!('path' in part)) continue;
    const problem = checkPath(part.path, argumentSchema);
    if (problem) return `${where}: ${problem}`;
  }
  return null;
}

function checkPath(path: readonly string[], schema: unknown): string | null {
  let node = schema;
  for (let i = 0; i < path.length; i++) {
    const properties = isObject(node) && isObject(node.properties) ? node.properties : undefined;
    if (!properties) return null; // a schema that declares no properties: any name may be there
    const key = path[i]!;
    if (!Object.prototype.hasOwnProperty.call(properties, key)) {
      const known = Object.keys(properties);
      const at = i === 0 ? 'the arguments are' : `${path.slice(0, i).join('.')} has`;
      return `unknown placeholder {${path.join('.')}}: ${at} ${known.length ? known.join(', ') : 'no properties'}`;
    }
    node = properties[key];
  }
  return null;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}
