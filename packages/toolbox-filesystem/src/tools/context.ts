import type { FileSystemConfig } from '../config.js';
import type { Sandbox } from '../sandbox/Sandbox.js';
import type { WorkerPool } from '@ovos-tools/core/node';

/**
 * What every filesystem tool factory receives from its toolbox: the parsed config, the sandbox and the
 * worker pool `search_in_files` matches in.
 */
export interface FsToolContext {
  /** The toolbox config (roots, limits). */
  config: FileSystemConfig;
  /** Resolves and checks every path argument. */
  sandbox: Sandbox;
  /** The worker threads `search_in_files` matches in. */
  searchPool: WorkerPool;
}
