/**
 * The toolbox host runtime: the entry module of a toolbox's worker thread or child process. It loads its toolbox
 * (plain `import()`: the thread or process has its own module cache, freed when it ends), announces its tools, and
 * answers calls over the channel until it is terminated (`ToolboxRuntime`). A worker started with `workerData`
 * `{t: 'shared'}` holds several toolboxes, one `ToolboxRuntime` per slot, each message wrapped as
 * `{t: 'slot', s, m}` both ways (`../WorkerGroup.ts`). Protocol: `../protocol.ts`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { batchingPoster, forEachMessage } from '../batching.js';
import type { FromHost, HostInit, SlotMessage, ToHost } from '../protocol.js';
import { ToolboxRuntime } from './ToolboxRuntime.js';

/** Posts to the provider; messages of one turn cross together (`../batching.ts`). */
const post = batchingPoster<FromHost | SlotMessage<FromHost>>(
  parentPort
    ? (m) => parentPort!.postMessage(m)
    : (m) => {
        process.send?.(m);
      },
);

function onMessage(handler: (message: unknown) => void): void {
  const each = (raw: unknown) => forEachMessage(raw, handler);
  if (parentPort) parentPort.on('message', each);
  else process.on('message', each);
}

if (parentPort && (workerData as { t?: unknown } | undefined)?.t === 'shared') {
  const slots = new Map<number, ToolboxRuntime>();
  onMessage((raw) => {
    const { s, m } = raw as SlotMessage<ToHost>;
    if ((raw as { t?: unknown }).t !== 'slot' || typeof s !== 'number' || !m) return;
    let runtime = slots.get(s);
    if (!runtime) {
      if (m.t !== 'init') return;
      runtime = new ToolboxRuntime((message, unsent) => post({ t: 'slot', s, m: message }, unsent));
      slots.set(s, runtime);
    }
    if (m.t === 'release') slots.delete(s);
    runtime.handle(m);
  });
} else {
  const runtime = new ToolboxRuntime(post);
  onMessage((m) => runtime.handle(m as ToHost));
  if (parentPort && workerData) runtime.handle(workerData as HostInit);
  // a process whose provider went away exits instead of lingering as an orphan
  if (!parentPort) process.on('disconnect', () => process.exit(0));
}
