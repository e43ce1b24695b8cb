import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A fenced block of a markdown page that shows commands: a console transcript (`console`, or a block whose first
 * line starts with `$ `) or a shell example (`sh`, `bash`, `shell`).
 */
export interface CommandBlock {
  /** The page, relative to the repository root. */
  file: string;
  /** The line of the opening fence (1-based). */
  line: number;
  /** The fence's language (`''` when none). */
  lang: string;
  /** The lines between the fences. */
  lines: string[];
  /**
   * What the page source says of the block, on the last non-blank line before its fence:
   * `<!-- transcript: skip — <reason> -->` (it cannot run here), `<!-- transcript: <setup> -->` (it runs against that
   * setup), or `<!-- registry.test.ts: <name> -->` (the registry test runs it word for word). `undefined`: no marker,
   * so it runs against the default setup.
   */
  marker?: { kind: 'skip'; reason: string } | { kind: 'setup'; setup: string } | { kind: 'elsewhere'; by: string; name: string };
}

const COMMAND_LANGS = new Set(['console', 'sh', 'bash', 'shell']);

/** The command blocks of `files` (paths relative to `root`), in page order. */
export function commandBlocks(root: string, files: readonly string[]): CommandBlock[] {
  const out: CommandBlock[] = [];
  for (const file of files) {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      const open = /^(\s*)(`{3,})(\S*)\s*$/.exec(lines[i]!);
      if (!open) continue;
      const [, indent, fence, lang] = open;
      let end = i + 1;
      while (end < lines.length && lines[end]!.trim() !== fence) end++;
      const body = lines.slice(i + 1, end).map((l) => (l.startsWith(indent!) ? l.slice(indent!.length) : l));
      if (COMMAND_LANGS.has(lang!) || (lang === '' && body[0]?.startsWith('$ '))) {
        const block: CommandBlock = { file, line: i + 1, lang: lang!, lines: body };
        const marker = markerBefore(lines, i);
        if (marker) block.marker = marker;
        out.push(block);
      }
      i = end;
    }
  }
  return out;
}

function markerBefore(lines: string[], at: number): CommandBlock['marker'] {
  let j = at - 1;
  while (j >= 0 && lines[j]!.trim() === '') j--;
  const text = j >= 0 ? lines[j]!.trim() : '';
  const skip = /^<!-- transcript: skip\s*[—-]+\s*(.+?)\s*-->$/.exec(text);
  if (skip) return { kind: 'skip', reason: skip[1]! };
  const setup = /^<!-- transcript: (\S+) -->$/.exec(text);
  if (setup) return { kind: 'setup', setup: setup[1]! };
  const registry = /^<!-- (registry\.test\.ts): (.+) -->$/.exec(text);
  if (registry) return { kind: 'elsewhere', by: `packages/e2e/test/${registry[1]}`, name: registry[2]! };
  return undefined;
}

/** One command of a transcript: what was typed, what was fed to its stdin (`> ` lines), and what it printed. */
export interface TranscriptStep {
  command: string;
  input: string[];
  expected: string[];
}

/**
 * The steps of a console transcript: each `$ ` line starts a command; the `> ` lines after it are typed into it, and
 * the other lines up to the next `$ ` line are its output (blank lines at the end of each dropped).
 * @throws when the block does not start with a `$ ` line.
 */
export function transcriptSteps(lines: readonly string[]): TranscriptStep[] {
  if (!lines[0]?.startsWith('$ ')) throw new Error('a transcript starts with a "$ " line');
  const steps: TranscriptStep[] = [];
  for (const line of lines) {
    if (line.startsWith('$ ')) steps.push({ command: line.slice(2), input: [], expected: [] });
    else if (line.startsWith('> ')) steps.at(-1)!.input.push(line.slice(2));
    else steps.at(-1)!.expected.push(line);
  }
  for (const s of steps) while (s.expected.length && s.expected.at(-1)!.trim() === '') s.expected.pop();
  return steps;
}
