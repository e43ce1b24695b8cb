import type { CallOutcome, JsonObject, LogLevel, ToolDescriptor, ToolProgress } from '@ovos-tools/core';

/**
 * The messages between the provider and a toolbox host runtime (`runtime/hostMain.ts`) running in a worker
 * thread or a child process. One protocol for both channels; every message is structured-clone safe.
 */

/** What the runtime needs to load its toolbox; the worker's `workerData`, or the first IPC message of a process. */
export interface HostInit {
  t: 'init';
  entryPointName: string;
  packageName: string;
  /** Absolute path of the module that exports the toolbox class. */
  modulePath: string;
  exportName: string;
  /** The toolbox's own config section. */
  config: Record<string, unknown>;
  pluginRoots: string[];
  protectedPaths: string[];
  /** Lines below this level are dropped in the runtime, before they cross the channel. */
  logLevel: LogLevel;
  /** Whether the provider has a chat engine to lend (`chat` requests are answered). */
  hasBrain: boolean;
}

/** Provider → runtime. */
export type ToHost =
  | HostInit
  | { t: 'call'; id: number; name: string; args: unknown; context: JsonObject; progress: boolean }
  | { t: 'abort'; id: number; reason: 'timeout' | 'aborted' }
  | { t: 'chat-result'; id: number; ok: true; content: string }
  | { t: 'chat-result'; id: number; ok: false; error: string };

/** Runtime → provider. */
export type FromHost =
  | { t: 'ready'; toolboxId: string; tools: ToolDescriptor[] }
  | { t: 'failed'; phase: string; error: string }
  | { t: 'result'; id: number; outcome: CallOutcome }
  | { t: 'progress'; id: number; progress: ToolProgress }
  | { t: 'log'; level: Exclude<LogLevel, 'silent'>; message: string }
  | { t: 'chat'; id: number; messages: Array<{ role: string; content: string }> };

/** True when `value` looks like a {@link FromHost} message (garbage from a broken channel is reported, not trusted). */
export function isFromHost(value: unknown): value is FromHost {
  if (value === null || typeof value !== 'object') return false;
  const t = (value as { t?: unknown }).t;
  return t === 'ready' || t === 'failed' || t === 'result' || t === 'progress' || t === 'log' || t === 'chat';
}
