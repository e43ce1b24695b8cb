import type { ChatEngine, Logger } from '@ovos-tools/core';
import type { HostChannel } from './channels.js';
import type { HostInit } from './protocol.js';

/** Options of {@link IsolatedHost.start}. */
export interface IsolatedHostOptions {
  /** Run the toolbox in a worker thread or a child process. */
  kind: 'worker' | 'process';
  /** What the runtime needs to load the toolbox. */
  init: HostInit;
  /** Starts a fresh runtime (at start and on every restart). */
  startChannel: () => HostChannel;
  /** The toolbox's logger: runtime log lines and host events go here. */
  logger: Logger;
  /** The chat engine lent to the toolbox (`null`: chat requests are refused). */
  brain: ChatEngine | null;
  /** A runtime that has not announced its tools after this many ms is abandoned (`import_timeout_ms`). */
  handshakeTimeoutMs: number;
  /** After a call's signal fires, how long the tool has to stop before its runtime is terminated and restarted (`kill_grace_ms`). */
  killGraceMs: number;
  /** `spin_wait_ms`: how long the provider's thread polls instead of sleeping while a call is out, ms (0: off). */
  spinWaitMs: number;
  /** Crashes within {@link IsolatedHostOptions.crashWindowMs} after which the host is marked unhealthy (`max_restarts`). */
  maxRestarts: number;
  /** Window for counting crashes, ms; default 60000. */
  crashWindowMs?: number;
  /** Called with the toolbox id after each successful restart. */
  onRestart?: (toolboxId: string) => void;
}
