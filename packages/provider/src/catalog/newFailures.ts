import type { LoadProblem } from '../service/ToolboxStatus.js';

/** A config key that changed but waits for a restart is a note, not a failure (see `LiveSettings.reread`). */
const RESTART_NOTE = /takes effect only after a restart/;

/**
 * The problems of `next` that `previous` did not have, by entry point and package: a toolbox that failed to load
 * now, a config that could not be read again. Notes about restart-only config keys are not failures.
 */
export function newFailures(previous: readonly LoadProblem[], next: readonly LoadProblem[]): LoadProblem[] {
  const failures = (problems: readonly LoadProblem[]) => problems.filter((p) => !RESTART_NOTE.test(p.error));
  const key = (p: LoadProblem) => `${p.entryPoint}\0${p.packageName}`;
  const before = new Set(failures(previous).map(key));
  return failures(next).filter((p) => !before.has(key(p)));
}
