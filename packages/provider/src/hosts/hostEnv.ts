import module from 'node:module';

/** Environment variables every isolated toolbox keeps: locale, paths and the log level, never credentials. */
const BASE_KEYS = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'TEMP',
  'TMP',
  'XDG_DATA_HOME',
  'XDG_CONFIG_HOME',
  'XDG_CACHE_HOME',
  'XDG_RUNTIME_DIR',
  'OVOS_TOOLS_LOG_LEVEL',
  'NODE_ENV',
];

/**
 * The environment of a worker or process host: the base keys above plus `LC_*`, plus the names the operator
 * grants the toolbox (`toolbox_hosts.<entry point>.env`). Everything else of the provider's environment (API
 * keys, tokens, the bus secret) stays out of the toolbox's `process.env`.
 */
export function hostEnv(granted: readonly string[], source: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  const keep = new Set([...BASE_KEYS, ...granted]);
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (keep.has(key) || key.startsWith('LC_')) env[key] = value;
  }
  return env;
}

/**
 * `env` plus `NODE_COMPILE_CACHE` naming the provider's module compile cache when it keeps one (Node ≥ 22.8, enabled
 * by bin/ovos-tools.js): a worker thread then reuses the compiled code of its runtime and toolbox instead of compiling
 * it again at every start. For worker threads only, which share the provider's process (and so its access to that
 * folder) anyway; a process host under the permission model gets nothing outside its grants. `env` itself when there
 * is no cache (Node 20, or `NODE_DISABLE_COMPILE_CACHE`).
 */
export function withCompileCache(env: Record<string, string>): Record<string, string> {
  const dir = (module as { getCompileCacheDir?: () => string | undefined }).getCompileCacheDir?.();
  return dir ? { ...env, NODE_COMPILE_CACHE: dir } : env;
}
