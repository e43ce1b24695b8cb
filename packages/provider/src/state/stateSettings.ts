import { Type, type Static } from '@ovos-tools/core';
import type { SectionProblem } from '../service/readSection.js';
import { redactRedisUrl } from './redactRedisUrl.js';
import { restartOnly, type ReloadRule } from '../service/ReloadRule.js';

/** What the `state` section is, for its problems. */
const FORM = '{"redis": "redis://host:6379/0"} or {"redis_env": "<VARIABLE holding the URL>"}, with optional key_prefix and command_timeout_ms';
/** What a Redis URL is, for its problems. */
const URL_FORM = 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379/0';

/** Whether `v` is a Redis URL the client takes: `redis://` or `rediss://`, a host, and a numeric database if any. */
function isRedisUrl(v: string): boolean {
  if (!URL.canParse(v)) return false;
  const u = new URL(v);
  const db = u.pathname.replace(/^\//, '');
  return (u.protocol === 'redis:' || u.protocol === 'rediss:') && u.hostname !== '' && (db === '' || /^\d+$/.test(db));
}

/**
 * What is wrong with a Redis URL, its password never repeated (`<URL_FORM>, received "redis://:***@host/zero"`),
 * or `undefined` when it is one.
 */
export function redisUrlProblem(v: string): string | undefined {
  return isRedisUrl(v) ? undefined : `${URL_FORM}, received ${JSON.stringify(redactRedisUrl(v))}`;
}

/** `state.redis`: a Redis URL, checked by the schema; `writeOnly`, so a problem never repeats its password. */
const RedisUrl = Type.Refine(
  Type.String({ writeOnly: true, description: 'redis://[user:password@]host[:port][/db] (or rediss:// for TLS)', errorMessage: URL_FORM }),
  isRedisUrl,
  (v) => redisUrlProblem(v) ?? URL_FORM,
);

/**
 * The shared state's key of the provider config: `state`, the one parser of it (types, formats, ranges, defaults;
 * each problem in its own words). What needs two keys or the environment is {@link stateRules} and {@link stateSettings}.
 */
export const StateKeys = Type.Object({
  state: Type.Optional(
    Type.Object(
      {
        redis: Type.Optional(RedisUrl),
        redis_env: Type.Optional(
          Type.String({ minLength: 1, description: 'Environment variable holding the Redis URL (instead of redis)', errorMessage: 'must be the name of an environment variable' }),
        ),
        key_prefix: Type.Optional(
          Type.String({
            maxLength: 64,
            pattern: '^[^\\s{}]*$',
            default: 'ovos-tools:',
            description: 'Put before every key',
            errorMessage: 'must be a string of at most 64 characters without spaces or braces',
          }),
        ),
        command_timeout_ms: Type.Optional(
          Type.Integer({ minimum: 10, maximum: 60_000, default: 1000, description: 'How long one Redis command may take, ms', errorMessage: 'must be an integer from 10 to 60000 (milliseconds)' }),
        ),
      },
      { additionalProperties: false, description: 'State shared by replicas (a Redis server); absent: everything is per process', errorMessage: `must be an object ${FORM}` },
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

const SCHEMA = StateKeys.properties.state.properties as unknown as Record<string, { default?: unknown }>;

/** The defaults of `state`, read from {@link StateKeys} (their one home). */
export const STATE_DEFAULTS = Object.freeze({ keyPrefix: SCHEMA.key_prefix!.default as string, commandTimeoutMs: SCHEMA.command_timeout_ms!.default as number });

/** The `state` section as its schema reads it (checked, coerced, defaults filled in). */
export type StateConfig = NonNullable<Static<typeof StateKeys>['state']>;

/** The rule of `state` across its keys: exactly one of `redis` and `redis_env`. */
export function stateRules(state: StateConfig | undefined): SectionProblem[] {
  if (state === undefined) return [];
  if (state.redis !== undefined && state.redis_env !== undefined) return [{ path: 'state.redis_env', keyword: 'crossField', message: 'give either redis or redis_env, not both' }];
  if (state.redis === undefined && state.redis_env === undefined) return [{ path: 'state.redis', keyword: 'crossField', message: `is required: ${FORM}` }];
  return [];
}

/**
 * Decodes the `state` section as the schema read it into {@link StateSettings}: the URL from `redis`, or from the
 * variable `redis_env` names (read from `env` now and checked as a Redis URL, its password never repeated).
 * @returns the settings (`undefined` when the section is absent or breaks a rule), and the variable's problems.
 */
export function stateSettings(state: StateConfig | undefined, env: NodeJS.ProcessEnv = process.env): { settings: StateSettings | undefined; problems: SectionProblem[] } {
  if (state === undefined || stateRules(state).length > 0) return { settings: undefined, problems: [] };
  let url = state.redis;
  if (url === undefined) {
    const name = state.redis_env!;
    const value = env[name];
    const problem = value ? redisUrlProblem(value) : `environment variable ${name} is not set or empty`;
    if (problem !== undefined) return { settings: undefined, problems: [{ path: value ? `state.redis_env (${name})` : 'state.redis_env', keyword: 'env', message: problem }] };
    url = value;
  }
  const settings = { redis: { url: url!, keyPrefix: state.key_prefix ?? STATE_DEFAULTS.keyPrefix, commandTimeoutMs: state.command_timeout_ms ?? STATE_DEFAULTS.commandTimeoutMs } };
  return { settings, problems: [] };
}

/** How a reload applies `state`: only at the next start (the connection to the state replicas share is opened at start). */
export const stateReload: ReloadRule<StateSettings | undefined> = restartOnly('state', 'the connection to the state replicas share is opened at start');
