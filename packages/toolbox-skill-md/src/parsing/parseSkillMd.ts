import { compileSchema } from '@ovos-tools/core';
import { createRequire } from 'node:module';
import { SkillFrontmatterSchema, type SkillFrontmatter } from './frontmatterSchema.js';
import { MAX_FRONTMATTER_ALIASES, MAX_FRONTMATTER_BYTES, MAX_FRONTMATTER_DEPTH, MAX_FRONTMATTER_KEYS } from './limits.js';

type YamlModule = typeof import('yaml');
let yaml: YamlModule | undefined;
/** The `yaml` parser, loaded (its CommonJS build, synchronously) on the first SKILL.md: a provider with no skills installed never pays for it. */
const loadYaml = (): YamlModule => (yaml ??= createRequire(import.meta.url)('yaml') as YamlModule);

/** A SKILL.md file's content, parsed and validated. */
export interface ParsedSkillMd {
  /** The file is a valid SKILL.md. */
  ok: true;
  /** The validated frontmatter (unknown keys are kept as they are). */
  frontmatter: SkillFrontmatter;
  /** The frontmatter mapping as YAML parsed it, unknown keys included. */
  rawFrontmatter: Record<string, unknown>;
  /** The Markdown after the closing `---`, trimmed, with line endings normalised to `\n`. */
  body: string;
}

/** Why a SKILL.md file's content was rejected. */
export interface InvalidSkillMd {
  /** The file was rejected. */
  ok: false;
  /** What was wrong and how to fix it, e.g. `"frontmatter: name: required property is missing"`. */
  reason: string;
}

const FENCE = /^---[ \t]*$/;

/**
 * Parses a SKILL.md text: YAML frontmatter between a `---` line that must be the very first line (a UTF-8
 * BOM is tolerated; a leading blank line is not, as in OVOS) and the next `---` line, then the Markdown body.
 * CRLF line endings are accepted. The frontmatter is parsed with the `yaml` package (duplicate keys and
 * syntax errors rejected) and validated against {@link SkillFrontmatterSchema}. Limits (see `limits.ts`): a
 * frontmatter over 16 KiB or nested deeper than 32 levels is refused before YAML parses it, one with more than 256
 * keys before it is converted, and alias expansion stops at 100 — each with a reason naming the limit.
 *
 * Mirrors ovos-agentic-loop `SkillMDLoader._parse` (wire spec §5.7) but with a real YAML parser: quoted
 * values are unquoted and nested values (e.g. `metadata`) work. Never throws.
 */
export function parseSkillMd(text: string): ParsedSkillMd | InvalidSkillMd {
  const content = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lines = content.split(/\r?\n/);
  if (!FENCE.test(lines[0] ?? '')) {
    const hint = (lines[0] ?? '').trim() === '' && lines.some((l) => FENCE.test(l)) ? ' (found blank lines before it; remove them)' : '';
    return fail(`no YAML frontmatter: the file must start with a '---' line${hint}`);
  }
  const close = lines.findIndex((l, i) => i > 0 && FENCE.test(l));
  if (close < 0) return fail("frontmatter is not closed: add a '---' line after the YAML block");

  const yamlLines = lines.slice(1, close);
  const bytes = yamlLines.reduce((n, l) => n + Buffer.byteLength(l, 'utf8') + 1, 0);
  if (bytes > MAX_FRONTMATTER_BYTES) {
    return fail(`frontmatter is ${bytes} bytes; the limit is ${MAX_FRONTMATTER_BYTES} bytes (MAX_FRONTMATTER_BYTES): keep the YAML block to name, description and a little metadata`);
  }
  const depth = frontmatterDepth(yamlLines);
  if (depth > MAX_FRONTMATTER_DEPTH) {
    return fail(`frontmatter is nested ${depth} levels deep; the limit is ${MAX_FRONTMATTER_DEPTH} (MAX_FRONTMATTER_DEPTH)`);
  }
  // A leading newline keeps YAML's line numbers equal to the file's (line 1 is the opening '---').
  const { isMap, parseDocument, visit } = loadYaml();
  const doc = parseDocument('\n' + yamlLines.join('\n'), { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length) return fail(`invalid YAML frontmatter: ${firstLine(doc.errors[0]!.message)}`);
  let keys = 0;
  visit(doc, { Map: (_key, node) => void (keys += isMap(node) ? node.items.length : 0) });
  if (keys > MAX_FRONTMATTER_KEYS) {
    return fail(`frontmatter has ${keys} keys; the limit is ${MAX_FRONTMATTER_KEYS} (MAX_FRONTMATTER_KEYS), counted over every mapping`);
  }
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: MAX_FRONTMATTER_ALIASES });
  } catch (err) {
    return fail(`invalid YAML frontmatter: ${firstLine((err as Error).message)}`);
  }
  if (raw === null || raw === undefined) return fail('frontmatter is empty: it needs at least `name:` and `description:`');
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return fail(`frontmatter must be a YAML mapping of keys to values, got ${Array.isArray(raw) ? 'a list' : typeof raw}`);
  }
  const checked = compileSchema(SkillFrontmatterSchema).parse(raw);
  if (!checked.ok) return fail(`invalid frontmatter: ${checked.problems.join('; ')}`);
  const frontmatter = checked.value as SkillFrontmatter;
  if (!frontmatter.name.trim()) return fail('invalid frontmatter: name is blank');
  if (!frontmatter.description.trim()) return fail('invalid frontmatter: description is blank');
  return {
    ok: true,
    frontmatter,
    rawFrontmatter: raw as Record<string, unknown>,
    body: lines.slice(close + 1).join('\n').trim(),
  };
}

/**
 * The deepest nesting in a YAML block, counted without parsing: open `[`/`{` flow collections (outside quotes,
 * approximately: `'` and `"` toggle a quoted run on their line) plus indentation levels (leading spaces / 2).
 */
function frontmatterDepth(lines: readonly string[]): number {
  let deepest = 0;
  let flow = 0;
  for (const line of lines) {
    const indent = line.length - line.trimStart().length;
    let quote: string | null = null;
    for (const ch of line) {
      if (quote) {
        if (ch === quote) quote = null;
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '#') break;
      else if (ch === '[' || ch === '{') deepest = Math.max(deepest, ++flow + Math.floor(indent / 2));
      else if ((ch === ']' || ch === '}') && flow > 0) flow--;
    }
    deepest = Math.max(deepest, flow + Math.floor(indent / 2));
  }
  return deepest;
}

function fail(reason: string): InvalidSkillMd {
  return { ok: false, reason };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}
