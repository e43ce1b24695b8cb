import { DEFAULT_LICENSE, defaultClassName, defaultPackageName, defaultToolboxId, defaultToolName, licenseProblem, packageNameProblem, toolboxIdProblem } from './names.js';

/** The languages the scaffolder writes. */
export type Language = 'ts' | 'js';

/** Everything a scaffolded project is made from. */
export interface Answers {
  /** Target directory (created; must be absent or empty). */
  dir: string;
  /** npm package name, e.g. `ovos-weather-tools` or `@me/ovos-weather-tools`. */
  packageName: string;
  /** Toolbox id = entry-point name, e.g. `ovos-weather-tools`. */
  toolboxId: string;
  /** `ts` (default) or `js`. */
  language: Language;
  /** The exported ToolBox class, derived from the id. */
  className: string;
  /** The example tool's name, derived from the id. */
  toolName: string;
  /** The package's `license` (an SPDX expression), default `Apache-2.0` as the rest of OVOS. */
  license: string;
}

/** What the user gave (flags or prompts); anything absent takes its default. */
export interface PartialAnswers {
  /** The folder to create (relative to the working directory); default `ovos-<id>-tools`. */
  dir?: string;
  /** The npm package name; default the folder name. */
  packageName?: string;
  /** The toolbox id (`toolbox_id` and entry-point name); default from the package name. */
  toolboxId?: string;
  /** `typescript` (default) or `javascript`. */
  language?: Language;
  /** The package's `license`, an SPDX expression; default `Apache-2.0`. */
  license?: string;
}

/**
 * Fills defaults (package name from the directory, id from the package name, TypeScript) and validates.
 * @returns the answers, or the list of problems, each saying what to change.
 */
export function resolveAnswers(given: PartialAnswers): { ok: true; answers: Answers } | { ok: false; problems: string[] } {
  const dir = given.dir || 'ovos-my-tools';
  const packageName = given.packageName || defaultPackageName(dir);
  const toolboxId = given.toolboxId || defaultToolboxId(packageName);
  const license = given.license || DEFAULT_LICENSE;
  const problems = [packageNameProblem(packageName), toolboxIdProblem(toolboxId), licenseProblem(license)].filter((p): p is string => p !== null);
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    answers: {
      dir,
      packageName,
      toolboxId,
      language: given.language ?? 'ts',
      className: defaultClassName(toolboxId),
      toolName: defaultToolName(toolboxId),
      license,
    },
  };
}
