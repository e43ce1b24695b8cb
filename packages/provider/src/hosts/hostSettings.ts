import { Type, type Static } from '@ovos-tools/core';
import { applyLive, type ReloadRule } from '../service/ReloadRule.js';

/** How a toolbox runs: in the provider's thread, in its own worker thread, or in its own Node process. */
export type IsolationMode = 'inline' | 'worker' | 'process';

/** One toolbox's host settings (`toolbox_hosts.<entry point>`); unset fields take the provider-wide defaults. */
export interface HostSettings {
  /** `isolation`: overrides the provider-wide `isolation`. */
  isolation?: IsolationMode;
  /** `memory_limit_mb`: heap limit of the worker or process, MB. */
  memoryLimitMb?: number;
  /** `env`: names of provider environment variables the toolbox may see (beyond locale and paths). */
  env?: string[];
  /** `allow_fs_read`: extra paths a `process` host may read (its code and plugin roots are always readable). */
  allowFsRead?: string[];
  /** `allow_fs_write`: paths a `process` host may write; default none. */
  allowFsWrite?: string[];
  /** `allow_child_process`: a `process` host may spawn programs (the shell toolbox needs it); default false. */
  allowChildProcess?: boolean;
  /** `allow_worker`: a `process` host may start worker threads (math and file search use them); default true. */
  allowWorker?: boolean;
  /**
   * `worker_group`: toolboxes in `worker` isolation with the same group (and the same `memory_limit_mb` and `env`)
   * share one worker thread; `""` gives the toolbox a worker of its own. Default: `"ovos-tools"` for the light
   * bundled toolboxes (clock, math, filesystem, skill-md, shell), none for any other (see `hosts/workerGroups.ts`).
   */
  workerGroup?: string;
}

/** How toolboxes are hosted (the hosts' part of the provider config): provider-wide defaults and per-toolbox settings. */
export interface HostDefaults {
  /** `isolation`: how toolboxes run unless `toolbox_hosts` says otherwise; default `worker` (see the README for why). */
  isolation: IsolationMode;
  /** `memory_limit_mb`: heap limit of each worker or process host, MB; default 256 (sized for a Raspberry Pi-class device). */
  memoryLimitMb: number;
  /** `kill_grace_ms`: how long a cut-off call may keep running before its worker or process is terminated and restarted; default 2000. */
  killGraceMs: number;
  /**
   * `spin_wait_ms`: after sending a call to a worker or process, the provider's thread keeps polling for the answer
   * this long instead of sleeping, and after answering a call that was the only one in flight to it, the worker or
   * process keeps polling for the next call this long (ms; 0 turns both off; default 0.1). Waking a sleeping thread
   * costs 10–100 µs on our VM, more than the rest of what a worker adds to a call; the polling costs CPU only in these
   * short windows around calls, and only while they catch something: windows that run out unused make the next ones
   * be skipped (see `wakeSpinner`).
   */
  spinWaitMs: number;
  /** `max_restarts`: crashes within a minute after which a toolbox is marked unhealthy until the next reload; default 5. */
  maxRestarts: number;
  /** `import_timeout_ms`: a toolbox module that takes longer to import (or a host to hand-shake) is skipped; default 10000. */
  importTimeoutMs: number;
  /**
   * `warm_up`: once a (re)load is serving, each new toolbox host runs its toolbox's `warmUp()` in the background, so
   * libraries and worker threads the first calls would load are loaded before a caller waits for them (a call that
   * arrives meanwhile waits only for what is left). `false` leaves them to the first call and saves their memory
   * until then; default true.
   */
  warmUp: boolean;
  /** `toolbox_hosts`: per-entry-point host settings. */
  toolboxHosts: Record<string, HostSettings>;
}

const ISOLATION_MODES = ['inline', 'worker', 'process'] as const;
const FsPaths = (description: string) => Type.Array(Type.String({ pattern: '^[^,]*$' }), { description: `${description} (no commas: Node's permission flags split on them)` });

/** One toolbox's `toolbox_hosts.<entry point>` section. */
const HostSettingsSchema = Type.Object(
  {
    isolation: Type.Optional(Type.Enum(ISOLATION_MODES, { description: 'Overrides the provider-wide isolation' })),
    memory_limit_mb: Type.Optional(Type.Number({ minimum: 16, description: 'Heap limit of the worker or process, MB' })),
    env: Type.Optional(Type.Array(Type.String(), { description: 'Provider environment variables the toolbox may see' })),
    allow_fs_read: Type.Optional(FsPaths('Extra paths a process host may read')),
    allow_fs_write: Type.Optional(FsPaths('Paths a process host may write')),
    allow_child_process: Type.Optional(Type.Boolean({ description: 'A process host may spawn programs' })),
    allow_worker: Type.Optional(Type.Boolean({ description: 'A process host may start worker threads' })),
    worker_group: Type.Optional(Type.String({ description: 'Toolboxes with the same worker group share one worker thread ("": a worker of its own)' })),
  },
  { additionalProperties: false },
);

/** The hosts' keys of the provider config (snake_case on disk), with their defaults. */
export const HostKeys = Type.Object({
  isolation: Type.Enum(ISOLATION_MODES, { default: 'worker', description: 'How toolboxes run unless toolbox_hosts says otherwise' }),
  memory_limit_mb: Type.Number({ minimum: 16, default: 256, description: 'Heap limit of each worker or process host, MB' }),
  kill_grace_ms: Type.Number({ exclusiveMinimum: 0, default: 2000, description: 'How long a cut-off call may keep running before its host is restarted, ms' }),
  spin_wait_ms: Type.Number({ minimum: 0, maximum: 100, default: 0.1, description: 'How long a thread polls for an answer, or for the next call, instead of sleeping, ms (0: off)' }),
  max_restarts: Type.Number({ minimum: 1, default: 5, description: 'Crashes within a minute after which a toolbox is unhealthy' }),
  warm_up: Type.Boolean({ default: true, description: 'Load what the first calls need in the background once serving' }),
  import_timeout_ms: Type.Number({ exclusiveMinimum: 0, default: 10_000, description: 'A toolbox module that takes longer to import is skipped, ms' }),
  toolbox_hosts: Type.Record(Type.String(), HostSettingsSchema, { default: {}, description: 'Per-entry-point host settings' }),
});

/** The {@link HostDefaults} of keys read against {@link HostKeys}. */
export function hostDefaults(k: Static<typeof HostKeys>): HostDefaults {
  return {
    isolation: k.isolation,
    memoryLimitMb: Math.floor(k.memory_limit_mb),
    killGraceMs: k.kill_grace_ms,
    spinWaitMs: k.spin_wait_ms,
    maxRestarts: Math.floor(k.max_restarts),
    importTimeoutMs: k.import_timeout_ms,
    warmUp: k.warm_up,
    toolboxHosts: Object.fromEntries(Object.entries(k.toolbox_hosts).map(([ep, h]) => [ep, hostSettings(h)])),
  };
}

/**
 * The host settings that apply to one entry point: `toolbox_hosts[<entry point>]` over the provider-wide defaults.
 * `workerGroup` stays as configured (`undefined` when not); see `workerGroupOf` for its default.
 */
export function hostSettingsFor(defaults: HostDefaults, entryPointName: string): Required<Omit<HostSettings, 'workerGroup'>> & Pick<HostSettings, 'workerGroup'> {
  const own = defaults.toolboxHosts[entryPointName] ?? {};
  return {
    workerGroup: own.workerGroup,
    isolation: own.isolation ?? defaults.isolation,
    memoryLimitMb: own.memoryLimitMb ?? defaults.memoryLimitMb,
    env: own.env ?? [],
    allowFsRead: own.allowFsRead ?? [],
    allowFsWrite: own.allowFsWrite ?? [],
    allowChildProcess: own.allowChildProcess ?? false,
    allowWorker: own.allowWorker ?? true,
  };
}

function hostSettings(h: Static<typeof HostSettingsSchema>): HostSettings {
  const out: HostSettings = {};
  if (h.isolation !== undefined) out.isolation = h.isolation;
  if (h.memory_limit_mb !== undefined) out.memoryLimitMb = Math.floor(h.memory_limit_mb);
  if (h.env !== undefined) out.env = h.env;
  if (h.allow_fs_read !== undefined) out.allowFsRead = h.allow_fs_read;
  if (h.allow_fs_write !== undefined) out.allowFsWrite = h.allow_fs_write;
  if (h.allow_child_process !== undefined) out.allowChildProcess = h.allow_child_process;
  if (h.allow_worker !== undefined) out.allowWorker = h.allow_worker;
  if (h.worker_group !== undefined) out.workerGroup = h.worker_group;
  return out;
}

/** How a reload applies the HostDefaults: live, as a whole. */
export const hostsReload: ReloadRule<HostDefaults> = applyLive();
