/**
 * Entry of the `search_in_files` worker thread (started by {@link SearchWorkerPool}): answers each
 * {@link SearchJobMessage} with a {@link SearchReplyMessage}, one job at a time as the pool sends them.
 * The pool terminates this thread when a search runs out of time, so a catastrophic regex never blocks
 * the main thread.
 * @module
 */
import { parentPort } from 'node:worker_threads';
import type { SearchJobMessage, SearchReplyMessage } from './protocol.js';
import { runSearch } from './runSearch.js';

const port = parentPort;
if (!port) throw new Error('searchWorker.js must run as a worker thread');

port.on('message', (msg: SearchJobMessage) => {
  runSearch(msg.request).then(
    (report) => port.postMessage({ id: msg.id, ok: true, report } satisfies SearchReplyMessage),
    (err: unknown) => port.postMessage({ id: msg.id, ok: false, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) } satisfies SearchReplyMessage),
  );
});
