import { Type, type Static } from '@ovos-tools/core';
import { applyLive, type ReloadRule } from '../service/ReloadRule.js';

const Millis = (description: string, def?: number) => Type.Number({ exclusiveMinimum: 0, ...(def === undefined ? {} : { default: def }), description: `${description}, ms` });

/** The execution policy's keys of the provider config (snake_case on disk), with their defaults. */
export const PolicyKeys = Type.Object({
  default_timeout_ms: Millis('Limit for tools that set none', 30_000),
  tool_timeouts: Type.Record(Type.String(), Millis('Per-tool limit'), { default: {}, description: 'Per-tool limits { "<tool name>": ms }' }),
  max_concurrency: Type.Number({ minimum: 1, default: 64, description: 'Invocations running at once over all toolboxes' }),
  max_concurrency_per_toolbox: Type.Number({ minimum: 1, default: 16, description: 'Invocations running at once per toolbox' }),
  max_queue: Type.Number({ minimum: 1, default: 50_000, description: 'Invocations allowed to wait for a slot, per limit' }),
  log_arguments: Type.Boolean({ default: false, description: 'Include arguments in invoke log lines' }),
});

/** Limits every invocation runs under (the `ExecutionPolicy`'s part of the provider config). */
export interface PolicySettings {
  /** `default_timeout_ms`: limit for tools that set none; default 30000. */
  defaultTimeoutMs: number;
  /** `tool_timeouts`: per-tool overrides `{ "<tool name>": ms }`, winning over the tool's own `timeoutMs`. */
  toolTimeouts: Record<string, number>;
  /** `max_concurrency`: invocations running at once over all toolboxes; default 64. */
  maxConcurrency: number;
  /** `max_concurrency_per_toolbox`: invocations running at once per toolbox; default 16. */
  maxConcurrencyPerToolbox: number;
  /** `max_queue`: invocations allowed to wait for a slot, per limit; more are refused `overloaded`; default 50000. */
  maxQueue: number;
  /** `log_arguments`: include arguments in invoke log lines; default false. */
  logArguments: boolean;
}

/** The {@link PolicySettings} of keys read against {@link PolicyKeys}. */
export function policySettings(k: Static<typeof PolicyKeys>): PolicySettings {
  return {
    defaultTimeoutMs: k.default_timeout_ms,
    toolTimeouts: k.tool_timeouts,
    maxConcurrency: Math.floor(k.max_concurrency),
    maxConcurrencyPerToolbox: Math.floor(k.max_concurrency_per_toolbox),
    maxQueue: Math.floor(k.max_queue),
    logArguments: k.log_arguments,
  };
}

/** How a reload applies the PolicySettings: live, as a whole. */
export const policyReload: ReloadRule<PolicySettings> = applyLive();
