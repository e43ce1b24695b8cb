import type { ToolboxDeclaration } from '../discovery/scanPluginRoots.js';

/** The worker the light bundled toolboxes share by default (`worker_group`). */
export const BUNDLED_WORKER_GROUP = 'ovos-tools';

/**
 * The bundled toolboxes that share one worker by default: the ones whose tools do no unbounded or slow synchronous
 * work on their own thread, so one of them cannot hold up the others for long.
 * - `ovos-clock-tools`: date arithmetic, and chrono-node on at most 1,000 characters;
 * - `ovos-math-tools`: unit conversion and statistics on at most 100,000 numbers; expressions and equations run in
 *   its own worker with a time and memory limit;
 * - `ovos-filesystem-tools`: asynchronous file access with size and count limits; regular expressions run in its own
 *   search workers;
 * - `ovos-skill-md-toolbox`: asks the brain (asynchronous I/O);
 * - `ovos-shell-tools`: its programs run as child processes; what it does on the thread is start them, and `spawn()`
 *   blocks the thread while the provider process is forked, longer the more memory the process holds (about 3 ms at
 *   45 MB and 5–7 ms at 200 MB here; 68 ms at 550 MB before issue 30's memory work). The others' calls wait that long
 *   behind a program start; a worker of its own cost an isolate, 8 MB idle and 18 MB under load.
 *
 * Not this one, which keeps a worker of its own:
 * - `ovos-web-search-tools`: it parses pages written by whoever controls them, which can take its thread seconds or
 *   its heap to the limit.
 */
const LIGHT_BUNDLED_ENTRY_POINTS: ReadonlySet<string> = new Set(['ovos-clock-tools', 'ovos-math-tools', 'ovos-filesystem-tools', 'ovos-skill-md-toolbox', 'ovos-shell-tools']);

/**
 * The worker group of a worker-isolated toolbox: its `toolbox_hosts.<entry point>.worker_group` when configured
 * (`""`: a worker of its own), else {@link BUNDLED_WORKER_GROUP} for the light bundled toolboxes above when their
 * package is in the `@ovos-tools` scope (a third-party package reusing one of these entry-point names never joins),
 * else none. Toolboxes in one group share a worker only when their `memory_limit_mb` and `env` are the same.
 */
export function workerGroupOf(decl: Pick<ToolboxDeclaration, 'entryPointName' | 'packageName'>, configured: string | undefined): string | undefined {
  if (configured !== undefined) return configured || undefined;
  return decl.packageName.startsWith('@ovos-tools/') && LIGHT_BUNDLED_ENTRY_POINTS.has(decl.entryPointName) ? BUNDLED_WORKER_GROUP : undefined;
}
