/**
 * The toolbox host runtime: the entry module of a toolbox's worker thread or child process. It loads one
 * toolbox (plain `import()`: the thread or process has its own module cache, freed when it ends), announces
 * its tools, and answers calls over the channel until it is terminated. Protocol: `../protocol.ts`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LazyAbortController, type ChatEngine, type ChatMessage, type Logger, type LogLevel } from '@ovos-tools/core';
import type { ToolBoxLike } from '@ovos-tools/core/testing';
import { loadToolbox, errorText } from '../../loading/loadToolbox.js';
import { ToolboxLoadError } from '../../loading/ToolboxLoadError.js';
import { toDescriptor } from '../descriptors.js';
import { batchingPoster, forEachMessage } from '../batching.js';
import type { FromHost, HostInit, ToHost } from '../protocol.js';
import { callToolOptions } from '../callToolOptions.js';
import { toolCallOutcome } from '../toolCallOutcome.js';
import { wakeSpinner } from '../wakeSpin.js';
import { warmUpToolbox } from '../warmUpToolbox.js';
import { wireErrors } from '../../errors/wireErrors.js';

/** Posts to the provider; messages of one turn cross together (`../batching.ts`). */
const send = batchingPoster<FromHost>(
  parentPort
    ? (m) => parentPort!.postMessage(m)
    : (m) => {
        process.send?.(m);
      },
);

function onMessage(handler: (message: ToHost) => void): void {
  const each = (raw: unknown) => forEachMessage(raw, (m) => handler(m as ToHost));
  if (parentPort) parentPort.on('message', each);
  else process.on('message', each);
}

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function channelLogger(level: LogLevel): Logger {
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

const pendingChats = new Map<number, { resolve: (v: { content: string }) => void; reject: (e: Error) => void }>();
let chatIds = 0;

/** A chat engine that asks the provider's brain over the channel. */
const brainProxy: ChatEngine = {
  continueChat(messages: ChatMessage[], options) {
    return new Promise((resolve, reject) => {
      if (options?.signal?.aborted) return reject(new Error('chat aborted'));
      const id = ++chatIds;
      pendingChats.set(id, { resolve, reject });
      options?.signal?.addEventListener('abort', () => {
        if (pendingChats.delete(id)) reject(new Error('chat aborted'));
      });
      send({ t: 'chat', id, messages: messages.map((m) => ({ role: m.role, content: m.content })) });
    });
  },
};

const calls = new Map<number, LazyAbortController>();
let instance: ToolBoxLike | undefined;
/** The toolbox's logger over the channel (set at init). */
let runtimeLogger: Logger | undefined;
/** After answering a lone call, keeps this runtime's loop polling for the next call a short while (`spin_wait_ms`; set at init). */
let awaitNextCall: () => void = () => undefined;

async function start(init: HostInit): Promise<void> {
  awaitNextCall = wakeSpinner(init.spinWaitMs);
  const logger = channelLogger(init.logLevel);
  runtimeLogger = logger;
  try {
    instance = await loadToolbox(init, {
      config: init.config,
      brain: init.hasBrain ? brainProxy : null,
      logger,
      importModule: (p) => import(p) as Promise<Record<string, unknown>>,
      importTimeoutMs: 2 ** 31 - 1, // the provider times the handshake
      pluginRoots: init.pluginRoots,
      protectedPaths: init.protectedPaths,
    });
  } catch (err) {
    const phase = err instanceof ToolboxLoadError ? err.phase : 'import';
    send({ t: 'failed', phase, error: err instanceof ToolboxLoadError ? err.message : errorText(err) });
    return;
  }
  send({ t: 'ready', toolboxId: instance.toolboxId, tools: [...instance.tools.values()].map(toDescriptor) });
}

function handle(message: ToHost): void {
  switch (message.t) {
    case 'init':
      void start(message);
      return;
    case 'call': {
      const controller = new LazyAbortController(); // a signal only if the tool reads ctx.signal
      calls.set(message.id, controller);
      const id = message.id;
      const onProgress = message.progress ? (progress: { progress: number; total?: number; message?: string }) => send({ t: 'progress', id, progress }) : undefined;
      void toolCallOutcome(instance!, message.name, message.args, callToolOptions(controller, message.context, onProgress)).then((outcome) => {
        calls.delete(id);
        send({ t: 'result', id, outcome }, (err) =>
          send({ t: 'result', id, outcome: { ok: false, error: wireErrors.resultNotSendable(message.name, errorText(err)) } }),
        );
        if (message.lone) awaitNextCall();
      });
      return;
    }
    case 'warm-up':
      if (instance && runtimeLogger) void warmUpToolbox(instance, runtimeLogger);
      return;
    case 'abort':
      calls.get(message.id)?.abort(new Error(message.reason === 'timeout' ? 'the call timed out' : 'the caller aborted the call'));
      return;
    case 'chat-result': {
      const pending = pendingChats.get(message.id);
      if (!pending) return;
      pendingChats.delete(message.id);
      if (message.ok) pending.resolve({ content: message.content });
      else pending.reject(new Error(message.error));
      return;
    }
  }
}

onMessage(handle);
if (parentPort && workerData) handle(workerData as HostInit);
// a process whose provider went away exits instead of lingering as an orphan
if (!parentPort) process.on('disconnect', () => process.exit(0));
