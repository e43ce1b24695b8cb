import { compileSchema } from '@ovos-tools/core';
import { createRequire } from 'node:module';
import { SkillFrontmatterSchema, type SkillFrontmatter } from './frontmatterSchema.js';

type YamlModule = typeof import('yaml');
let yaml: YamlModule | undefined;
/** The `yaml` parser, loaded (its CommonJS build, synchronously) on the first SKILL.md: a provider with no skills installed never pays for it. */
const loadYaml = (): YamlModule => (yaml ??= createRequire(import.meta.url)('yaml') as YamlModule);

/** A SKILL.md file's content, parsed and validated. */
export interface ParsedSkillMd {
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
  ok: false;
  /** What was wrong and how to fix it, e.g. `"frontmatter: name: required property is missing"`. */
  reason: string;
}

const FENCE = /^---[ \t]*$/;
const MAX_ALIASES = 100;

/**
 * Parses a SKILL.md text: YAML frontmatter between a `---` line that must be the very first line (a UTF-8
 * BOM is tolerated; a leading blank line is not, as in OVOS) and the next `---` line, then the Markdown body.
 * CRLF line endings are accepted. The frontmatter is parsed with the `yaml` package (duplicate keys and
 * syntax errors rejected, at most 100 alias expansions) and validated against {@link SkillFrontmatterSchema}.
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

  // A leading newline keeps YAML's line numbers equal to the file's (line 1 is the opening '---').
  const doc = loadYaml().parseDocument('\n' + lines.slice(1, close).join('\n'), { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length) return fail(`invalid YAML frontmatter: ${firstLine(doc.errors[0]!.message)}`);
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: MAX_ALIASES });
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

function fail(reason: string): InvalidSkillMd {
  return { ok: false, reason };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}
