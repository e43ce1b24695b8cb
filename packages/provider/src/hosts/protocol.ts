import type { CallOutcome, JsonObject, LogLevel, ToolDescriptor, ToolProgress } from '@ovos-tools/core';

/**
 * The messages between the provider and a toolbox host runtime (`runtime/hostMain.ts`) running in a worker
 * thread or a child process. One protocol for both channels; every message is structured-clone safe.
 */

/** What the runtime needs to load its toolbox; the worker's `workerData`, or the first IPC message of a process. */
export interface HostInit {
  /** Message kind. */
  t: 'init';
  /** The toolbox's entry-point name (its config key and expected `toolboxId`). */
  entryPointName: string;
  /** The npm package that declares it. */
  packageName: string;
  /** Absolute path of the module that exports the toolbox class. */
  modulePath: string;
  /** The named export holding the class (`default` for a default export). */
  exportName: string;
  /** The toolbox's own config section. */
  config: Record<string, unknown>;
  /** The provider's plugin roots (toolboxes that discover content in installed packages read them). */
  pluginRoots: string[];
  /** Paths no toolbox may read or write (the provider's config, plugin roots' code); see `protected_paths`. */
  protectedPaths: string[];
  /** Lines below this level are dropped in the runtime, before they cross the channel. */
  logLevel: LogLevel;
  /** Whether the provider has a chat engine to lend (`chat` requests are answered). */
  hasBrain: boolean;
  /** `spin_wait_ms`: how long the runtime keeps polling for the next call after answering one, ms (0: off). */
  spinWaitMs: number;
}

/** Run tool `name`: provider → runtime. */
export interface CallMessage {
  /** Message kind. */
  t: 'call';
  /** The call's id on this channel; the result carries it back. */
  id: number;
  /** The tool name. */
  name: string;
  /** The raw arguments (the runtime validates them). */
  args: unknown;
  /** The request's context, handed to the tool as `ctx.context`. */
  context: JsonObject;
  /** Whether the caller wants progress reports. */
  progress: boolean;
  /**
   * Whether this was the only call in flight to this host when it was sent. After answering such a call the
   * runtime keeps polling for the next one for `spin_wait_ms`, so a caller making calls one after another has each
   * picked up at once. Under concurrency the next call comes anyway, and polling would only take a core from the
   * provider (measured: a fifth of the worker throughput at 16 callers on two cores).
   */
  lone: boolean;
}

/** Stop call `id`: provider → runtime (the tool's signal fires with this reason). */
export interface AbortMessage {
  /** Message kind. */
  t: 'abort';
  /** The call to stop. */
  id: number;
  /** Why: its time limit passed, or the caller gave up. */
  reason: 'timeout' | 'aborted';
}

/** Start the toolbox's warm-up (`ToolBox.warmUp`) in the background: provider → runtime. */
export interface WarmUpMessage {
  /** Message kind. */
  t: 'warm-up';
}

/**
 * End this toolbox in its runtime: close its `ToolBox` and forget it (provider → runtime), once its load or warm-up
 * has ended (bounded); the runtime then answers `released`. Sent before a worker is ended cleanly (a worker of its
 * own, or the last toolbox of a shared one), so no worker is terminated while a module import is in flight.
 */
export interface ReleaseMessage {
  /** Message kind. */
  t: 'release';
}

/** What a shared worker's runtime (`workerData` {@link SharedWorkerData}) receives: a message for one of its toolboxes. */
export interface SlotMessage<T> {
  /** Message kind. */
  t: 'slot';
  /** The toolbox's slot in the shared worker, chosen by the provider. */
  s: number;
  /** The message for (or, coming back, from) that toolbox. */
  m: T;
}

/** The `workerData` of a worker shared by several toolboxes; each toolbox's `init` then arrives in a {@link SlotMessage}. */
export interface SharedWorkerData {
  /** Marks a shared worker. */
  t: 'shared';
}

/** The provider's answer to a `chat` request: provider → runtime. */
export type ChatResultMessage =
  | {
      /** Message kind. */
      t: 'chat-result';
      /** The `chat` request answered. */
      id: number;
      /** The brain answered. */
      ok: true;
      /** Its reply. */
      content: string;
    }
  | {
      /** Message kind. */
      t: 'chat-result';
      /** The `chat` request answered. */
      id: number;
      /** The brain failed, or there is none. */
      ok: false;
      /** Why. */
      error: string;
    };

/** Provider → runtime. */
export type ToHost = HostInit | CallMessage | AbortMessage | WarmUpMessage | ReleaseMessage | ChatResultMessage;

/** Runtime → provider. */
export type FromHost =
  | {
      /** The toolbox is closed after a `release`, and nothing of it is importing: its worker may be ended. */
      t: 'released';
    }
  | {
      /** The toolbox loaded: message kind. */
      t: 'ready';
      /** Its id. */
      toolboxId: string;
      /** Its tools, as plain data. */
      tools: ToolDescriptor[];
    }
  | {
      /** The toolbox did not load: message kind. */
      t: 'failed';
      /** Where it failed: `import`, `construct`, `discover`, `contract`. */
      phase: string;
      /** What went wrong. */
      error: string;
    }
  | {
      /** A call ended: message kind. */
      t: 'result';
      /** The call's id. */
      id: number;
      /** Its outcome. */
      outcome: CallOutcome;
    }
  | {
      /** A call reported progress: message kind. */
      t: 'progress';
      /** The call's id. */
      id: number;
      /** The report. */
      progress: ToolProgress;
    }
  | {
      /** A log line of the toolbox: message kind. */
      t: 'log';
      /** Its level. */
      level: Exclude<LogLevel, 'silent'>;
      /** Its text (the provider escapes control characters when it writes it). */
      message: string;
    }
  | {
      /** The toolbox asks the provider's brain: message kind. */
      t: 'chat';
      /** The request's id; the `chat-result` carries it back. */
      id: number;
      /** The conversation, oldest first. */
      messages: Array<{ role: string; content: string }>;
    };

/** True when `value` looks like a {@link FromHost} message (garbage from a broken channel is reported, not trusted). */
export function isFromHost(value: unknown): value is FromHost {
  if (value === null || typeof value !== 'object') return false;
  const t = (value as { t?: unknown }).t;
  return t === 'ready' || t === 'failed' || t === 'result' || t === 'progress' || t === 'log' || t === 'chat' || t === 'released';
}
