import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './system.js';

/** One step of a README shell block: a command (argv) with the folder it runs in, or a comment line. */
export type ReadmeStep = { kind: 'command'; argv: string[]; line: string } | { kind: 'cd'; dir: string; line: string } | { kind: 'comment'; text: string; line: string };

/**
 * The lines of the fenced `sh` block that follows `<!-- <marker> -->` in the repository README.
 * @throws when the marker or its block is missing (the README and the test have drifted apart).
 */
export function readmeBlock(marker: string, file = path.join(repoRoot, 'README.md')): string[] {
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(`<!-- ${marker} -->`);
  if (at < 0) throw new Error(`README has no <!-- ${marker} --> block`);
  const m = /```sh\n([\s\S]*?)\n```/.exec(text.slice(at));
  if (!m) throw new Error(`no \`\`\`sh block after <!-- ${marker} --> in the README`);
  return m[1]!.split('\n').map((l) => l.trim()).filter(Boolean);
}

/**
 * Splits a shell line into words as `sh` would for the simple commands READMEs hold: single and double quotes,
 * backslash escapes outside single quotes, `~` at the start of a word (the user's home), `&&` between commands,
 * and a trailing `# comment` dropped. No variables, globs or redirections: a line using them throws.
 */
export function shellSteps(line: string, home: string): ReadmeStep[] {
  if (line.startsWith('#')) return [{ kind: 'comment', text: line.replace(/^#\s*/, ''), line }];
  const commands: string[][] = [[]];
  let word: string | null = null;
  const push = () => {
    if (word !== null) commands.at(-1)!.push(word);
    word = null;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unclosed quote in: ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      let out = '';
      for (; j < line.length && line[j] !== '"'; j++) out += line[j] === '\\' ? line[++j] : line[j];
      if (j >= line.length) throw new Error(`unclosed quote in: ${line}`);
      word = (word ?? '') + out;
      i = j;
    } else if (c === '\\') {
      word = (word ?? '') + (line[++i] ?? '');
    } else if (c === ' ' || c === '\t') {
      push();
    } else if (c === '#' && word === null) {
      break;
    } else if (c === '&' && line[i + 1] === '&') {
      push();
      commands.push([]);
      i++;
    } else if ('$*?|;<>`'.includes(c)) {
      throw new Error(`the README step runner does not handle '${c}' in: ${line}`);
    } else if (c === '~' && word === null && (line[i + 1] === '/' || line[i + 1] === undefined || line[i + 1] === ' ')) {
      word = home;
    } else {
      word = (word ?? '') + c;
    }
  }
  push();
  return commands
    .filter((argv) => argv.length)
    .map((argv) => (argv[0] === 'cd' ? { kind: 'cd', dir: argv[1] ?? home, line } : { kind: 'command', argv, line }));
}

/** How a step's command ended: its exit code and everything it printed. */
export interface StepResult {
  /** The exit code (`null` when a signal ended it). */
  code: number | null;
  /** stdout then stderr. */
  output: string;
}

/** Runs `argv` in `cwd` with `env` (no shell) and resolves when it ends; never rejects for a failing command. */
export function runCommand(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 240_000): Promise<StepResult> {
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (e) => {
      clearTimeout(timer);
      resolve({ code: 127, output: `${argv[0]}: ${e.message}` });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output: `${out}${err}` });
    });
  });
}
