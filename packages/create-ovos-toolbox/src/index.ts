/**
 * create-ovos-toolbox — scaffolds an OVOS toolbox package (`npm create ovos-toolbox@latest my-toolbox`).
 * The programmatic API behind the bin, for tools that want to generate projects themselves: run the command
 * (`main`), or fill and check the answers (`resolveAnswers`, `packageNameProblem`, `toolboxIdProblem`), list the
 * files of a project (`projectFiles`) and write them (`writeProject`).
 */
export { main, ExitCode } from './main.js';
export type { MainIo } from './main.js';
export type { PromptIo } from './prompt.js';
export { resolveAnswers } from './answers.js';
export type { Answers, Language, PartialAnswers } from './answers.js';
export { projectFiles } from './templates.js';
export { packageNameProblem, toolboxIdProblem } from './names.js';
export { writeProject } from './writeProject.js';
