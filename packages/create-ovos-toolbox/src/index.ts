/**
 * create-ovos-toolbox — scaffolds an OVOS toolbox package (`npm create ovos-toolbox@latest my-toolbox`).
 * The programmatic API behind the bin, for tools that want to generate projects themselves.
 */
export { main, ExitCode } from './main.js';
export type { MainIo } from './main.js';
export { resolveAnswers } from './answers.js';
export type { Answers, Language, PartialAnswers } from './answers.js';
export { parseCli, USAGE } from './parseArgs.js';
export type { Cli } from './parseArgs.js';
export { promptAnswers } from './prompt.js';
export type { PromptIo } from './prompt.js';
export { CORE_PEER_RANGE, entryModule, projectFiles } from './templates.js';
export {
  DEFAULT_LICENSE,
  defaultClassName,
  defaultPackageName,
  defaultToolboxId,
  defaultToolName,
  licenseProblem,
  packageNameProblem,
  TOOLBOX_ID_PATTERN,
  toolboxIdProblem,
} from './names.js';
export { writeProject } from './writeProject.js';
