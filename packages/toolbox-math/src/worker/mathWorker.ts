/**
 * Entry point of the math worker thread: loads the expression engine (mathjs + nerdamer), announces
 * `ready`, then answers `{id, request}` messages one at a time. The host bounds its time (timeouts
 * terminate it) and memory (`resourceLimits`).
 */
import { parentPort } from 'node:worker_threads';
import { handleRequest } from './handleRequest.js';
import type { WorkerMessage, WorkerRequest } from './protocol.js';

const port = parentPort;
if (port) {
  port.on('message', (msg: { id: number; request: WorkerRequest }) => {
    const reply = handleRequest(msg.request);
    port.postMessage({ type: 'reply', id: msg.id, reply } satisfies WorkerMessage);
  });
  port.postMessage({ type: 'ready' } satisfies WorkerMessage);
}
