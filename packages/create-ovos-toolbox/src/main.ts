import path from 'node:path';
import { resolveAnswers, type Answers } from './answers.js';
import { parseCli, USAGE } from './parseArgs.js';
import { promptAnswers, type PromptIo } from './prompt.js';
import { projectFiles } from './templates.js';
import { writeProject } from './writeProject.js';

/** Exit codes of `create-ovos-toolbox`: 0 written, 1 could not write, 2 bad usage or answers. */
export const ExitCode = { ok: 0, failed: 1, usage: 2 } as const;

/** Where `main` talks: the process's streams by default; `interactive` defaults to "stdin is a terminal". */
export interface MainIo extends PromptIo {
  /** Where errors go (stderr). */
  error: NodeJS.WritableStream;
  /** Whether questions may be asked; without `--yes` and not interactive, missing answers take their defaults. */
  interactive: boolean;
  /** The directory the project folder is created in. */
  cwd: string;
}

/**
 * `create-ovos-toolbox [dir] [--name N] [--id ID] [--js|--ts] [--yes]`: asks for what the flags leave out (only on
 * a terminal and without `--yes`; otherwise defaults apply), writes the project and prints the next steps.
 * Never throws; every failure is one line on `error` and a non-zero {@link ExitCode}.
 */
export async function main(argv: readonly string[], io: Partial<MainIo> = {}): Promise<number> {
  const out = io.output ?? process.stdout;
  const err = io.error ?? process.stderr;
  const parsed = parseCli(argv);
  if (!parsed.ok) {
    err.write(`create-ovos-toolbox: ${parsed.message}\n\n${USAGE}`);
    return ExitCode.usage;
  }
  if (parsed.cli.help) {
    out.write(USAGE);
    return ExitCode.ok;
  }
  let given: Parameters<typeof resolveAnswers>[0] = parsed.cli;
  const interactive = io.interactive ?? process.stdin.isTTY === true;
  if (interactive && !parsed.cli.yes) {
    try {
      given = await promptAnswers(parsed.cli, { input: io.input ?? process.stdin, output: out });
    } catch (e) {
      err.write(`create-ovos-toolbox: ${(e as Error).message}\n`);
      return ExitCode.usage;
    }
  }
  const resolved = resolveAnswers(given);
  if (!resolved.ok) {
    err.write(resolved.problems.map((p) => `create-ovos-toolbox: ${p}\n`).join(''));
    return ExitCode.usage;
  }
  const answers = resolved.answers;
  const dir = path.resolve(io.cwd ?? process.cwd(), answers.dir);
  const problem = await writeProject(dir, projectFiles(answers));
  if (problem) {
    err.write(`create-ovos-toolbox: ${problem}\n`);
    return ExitCode.failed;
  }
  out.write(nextSteps(answers, dir));
  return ExitCode.ok;
}

function nextSteps(a: Answers, dir: string): string {
  const lang = a.language === 'ts' ? 'TypeScript' : 'JavaScript';
  return `Created ${a.packageName} (${lang}) in ${dir}
  toolbox id ${a.toolboxId}, class ${a.className}, example tool ${a.toolName}

Next:
  cd ${path.relative(process.cwd(), dir) || '.'}
  npm install
  npm test
Then edit ${a.language === 'ts' ? 'src/index.ts' : 'src/index.js'}, fill in the README's threat model, and publish.
`;
}
