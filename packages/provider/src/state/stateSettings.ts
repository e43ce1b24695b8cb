import { Type } from '@ovos-tools/core';
import { unknownKeys } from '@ovos-tools/core/node';
import { redactRedisUrl } from './redactRedisUrl.js';
import { restartOnly, type ReloadRule } from '../service/ReloadRule.js';

/** The shared state's key of the provider config: `state`, read by {@link stateSettings}. */
export const StateKeys = Type.Object({
  state: Type.Optional(
    Type.Object(
      {
        redis: Type.Optional(Type.String({ description: 'redis://[user:password@]host[:port][/db] (or rediss:// for TLS)' })),
        redis_env: Type.Optional(Type.String({ minLength: 1, description: 'Environment variable holding the Redis URL (instead of redis)' })),
        key_prefix: Type.Optional(Type.String({ maxLength: 64, pattern: '^[^\\s{}]*$', default: 'ovos-tools:', description: 'Put before every key' })),
        command_timeout_ms: Type.Optional(Type.Integer({ minimum: 10, maximum: 60_000, default: 1000, description: 'How long one Redis command may take, ms' })),
      },
      { additionalProperties: false, description: 'State shared by replicas (a Redis server); absent: everything is per process' },
    ),
  ),
});

/** Where replicas of the provider share their state (`state.redis`): a Redis server. */
export interface RedisStateSettings {
  /** `state.redis` (or the variable `state.redis_env` names): `redis://[user:password@]host[:port][/db]`, or `rediss://` for TLS. */
  url: string;
  /** `state.key_prefix`: put before every key, so several deployments can share one Redis; default `ovos-tools:`. */
  keyPrefix: string;
  /**
   * `state.command_timeout_ms`: how long one Redis command may take before the call that needs it is refused
   * (`state_unavailable`); default 1000. Also bounds how long a call waits on a Redis that stopped answering.
   */
  commandTimeoutMs: number;
}

/**
 * State the provider's replicas share (its part of the provider config); absent when the section is (one provider
 * needs no shared state):
 * ```json
 * "state": {"redis": "redis://127.0.0.1:6379/0", "key_prefix": "ovos-tools:", "command_timeout_ms": 1000}
 * ```
 */
export interface StateSettings {
  /** The Redis server holding what replicas share: per-agent `rate_per_minute` and `max_concurrency` counts. */
  redis: RedisStateSettings;
}

const SCHEMA = StateKeys.properties.state.properties as unknown as Record<string, { default?: unknown; minimum?: number; maximum?: number; maxLength?: number }>;

/** The defaults of `state`, read from {@link StateKeys} (their one home). */
export const STATE_DEFAULTS = Object.freeze({ keyPrefix: SCHEMA.key_prefix!.default as string, commandTimeoutMs: SCHEMA.command_timeout_ms!.default as number });
const FORM = '{"redis": "redis://host:6379/0"} or {"redis_env": "<VARIABLE holding the URL>"}, with optional key_prefix and command_timeout_ms';

/**
 * The {@link StateSettings} of the `state` key read against {@link StateKeys}, or `undefined` when it is absent.
 * Every problem is pushed to `problems` as `state.<key>: <what was expected>, received <value>` (a URL's password is
 * never repeated); then the result is `undefined` and the provider does not start.
 * @param env - where `state.redis_env` is read (default `process.env`).
 */
export function stateSettings(k: { state?: unknown }, problems: string[], env: NodeJS.ProcessEnv = process.env): StateSettings | undefined {
  const raw = k.state;
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push(`state: must be an object ${FORM}, received ${JSON.stringify(raw)}`);
    return undefined;
  }
  const s = raw as Record<string, unknown>;
  const before = problems.length;
  for (const p of unknownKeys(StateKeys.properties.state, s, 'state')) problems.push(`${p.key}: ${p.message}`);
  let url: string | undefined;
  if (s.redis !== undefined && s.redis_env !== undefined) problems.push('state.redis_env: give either redis or redis_env, not both');
  else if (s.redis !== undefined) url = checkUrl(s.redis, 'state.redis', problems);
  else if (s.redis_env !== undefined) {
    if (typeof s.redis_env !== 'string' || s.redis_env === '') problems.push(`state.redis_env: must be the name of an environment variable, received ${JSON.stringify(s.redis_env)}`);
    else if (!env[s.redis_env]) problems.push(`state.redis_env: environment variable ${s.redis_env} is not set or empty`);
    else url = checkUrl(env[s.redis_env], `state.redis_env (${s.redis_env})`, problems);
  } else problems.push(`state.redis: is required: ${FORM}`);
  let keyPrefix = STATE_DEFAULTS.keyPrefix;
  const longest = SCHEMA.key_prefix!.maxLength!;
  if (s.key_prefix !== undefined) {
    if (typeof s.key_prefix === 'string' && s.key_prefix.length <= longest && !/[\s{}]/.test(s.key_prefix)) keyPrefix = s.key_prefix;
    else problems.push(`state.key_prefix: must be a string of at most ${longest} characters without spaces or braces, received ${JSON.stringify(s.key_prefix)}`);
  }
  let commandTimeoutMs = STATE_DEFAULTS.commandTimeoutMs;
  if (s.command_timeout_ms !== undefined) {
    const v = s.command_timeout_ms;
    const { minimum, maximum } = SCHEMA.command_timeout_ms as { minimum: number; maximum: number };
    if (typeof v === 'number' && Number.isInteger(v) && v >= minimum && v <= maximum) commandTimeoutMs = v;
    else problems.push(`state.command_timeout_ms: must be an integer from ${minimum} to ${maximum} (milliseconds), received ${JSON.stringify(v)}`);
  }
  if (problems.length > before || url === undefined) return undefined;
  return { redis: { url, keyPrefix, commandTimeoutMs } };
}

function checkUrl(v: unknown, key: string, problems: string[]): string | undefined {
  const expected = 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379/0';
  if (typeof v !== 'string') {
    problems.push(`${key}: ${expected}, received ${JSON.stringify(v)}`);
    return undefined;
  }
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    problems.push(`${key}: ${expected}, received ${JSON.stringify(redactRedisUrl(v))}`);
    return undefined;
  }
  const db = parsed.pathname.replace(/^\//, '');
  if ((parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') || !parsed.hostname || (db !== '' && !/^\d+$/.test(db))) {
    problems.push(`${key}: ${expected}, received ${JSON.stringify(redactRedisUrl(v))}`);
    return undefined;
  }
  return v;
}

/** How a reload applies `state`: only at the next start (the connection to the state replicas share is opened at start). */
export const stateReload: ReloadRule<StateSettings | undefined> = restartOnly('state', 'the connection to the state replicas share is opened at start');
