import { Worker } from 'node:worker_threads';
import type { Logger } from '@ovos-tools/core';
import { batchingPoster, forEachMessage, type Unsent } from './batching.js';
import { pipeLines, RUNTIME_URL, untilReleased, workerErrorText, workerResourceLimits, type HostChannel } from './channels.js';
import type { HostInit, SharedWorkerData, SlotMessage, ToHost } from './protocol.js';

/** What a {@link WorkerGroup}'s workers are started with: the same for every toolbox of the group. */
export interface WorkerGroupOptions {
  /** The group's name (`worker_group`), shown in log lines and exit reasons. */
  name: string;
  /** Heap limit of the shared worker, MB (`memory_limit_mb` of its toolboxes). */
  memoryLimitMb: number;
  /** The worker's environment (already reduced to what the config grants its toolboxes). */
  env: Record<string, string>;
  /** Receives the worker's stdout/stderr lines (they cannot be told apart by toolbox). */
  logger: Logger;
}

interface Slot {
  id: number;
  label: string;
  listeners: Array<(message: unknown) => void>;
  exitListeners: Array<(reason: string, collateral?: boolean) => void>;
}

interface SharedWorker {
  worker: Worker;
  post: (message: SlotMessage<ToHost>, unsent?: Unsent) => void;
  slots: Map<number, Slot>;
  /** Module paths imported in this worker, by live or released toolboxes: their code stays until it ends. */
  modules: Set<string>;
  /** Being terminated (or gone): no new toolbox joins it. */
  ending: boolean;
  /** The toolbox whose channel terminated it, when one did. */
  endedFor: Slot | undefined;
  error: string | undefined;
  /** Told the slot of each `released` answer (its slot is gone by then). */
  released: Set<(slotId: number) => void>;
}

/**
 * Several toolboxes in one worker thread (`worker_group`): each gets its own {@link HostChannel}, so each still has
 * its own `IsolatedHost` (calls, time limits, restarts, health), while the thread, its V8 isolate and Node's start-up
 * cost are paid once. Messages are wrapped per toolbox as `{t: 'slot', s, m}` (`runtime/hostMain.ts`).
 *
 * What the toolboxes of one worker share, and therefore what a group is only for (toolboxes of the same trust whose
 * tools do no unbounded synchronous work on their thread): a tool that blocks the thread delays the others' calls;
 * ending a call that does not stop (`kill_grace_ms`) or a garbage message ends the worker, and the others restart
 * with it (reported as `collateral`, not counted towards `max_restarts`); passing the heap limit, an uncaught error
 * or `process.exit()` ends it for all of them and counts for each.
 *
 * A toolbox joins the group's current worker unless that worker already imported its module (a changed package on
 * reload: the worker's module cache would hand it the old code); then a new worker becomes current, and the old one
 * ends when its last toolbox is released. A worker whose last toolbox is released ends.
 */
export class WorkerGroup {
  /** Worker threads of this group alive now (diagnostics and tests). */
  liveWorkers = 0;
  private current: SharedWorker | undefined;
  private nextSlot = 0;

  constructor(private readonly options: WorkerGroupOptions) {}

  /** The group's name. */
  get name(): string {
    return this.options.name;
  }

  /** Loads the toolbox `init` describes in the group's current worker (starting one if needed) and returns its channel. */
  channel(init: HostInit): HostChannel {
    let shared = this.current;
    if (!shared || shared.ending || shared.modules.has(init.modulePath)) shared = this.current = this.spawn();
    const slot: Slot = { id: ++this.nextSlot, label: init.entryPointName, listeners: [], exitListeners: [] };
    shared.slots.set(slot.id, slot);
    shared.modules.add(init.modulePath);
    shared.post({ t: 'slot', s: slot.id, m: init });
    const worker = shared;
    return {
      post: (message, unsent) => {
        if (worker.slots.get(slot.id) === slot) worker.post({ t: 'slot', s: slot.id, m: message }, unsent);
      },
      onMessage: (listener) => void slot.listeners.push(listener),
      onExit: (listener) => void slot.exitListeners.push(listener),
      terminate: () => this.end(worker, slot),
      release: async () => {
        if (worker.slots.get(slot.id) !== slot) return;
        worker.slots.delete(slot.id);
        const send = () => worker.post({ t: 'slot', s: slot.id, m: { t: 'release' } });
        if (worker.slots.size > 0) return send();
        // the last toolbox: the worker ends once it is closed and nothing of it is importing (bounded)
        await untilReleased(worker.worker, (l) => worker.released.add((id) => id === slot.id && l({ t: 'released' })), send);
        await this.end(worker, undefined);
      },
    };
  }

  private spawn(): SharedWorker {
    const { memoryLimitMb, env, logger, name } = this.options;
    const worker = new Worker(RUNTIME_URL, {
      workerData: { t: 'shared' } satisfies SharedWorkerData,
      env,
      stdout: true,
      stderr: true,
      name: `ovos-tools ${name}`,
      resourceLimits: workerResourceLimits(memoryLimitMb),
    });
    this.liveWorkers++;
    pipeLines(worker.stdout, logger, 'stdout');
    pipeLines(worker.stderr, logger, 'stderr');
    const shared: SharedWorker = {
      worker,
      post: batchingPoster((m) => worker.postMessage(m)),
      slots: new Map(),
      modules: new Set(),
      ending: false,
      endedFor: undefined,
      error: undefined,
      released: new Set(),
    };
    worker.on('message', (raw) =>
      forEachMessage(raw, (message) => {
        const { t, s, m } = (message ?? {}) as Partial<SlotMessage<unknown>>;
        const slot = t === 'slot' && typeof s === 'number' ? shared.slots.get(s) : undefined;
        if (t === 'slot' && typeof s === 'number' && (m as { t?: unknown } | undefined)?.t === 'released') for (const l of shared.released) l(s);
        if (slot) for (const l of slot.listeners) l(m);
        else if (t !== 'slot') {
          // not the shared protocol: every toolbox of the worker hears it, and each host ends the worker for it
          for (const each of [...shared.slots.values()]) for (const l of each.listeners) l(message);
        }
      }),
    );
    worker.on('error', (err: Error & { code?: string }) => {
      shared.error = workerErrorText(err, memoryLimitMb);
    });
    worker.on('exit', (code) => {
      this.liveWorkers--;
      shared.ending = true;
      if (this.current === shared) this.current = undefined;
      const own = shared.error ?? `its worker exited with code ${code}`;
      const culprit = shared.endedFor;
      for (const slot of [...shared.slots.values()]) {
        const collateral = culprit !== undefined && slot !== culprit;
        const reason = collateral ? `the worker it shares (worker_group '${name}') was ended to stop toolbox '${culprit.label}'` : own;
        for (const l of slot.exitListeners.splice(0)) l(reason, collateral);
      }
      shared.slots.clear();
    });
    return shared;
  }

  /** Terminates `shared` (for `slot`'s sake, when given: the other toolboxes' exits are then collateral). */
  private async end(shared: SharedWorker, slot: Slot | undefined): Promise<void> {
    if (!shared.ending) {
      shared.ending = true;
      shared.endedFor = slot;
      if (this.current === shared) this.current = undefined;
    }
    await shared.worker.terminate();
  }
}
