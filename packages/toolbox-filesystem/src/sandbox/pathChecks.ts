/** Longest accepted path argument, in characters (Linux `PATH_MAX`). */
export const MAX_PATH_CHARS = 4096;


/**
 * Why a path argument is malformed, or `null` when it is acceptable: not a string, a NUL byte, empty
 * (unless `allowEmpty`), or longer than {@link MAX_PATH_CHARS}. The text is a sentence fragment used after
 * `Invalid path: `.
 */
export function pathProblem(value: unknown, allowEmpty: boolean): string | null {
  if (typeof value !== 'string') return `expected a string, received ${value === null ? 'null' : typeof value}`;
  if (value.includes('\0')) return 'the path contains a NUL byte';
  if (value.length === 0 && !allowEmpty) return 'the path is empty; give a file path relative to the sandbox root';
  if (value.length > MAX_PATH_CHARS) return `the path is longer than ${MAX_PATH_CHARS} characters`;
  return null;
}
