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
