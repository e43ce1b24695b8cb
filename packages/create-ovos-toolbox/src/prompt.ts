import { createInterface } from 'node:readline/promises';
import type { PartialAnswers } from './answers.js';
import { defaultPackageName, defaultToolboxId, packageNameProblem, toolboxIdProblem } from './names.js';

/** Where the questions are read from and written to (the terminal in normal use). */
export interface PromptIo {
  /** Where answers are read from (stdin). */
  input: NodeJS.ReadableStream;
  /** Where questions are written (stdout). */
  output: NodeJS.WritableStream;
}

/**
 * Asks for every answer not already given, showing the default in brackets (Enter takes it) and asking again,
 * with the reason, when an answer is invalid.
 * @returns the completed answers.
 * @throws an `Error` saying so when the input ends before every question is answered.
 */
export async function promptAnswers(given: PartialAnswers, io: PromptIo): Promise<PartialAnswers> {
  const rl = createInterface({ input: io.input, terminal: false });
  // The line iterator buffers lines typed (or piped) ahead of their question, and ends when the input does.
  const lines = rl[Symbol.asyncIterator]();
  try {
    const ask = async (question: string, fallback: string, problem: (v: string) => string | null = () => null): Promise<string> => {
      for (;;) {
        io.output.write(`${question} (${fallback}): `);
        const next = await lines.next();
        if (next.done) throw new Error('the input ended before every question was answered; pass --yes to take the defaults');
        const answer = String(next.value).trim() || fallback;
        const why = problem(answer);
        if (!why) return answer;
        io.output.write(`  ${why}\n`);
      }
    };
    const dir = given.dir ?? (await ask('Directory', 'ovos-my-tools'));
    const packageName = given.packageName ?? (await ask('Package name', defaultPackageName(dir), packageNameProblem));
    const toolboxId = given.toolboxId ?? (await ask('Toolbox id (entry-point name)', defaultToolboxId(packageName), toolboxIdProblem));
    const language =
      given.language ??
      ((await ask('Language: ts or js', 'ts', (v) => (v === 'ts' || v === 'js' ? null : 'answer ts or js'))) as 'ts' | 'js');
    return { dir, packageName, toolboxId, language, ...(given.license ? { license: given.license } : {}) };
  } finally {
    rl.close();
  }
}
