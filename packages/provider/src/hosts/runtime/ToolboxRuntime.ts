import { LazyAbortController, type ChatEngine, type ChatMessage, type Logger, type LogLevel } from '@ovos-tools/core';
import type { ToolBoxLike } from '@ovos-tools/core/contract';
import { errorText } from '@ovos-tools/core/node';
import { loadToolbox } from '../../loading/loadToolbox.js';
import { ToolboxLoadError } from '../../loading/ToolboxLoadError.js';
import { toDescriptor } from '../descriptors.js';
import type { Unsent } from '../batching.js';
import type { FromHost, HostInit, ToHost } from '../protocol.js';
import { callToolOptions } from '../callToolOptions.js';
import { toolCallOutcome } from '../toolCallOutcome.js';
import { wakeSpinner } from '../wakeSpin.js';
import { warmUpToolbox } from '../warmUpToolbox.js';
import { wireErrors } from '../../service/wireErrors.js';

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/**
 * How long a release waits for the toolbox's load or warm-up still running (they import modules) before it closes
 * the toolbox and says `released`, ms: a worker must not be terminated while a module import is in flight (V8 aborts
 * the whole process), so the provider ends a worker only after this answer, or after its own bound.
 */
export const RELEASE_WAIT_MS = 2000;

/**
 * One toolbox inside a host runtime (a worker thread or child process; a shared worker holds several): it loads the
 * toolbox on `init`, announces its tools, runs its calls, aborts, warm-up and chat requests, and sends everything it
 * has to say through `send`. Protocol: `../protocol.ts`.
 */
export class ToolboxRuntime {
  private readonly calls = new Map<number, LazyAbortController>();
  private readonly pendingChats = new Map<number, { resolve: (v: { content: string }) => void; reject: (e: Error) => void }>();
  private chatIds = 0;
  private instance: ToolBoxLike | undefined;
  private logger: Logger | undefined;
  /** The entry-point name from `init`, for errors after the toolbox is gone. */
  private label = '';
  /** The load (`init`) and warm-up running now: a release waits for them (bounded), as they may be importing. */
  private readonly busy = new Set<Promise<unknown>>();
  /** After answering a lone call, keeps this thread's loop polling for the next call a short while (`spin_wait_ms`; set at init). */
  private awaitNextCall: () => void = () => undefined;

  /** `send` posts to the provider (messages of one turn cross together, see `../batching.ts`). */
  constructor(private readonly send: (message: FromHost, unsent?: Unsent) => void) {}

  /** Handles one message from the provider. */
  handle(message: ToHost): void {
    switch (message.t) {
      case 'init':
        this.track(this.start(message));
        return;
      case 'call':
        this.call(message);
        return;
      case 'warm-up':
        if (this.instance && this.logger) this.track(warmUpToolbox(this.instance, this.logger));
        return;
      case 'abort':
        this.calls.get(message.id)?.abort(new Error(message.reason === 'timeout' ? 'the call timed out' : 'the caller aborted the call'));
        return;
      case 'chat-result': {
        const pending = this.pendingChats.get(message.id);
        if (!pending) return;
        this.pendingChats.delete(message.id);
        if (message.ok) pending.resolve({ content: message.content });
        else pending.reject(new Error(message.error));
        return;
      }
      case 'release':
        void this.release();
        return;
    }
  }

  /**
   * Closes the toolbox (a shared worker forgets it; its code stays loaded until the worker ends), once its load or
   * warm-up has ended (at most {@link RELEASE_WAIT_MS}), then says `released`: no import of it is in flight, so its
   * worker may be ended. Never rejects.
   */
  async release(): Promise<void> {
    if (this.busy.size) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...this.busy]), new Promise((resolve) => (timer = setTimeout(resolve, RELEASE_WAIT_MS)))]);
      clearTimeout(timer);
    }
    const instance = this.instance;
    this.instance = undefined;
    try {
      await instance?.close();
    } catch {
      // closing is best effort; the provider has let go of this toolbox either way
    }
    this.send({ t: 'released' });
  }

  /** Remembers `work` (a load or warm-up) until it ends. */
  private track(work: Promise<unknown>): void {
    this.busy.add(work);
    void work.finally(() => this.busy.delete(work));
  }

  private async start(init: HostInit): Promise<void> {
    this.label = init.entryPointName;
    this.awaitNextCall = wakeSpinner(init.spinWaitMs);
    const logger = channelLogger(init.logLevel, this.send);
    this.logger = logger;
    try {
      this.instance = await loadToolbox(init, {
        config: init.config,
        brain: init.hasBrain ? this.brainProxy() : null,
        logger,
        importModule: (p) => import(p) as Promise<Record<string, unknown>>,
        importTimeoutMs: 2 ** 31 - 1, // the provider times the handshake
        pluginRoots: init.pluginRoots,
        protectedPaths: init.protectedPaths,
      });
    } catch (err) {
      const phase = err instanceof ToolboxLoadError ? err.phase : 'import';
      this.send({ t: 'failed', phase, error: err instanceof ToolboxLoadError ? err.message : errorText(err) });
      return;
    }
    this.send({ t: 'ready', toolboxId: this.instance.toolboxId, tools: [...this.instance.tools.values()].map(toDescriptor) });
  }

  private call(message: Extract<ToHost, { t: 'call' }>): void {
    const instance = this.instance;
    const { id, name } = message;
    if (!instance) {
      this.send({ t: 'result', id, outcome: { ok: false, error: wireErrors.toolboxClosed(this.label) } });
      return;
    }
    const controller = new LazyAbortController(); // a signal only if the tool reads ctx.signal
    this.calls.set(id, controller);
    const onProgress = message.progress ? (progress: { progress: number; total?: number; message?: string }) => this.send({ t: 'progress', id, progress }) : undefined;
    void toolCallOutcome(instance, name, message.args, callToolOptions(controller, message.context, onProgress)).then((outcome) => {
      this.calls.delete(id);
      this.send({ t: 'result', id, outcome }, (err) => this.send({ t: 'result', id, outcome: { ok: false, error: wireErrors.resultNotSendable(name, errorText(err)) } }));
      if (message.lone) this.awaitNextCall();
    });
  }

  /** A chat engine that asks the provider's brain over the channel. */
  private brainProxy(): ChatEngine {
    return {
      continueChat: (messages: ChatMessage[], options) =>
        new Promise((resolve, reject) => {
          if (options?.signal?.aborted) return reject(new Error('chat aborted'));
          const id = ++this.chatIds;
          this.pendingChats.set(id, { resolve, reject });
          options?.signal?.addEventListener('abort', () => {
            if (this.pendingChats.delete(id)) reject(new Error('chat aborted'));
          });
          this.send({ t: 'chat', id, messages: messages.map((m) => ({ role: m.role, content: m.content })) });
        }),
    };
  }
}

/** A logger whose lines at or above `level` cross the channel as `log` messages. */
function channelLogger(level: LogLevel, send: (message: FromHost) => void): Logger {
  const min = LEVELS[level] ?? LEVELS.info;
  const line =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (message: string, ...args: unknown[]): void => {
      if (LEVELS[lvl] < min) return;
      const extra = args.length ? ' ' + args.map(formatArg).join(' ') : '';
      send({ t: 'log', level: lvl, message: `${String(message)}${extra}` });
    };
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error'), enabled: (lvl) => LEVELS[lvl] >= min };
}

function formatArg(arg: unknown): string {
  if (arg instanceof Error) return arg.stack ?? `${arg.name}: ${arg.message}`;
  if (typeof arg === 'string') return arg;
  try {
    return JSON.stringify(arg);
  } catch {
    return String(arg);
  }
}
