import { ToolBox, type AgentTool, type ToolBoxOptions } from '@ovos-tools/core';
import { parseFileSystemConfig, type FileSystemConfig } from './config.js';
import { Sandbox } from './sandbox/Sandbox.js';
import { SearchWorkerPool } from './search/SearchWorkerPool.js';
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
 * Config (this toolbox's section): `root_path` (string or list; default the working directory),
 * `allow_write` (default `true`) and the limits `max_read_bytes`, `max_entries`, `max_scan_entries`,
 * `max_search_files`, `max_search_bytes`, `max_search_file_bytes`, `max_matches`, `max_line_chars`,
 * `search_timeout_ms` (see {@link parseFileSystemConfig}). The config is read once, at construction.
 *
 * `search_in_files` matches in worker threads ({@link SearchWorkerPool}, started on first use), never on the
 * caller's event loop; {@link FileSystemToolBox.close} terminates them.
 *
 * Tool failures (denied paths, missing files, disabled writes, invalid regexes) are returned as values in
 * the OVOS output fields, never thrown.
 *
 * @throws {@link FileSystemConfigError} from the constructor when a config value has the wrong type.
 */
export class FileSystemToolBox extends ToolBox {
  static override toolboxId = 'ovos-filesystem-tools';

  /** The parsed configuration. */
  readonly settings: FileSystemConfig;
  /** The sandbox every tool resolves paths through. */
  readonly sandbox: Sandbox;
  /** The worker threads `search_in_files` matches in (lazily started; see {@link SearchWorkerPool}). */
  readonly searchPool: SearchWorkerPool;

  constructor(options: ToolBoxOptions = {}) {
    super(options);
    this.settings = parseFileSystemConfig(this.config);
    this.sandbox = new Sandbox(this.settings.roots);
    this.searchPool = new SearchWorkerPool();
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
