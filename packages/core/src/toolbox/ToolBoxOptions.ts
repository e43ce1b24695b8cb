import type { LazyAbortController } from '../host/LazyAbortController.js';
import type { Bus } from '../bus/Bus.js';
import type { ChatEngine } from '../chat/ChatEngine.js';
import type { Logger } from '../logging/Logger.js';
import type { ToolProgress } from '../tool/ToolProgress.js';
import type { JsonObject } from '../wire/Message.js';

/** What a host passes to a toolbox constructor: `new MyToolBox({ config, bus })`. */
export interface ToolBoxOptions {
  /** This toolbox's own config section; default `{}`. */
  config?: Record<string, unknown> | null;
  /** When given, the toolbox binds its bus handlers at construction. */
  bus?: Bus | null;
  /** Overrides the class-level `static toolboxId`. */
  toolboxId?: string;
  /** Default: a stderr logger named after the toolbox id. */
  logger?: Logger;
  /** A chat engine for toolboxes that need a model (e.g. SKILL.md skills); the provider passes its configured brain. */
  brain?: ChatEngine | null;
  /**
   * The host's plugin roots (directories whose `node_modules` it scans for toolbox packages), when the host
   * passes them; toolboxes that discover content in installed packages (e.g. SKILL.md files) default to these.
   */
  pluginRoots?: readonly string[];
  /**
   * Paths no tool of this toolbox may write (and, for file tools, read by default): the provider's plugin
   * roots, config files and folders, skills folders and data folder. Passed by the provider; toolboxes that
   * touch files refuse them whatever roots the operator configures.
   */
  protectedPaths?: readonly string[];
}

/** Per-call options of {@link ToolBox.callTool}. */
export interface CallToolOptions {
  /** Aborts the call; the tool's `ctx.signal` fires and the call rejects with code `aborted`. */
  signal?: AbortSignal;
  /**
   * The same as {@link signal}, for a caller that made its abort lazily (the provider's inline host passes the
   * policy's): used instead of `signal` when both are given, and listened to without creating an `AbortSignal`.
   */
  abort?: LazyAbortController;
  /** Time limit in ms; overrides the tool's own `timeoutMs`. No limit when neither is set, or when the limit is `Infinity` or beyond Node's timer range (~24.8 days); `NaN` is ignored. */
  timeoutMs?: number;
  /** The request's context (OVOS `context` keys such as `session`, `traceparent`), handed to the tool as `ctx.context`. */
  context?: JsonObject;
  /** Receives the tool's progress reports (`ctx.progress`); absent when the caller wants none. */
  onProgress?: (progress: ToolProgress) => void;
}

/** The argument/output shape every tool call deals in: a plain JSON object. */
export type ToolResult = Record<string, unknown>;
