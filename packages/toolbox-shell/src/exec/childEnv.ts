/** Used when the host has no usable PATH. */
export const FALLBACK_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** Variables that change how shells or the dynamic loader behave; never passed, whatever the allowlist says. */
const NEVER_PASSED = /^(LD_.*|DYLD_.*|BASH_ENV|ENV|IFS|CDPATH|PS4|SHELLOPTS|BASHOPTS|GLOBIGNORE|BASH_FUNC_.*|NODE_OPTIONS|PYTHONSTARTUP|PERL5OPT|GIT_.*)$/;

/**
 * Builds the child's environment: only the names in `allowlist` that are set in `source`, minus a fixed
 * deny list (`LD_*`, `BASH_ENV`, `ENV`, `IFS`, `CDPATH`, `GIT_*`, `NODE_OPTIONS`, ...). `PATH` keeps only
 * absolute entries (no `.` or empty entries, so a program in the working directory never shadows one on
 * PATH) and falls back to {@link FALLBACK_PATH}.
 *
 * @returns a fresh object safe to pass as `spawn`'s `env`.
 */
export function buildChildEnv(allowlist: readonly string[], source: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of allowlist) {
    const value = source[name];
    if (typeof value === 'string' && !NEVER_PASSED.test(name)) env[name] = value;
  }
  env.PATH = allowlist.includes('PATH') ? sanitizePath(source.PATH) : FALLBACK_PATH;
  return env;
}

/** Keeps the absolute entries of a PATH value; {@link FALLBACK_PATH} when none is left. */
export function sanitizePath(value: string | undefined): string {
  const parts = (value ?? '').split(':').filter((p) => p.startsWith('/'));
  return parts.length ? parts.join(':') : FALLBACK_PATH;
}
