// The search worker's second embedding thread (issue 42's cold start): started by the search worker when many tool
// texts wait for the model and the machine has a core and memory to spare, it loads the same ranker and embeds tool
// texts from the back of each job's shared list while the search worker takes them from the front
// (`claimTexts.ts`): neither waits for the other between batches. Nothing else: no requests, no cache file. The
// search worker ends it as soon as no texts wait.
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { SearchRanker, TextEmbedder } from '@ovos-tools/core';
import { errorMessage } from '@ovos-tools/core/node';
import { claimBack } from './claimTexts.js';
import type { EmbedHelperInit, FromEmbedHelper, ToEmbedHelper } from './semanticProtocol.js';

const init = workerData as EmbedHelperInit;
const port = parentPort!;
const post = (m: FromEmbedHelper): void => port.postMessage(m);
const embedder = load();
embedder.then(
  () => post({ ready: true }),
  (err: unknown) => post({ error: errorMessage(err) }),
);
let queue = Promise.resolve();
port.on('message', (m: ToEmbedHelper) => {
  queue = queue.then(() => help(m));
});

async function load(): Promise<TextEmbedder> {
  const mod = (await import(pathToFileURL(init.modulePath).href)) as Record<string, unknown>;
  // the search worker checked this export before starting the helper
  return (mod[init.exportName] as SearchRanker).load(init.backend ? { backend: init.backend } : {});
}

async function help(job: ToEmbedHelper): Promise<void> {
  const claims = new BigInt64Array(job.claims);
  try {
    const e = await embedder;
    for (let taken = claimBack(claims, job.batch); taken; taken = claimBack(claims, job.batch)) {
      const [from, to] = taken;
      post({ id: job.id, from, vectors: await e.embed(job.texts.slice(from, to)) });
    }
    post({ id: job.id, done: true });
  } catch (err) {
    post({ id: job.id, error: errorMessage(err) });
  }
}
