import type { FileSystemConfig } from '../config.js';
import type { Sandbox } from '../sandbox/Sandbox.js';

/** What every filesystem tool factory receives from its toolbox: the parsed config and the sandbox. */
export interface FsToolContext {
  config: FileSystemConfig;
  sandbox: Sandbox;
}
