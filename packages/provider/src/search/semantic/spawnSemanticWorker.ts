import { Worker } from 'node:worker_threads';
import type { FromSemanticWorker, SemanticWorkerInit } from './semanticProtocol.js';

/** A search thread's V8 heap limit, MB (the model's weights live in wasm or typed-array memory, outside it). */
const WORKER_HEAP_MB = 256;

/**
 * Starts one of the search threads (`file` beside this module: the search worker, or its embedding helper) with an
 * empty environment, no exec arguments and a {@link WORKER_HEAP_MB} MB heap limit, unref'd, its stdout and stderr
 * drained. Throws when the thread cannot be created.
 */
export function startSearchThread(file: string, workerData: unknown): Worker {
  const worker = new Worker(new URL(file, import.meta.url), { workerData, env: {}, execArgv: [], stdout: true, stderr: true, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  worker.unref();
  worker.stdout.resume();
  worker.stderr.resume();
  return worker;
}

/**
 * Creates the search worker thread (`semanticWorker.js`, by {@link startSearchThread}). `onMessage` gets its
 * messages and a way to record why it is about to stop; `onExit` gets why it stopped (that record, its error, or its
 * exit code). Throws when the thread cannot be created.
 */
export function spawnSemanticWorker(init: SemanticWorkerInit, onMessage: (m: FromSemanticWorker, fatal: (reason: string) => void) => void, onExit: (reason: string) => void): Worker {
  const worker = startSearchThread('./semanticWorker.js', init);
  let reason: string | undefined;
  worker.on('message', (m: FromSemanticWorker) => onMessage(m, (r) => (reason = r)));
  worker.on('error', (err) => (reason ??= `it failed: ${err.message}`));
  worker.on('exit', (code) => onExit(reason ?? `its worker exited (code ${code})`));
  return worker;
}
