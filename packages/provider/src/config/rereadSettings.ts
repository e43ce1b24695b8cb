import type { ProviderSettings } from './ProviderConfig.js';

/**
 * The config keys a reload cannot apply while the provider runs, and why: each takes effect at the next start.
 * Everything else — toolbox sections, `agents` and the bus rules, time limits and concurrency, isolation and host
 * settings, `allowed_packages`/`disabled_toolboxes`, `pinned_toolboxes`/`duplicate_tool_names`, the federation's
 * timing, `bus_agent_field` — applies at the reload.
 */
export const RESTART_ONLY_KEYS: Readonly<Record<string, string>> = {
  http: 'the HTTP API listens with the address and secret it started with',
  mcp: 'an MCP session keeps the agent it started with',
  brain: 'toolboxes were given the chat engine at their start',
  plugin_roots: 'the plugin roots (and what --watch watches) are fixed at start',
  federation: 'federation is switched on or off at start (its timing applies at once)',
  state: 'the connection to the state replicas share is opened at start',
  result_store: 'the result store is made at start, with its limits',
};

/** What {@link rereadSettings} found. */
export type Reread =
  | {
      /** The file read and parsed. */
      ok: true;
      /** The settings to run with now: the new ones, with the running value kept for every restart-only key. */
      settings: ProviderSettings;
      /** Restart-only keys whose value changed (kept as they run), e.g. `http`. */
      needsRestart: string[];
    }
  | {
      /** The file could not be read or is invalid: the running settings stay. */
      ok: false;
      /** Why, as the reader said it (every wrong key, or the file error). */
      error: string;
    };

/**
 * Reads the config again (a reload) with `read` — the same reader and checks as at start — and merges it with the
 * `running` settings: the new values for everything that can change live, the running ones for
 * {@link RESTART_ONLY_KEYS}, which are reported when they changed, and the running `access` when the access keys
 * read the same (`accessDigest`). Never throws: a config that cannot be read or is
 * invalid answers `{ok: false, error}` and the provider keeps running as it was.
 */
export function rereadSettings(read: () => ProviderSettings, running: ProviderSettings): Reread {
  let next: ProviderSettings;
  try {
    next = read();
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const needsRestart: string[] = [];
  if (!same(running.http, next.http)) needsRestart.push('http');
  if (!same(running.mcp, next.mcp)) needsRestart.push('mcp');
  if (!same(running.brain, next.brain)) needsRestart.push('brain');
  if (!same(running.discovery.pluginRoots, next.discovery.pluginRoots)) needsRestart.push('plugin_roots');
  if (running.federation.enabled !== next.federation.enabled) needsRestart.push('federation');
  if (!same(running.state, next.state)) needsRestart.push('state');
  if (!same(running.budget.store, next.budget.store)) needsRestart.push('result_store');
  const settings: ProviderSettings = {
    ...next,
    // unchanged access keys keep the running access control (its agents' rate windows and calls in flight)
    access: next.accessDigest !== undefined && next.accessDigest === running.accessDigest ? running.access : next.access,
    http: running.http,
    mcp: running.mcp,
    brain: running.brain,
    discovery: { ...next.discovery, pluginRoots: running.discovery.pluginRoots },
    federation: { ...next.federation, enabled: running.federation.enabled },
    state: running.state,
    budget: { ...next.budget, store: running.budget.store },
  };
  return { ok: true, settings, needsRestart };
}
