import fs from 'node:fs';
import path from 'node:path';
import { isInside } from '@ovos-tools/core/node';
import type { Word } from './parseCommand.js';

/** Kernel and device trees no argument may name when commands run without a sandbox. */
const HOST_TREES = ['/proc', '/sys', '/dev'];

/** Where arguments must stay when commands run without a sandbox: the real root and the call's working directory. */
export interface Confinement {
  /** Real path of `root_path`. */
  root: string;
  /** Real path of the call's working directory (inside `root`). */
  cwd: string;
}

/**
 * Checks every argument word and redirection target of one simple command for paths outside the root, used
 * when no sandbox confines the process. Each word is read as a path in every spelling a program could take it:
 * the whole word, the value after `=` of a long option (`--file=/proc/self/environ`) and the value attached to
 * a short option (`-f/proc/self/environ`). A candidate that names `/proc`, `/sys` or `/dev`, or resolves
 * (symlinks followed, nearest existing ancestor for new paths) outside the root, is refused; so is a glob that
 * starts with `/` or has a `..` segment. Words that are not paths (patterns, text) resolve inside the root and pass.
 *
 * @returns a refusal reason (a phrase, no trailing period), or `null`.
 */
export function confinePaths(words: readonly Word[], redirectTargets: readonly string[], c: Confinement): string | null {
  for (const w of words) {
    if (w.kind === 'glob') {
      if (w.pattern.startsWith('/') || w.pattern.split('/').includes('..')) {
        return `the glob '${w.pattern}' reaches outside root_path; without a sandbox, arguments must stay inside it`;
      }
      continue;
    }
    const why = wordProblem(w.value, c);
    if (why) return why;
  }
  for (const t of redirectTargets) {
    const why = candidateProblem(t, t, c);
    if (why) return why;
  }
  return null;
}

function wordProblem(word: string, c: Confinement): string | null {
  const candidates = [word];
  if (word.startsWith('--') && word.includes('=')) candidates.push(word.slice(word.indexOf('=') + 1));
  else if (/^-[^-]/.test(word) && word.length > 2) {
    for (let i = 2; i <= word.length - 1; i++) candidates.push(word.slice(i)); // -f/x, -rf/x: every attached tail
  }
  for (const cand of candidates) {
    const why = candidateProblem(cand, word, c);
    if (why) return why;
  }
  return null;
}

function candidateProblem(cand: string, word: string, c: Confinement): string | null {
  if (cand === '') return null;
  const abs = path.resolve(c.cwd, cand);
  if (HOST_TREES.some((t) => abs === t || abs.startsWith(`${t}/`))) {
    return `the argument '${word}' names ${HOST_TREES.find((t) => abs === t || abs.startsWith(`${t}/`))}, which is refused when commands run without a sandbox`;
  }
  if (!cand.includes('/') && cand !== '..' && !fs.existsSync(abs)) return null; // plain words: text, patterns, new names
  const real = realOrNearest(abs);
  if (!isInside(c.root, real)) return `the argument '${word}' reaches outside root_path; without a sandbox, arguments must stay inside it`;
  return null;
}

function realOrNearest(p: string): string {
  const tail: string[] = [];
  let cur = p;
  for (;;) {
    try {
      return path.join(fs.realpathSync(cur), ...tail.reverse());
    } catch {
      const parent = path.dirname(cur);
      if (parent === cur) return p;
      tail.push(path.basename(cur));
      cur = parent;
    }
  }
}
