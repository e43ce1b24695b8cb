/**
 * A config key whose change a reload cannot apply while the provider runs: it takes effect at the next start, and a
 * reload that finds it changed keeps the running value and says so.
 */
export interface RestartOnlyKey<T> {
  /** The config key as written (`http`, `plugin_roots`), named in the reload's problem. */
  key: string;
  /** Why it waits for a restart, e.g. `the HTTP API listens with the address and secret it started with`. */
  why: string;
  /** Whether the key changed from `running` to `next` (default: the whole part differs as JSON). */
  changed?: (running: T, next: T) => boolean;
  /** The part to run with when it changed: `next` with the running value of this key (default: all of `running`). */
  keep?: (running: T, next: T) => T;
}

/**
 * How a reload applies one feature's part of the settings, declared by the feature next to its settings: every part
 * applies live (its new value goes to whatever the provider wired to it) except its `restartOnly` keys; and when
 * `same` says the part reads the same, the running value object is kept, so what was built from it (e.g. the access
 * control with its agents' rate windows) survives the reload.
 */
export interface ReloadRule<T> {
  /** Keys that wait for a restart. */
  restartOnly?: readonly RestartOnlyKey<T>[];
  /** Keep the running part object when this says it is the same as the new one (e.g. a digest of its keys as written). */
  same?: (running: T, next: T) => boolean;
}

/** A part that applies live, as a whole: the rule of most features. */
export function applyLive<T>(): ReloadRule<T> {
  return {};
}

/** A part that waits for a restart as a whole, under `key`. */
export function restartOnly<T>(key: string, why: string): ReloadRule<T> {
  return { restartOnly: [{ key, why }] };
}
