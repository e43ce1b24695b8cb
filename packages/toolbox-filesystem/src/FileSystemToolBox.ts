import fs from 'node:fs';
import { ToolBox, type AgentTool, type ToolBoxOptions, type TObject } from '@ovos-tools/core';
import { FileSystemConfigSchema, FileSystemConfigError, parseFileSystemConfig, type FileSystemConfig } from './config.js';
import { PathProtection } from './sandbox/protectedPaths.js';
import { Sandbox } from './sandbox/Sandbox.js';
import type { WorkerPool } from '@ovos-tools/core/node';
import { createSearchPool } from './search/searchPool.js';
import type { FsToolContext } from './tools/context.js';
import { findFilesTool } from './tools/findFiles.js';
import { listDirectoryTool } from './tools/listDirectory.js';
import { readFileTool } from './tools/readFile.js';
import { searchInFilesTool } from './tools/searchInFiles.js';
import { writeFileTool } from './tools/writeFile.js';

/**
 * The filesystem toolbox (entry point `ovos-filesystem-tools`), a TypeScript port of ovos-agentic-loop's
 * `FileSystemToolBox` (`tools/filesystem.py`) with a hardened sandbox. Tools, in this order:
 * `read_file`, `write_file`, `list_directory`, `search_in_files`, `find_files`.
 *
 * Config (this toolbox's section): `root_path` (string or list; default the dedicated workspace
 * `$XDG_DATA_HOME/ovos-tools/workspace`, created at construction), `allow_write` (default `true`),
 * `allow_read_protected` (default `false`) and the limits `max_read_bytes`, `max_entries`, `max_scan_entries`,
 * `max_search_files`, `max_search_bytes`, `max_search_file_bytes`, `max_matches`, `max_line_chars`,
 * `search_timeout_ms` (see {@link parseFileSystemConfig}). The config is read once, at construction.
 *
 * `search_in_files` matches in worker threads ({@link createSearchPool}, started on first use), never on the
 * caller's event loop; {@link FileSystemToolBox.close} terminates them.
 *
 * Protected paths ({@link PathProtection}): the host's `pluginRoots` and `protectedPaths`, the OVOS and
 * ovos-tools config and data folders, and code-loading names inside the roots (`node_modules`, `package.json`,
 * `SKILL.md`, `mycroft.conf`, ...) are never written, and not read unless `allow_read_protected`.
 *
 * Tool failures (denied paths, missing files, disabled writes, invalid regexes) are returned as values in
 * the OVOS output fields, never thrown.
 *
 * @throws {@link FileSystemConfigError} from the constructor when a config value has the wrong type, when a
 *   root lies inside a protected location (`root_path`: "... lies in the protected location ..."), or when the
 *   default workspace cannot be created.
 */
export class FileSystemToolBox extends ToolBox {
  static override toolboxId = 'ovos-filesystem-tools';
  /** The keys of its config section (the provider checks the section against them at every load). */
  static override configSchema: TObject = FileSystemConfigSchema;

  /** The parsed configuration. */
  readonly settings: FileSystemConfig;
  /** The sandbox every tool resolves paths through. */
  readonly sandbox: Sandbox;
  /** The worker threads `search_in_files` matches in (lazily started; see {@link createSearchPool}). */
  readonly searchPool: WorkerPool;

  constructor(options: ToolBoxOptions = {}) {
    super(options);
    this.settings = parseFileSystemConfig(this.config);
    const protection = new PathProtection({ pluginRoots: this.pluginRoots, protectedPaths: this.protectedPaths });
    if (this.settings.defaultRoot) createWorkspace(this.settings.roots[0]!);
    for (const root of this.settings.roots) {
      const why = protection.rootProblem(root);
      if (why) {
        throw new FileSystemConfigError('root_path', `the root '${root}' cannot be used: ${why}. Choose a folder outside plugin roots, config, data and skills folders (the default is ${protection.workspace})`);
      }
    }
    this.sandbox = new Sandbox(this.settings.roots, protection, this.settings.allowReadProtected);
    this.searchPool = createSearchPool();
  }

  /** The five filesystem tools; `write_file`'s description reflects `allow_write`. */
  discoverTools(): AgentTool[] {
    const ctx: FsToolContext = { config: this.settings, sandbox: this.sandbox, searchPool: this.searchPool };
    return [readFileTool(ctx), writeFileTool(ctx), listDirectoryTool(ctx), searchInFilesTool(ctx), findFilesTool(ctx)];
  }

  /**
   * Unbinds the toolbox and terminates its search workers; a running `search_in_files` returns
   * `Search stopped: the toolbox was closed.` Resolves once the worker threads have exited. A later search
   * starts a new worker.
   */
  override async close(): Promise<void> {
    await super.close();
    await this.searchPool.close();
  }
}

/** Creates the default workspace (owner-only permissions) when it does not exist yet. */
function createWorkspace(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new FileSystemConfigError('root_path', `the default workspace '${dir}' could not be created (${(err as NodeJS.ErrnoException).code ?? String(err)}); set root_path to an existing folder`);
  }
}
