import { existsSync, lstatSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** How long the worker may read every package's `locale` folder before it is stopped, ms. */
export const UTTERANCE_READ_TIMEOUT_MS = 10_000;
/** The worker's heap limit, MiB: a package that makes reading take more is stopped, not the provider. */
const WORKER_HEAP_MB = 96;

/** What reading one package folder gave. */
export interface PackageRead {
  /** Tool name → its example requests (every language, lines expanded). */
  byTool: ReadonlyMap<string, readonly string[]>;
  /** Each request's content words (`requestWords`), computed in the worker; a request missing here is computed when needed. */
  words?: ReadonlyMap<string, readonly string[]>;
  /** Refusals and malformed lines, `locale/en/x.intent:3: …`. */
  problems: readonly string[];
  /** The reader stopped before this folder (timeout, heap limit, crash): worth reading again at the next reload. */
  unfinished?: true;
}

/**
 * Reads the `locale` folders of `dirs` in a worker thread (`readLocaleUtterances` there), never on the calling
 * thread: a package's files cost the worker, bounded by a heap limit and {@link UTTERANCE_READ_TIMEOUT_MS}. Folders
 * are read in the order given (put the trusted ones first). Resolves with every folder; one the worker did not finish
 * (timeout, heap limit, crash) has no utterances, a problem saying why and `unfinished`. A folder with no `locale`
 * entry at all is answered without the worker (no requests, no problems), and with none to read no worker starts.
 * Never rejects.
 */
export function readUtterancesOffThread(all: readonly string[], timeoutMs = UTTERANCE_READ_TIMEOUT_MS): Promise<Map<string, PackageRead>> {
  const out = new Map<string, PackageRead>();
  // a package with no `locale` entry has nothing to read: answered here (one lstat, which opens nothing), no worker
  const dirs = all.filter((dir) => hasLocaleEntry(dir) || !out.set(dir, { byTool: new Map(), problems: [] }));
  if (dirs.length === 0) return Promise.resolve(out);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (why?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      for (const dir of dirs) if (!out.has(dir)) out.set(dir, { byTool: new Map(), problems: [`locale: not read: ${why ?? 'the reader stopped'}; its example requests are not searched`], unfinished: true });
      void worker.terminate();
      resolve(out);
    };
    let worker: Worker;
    try {
      worker = new Worker(workerUrl(), { workerData: { dirs: [...dirs] }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 }, stdout: true, stderr: true });
    } catch (err) {
      for (const dir of dirs) out.set(dir, { byTool: new Map(), problems: [`locale: not read: the reader could not start: ${(err as Error).message}`], unfinished: true });
      resolve(out);
      return;
    }
    const timer = setTimeout(() => finish(`reading took longer than ${timeoutMs / 1000} s`), timeoutMs);
    worker.on('message', (m: { done?: true; dir?: string; byTool?: Array<[string, string[]]>; words?: Array<[string, string[]]>; problems?: string[] }) => {
      if (m.done) return finish();
      if (typeof m.dir === 'string') out.set(m.dir, { byTool: new Map(m.byTool ?? []), words: new Map(m.words ?? []), problems: m.problems ?? [] });
    });
    worker.on('error', (err) => finish(`the reader failed: ${err.message}`));
    worker.on('exit', (code) => finish(`the reader stopped (exit code ${code})`));
  });
}

/** Whether `dir/locale` exists as anything (`lstat`: a link or a FIFO counts, and is not followed or opened). */
function hasLocaleEntry(dir: string): boolean {
  try {
    lstatSync(path.join(dir, 'locale'));
    return true;
  } catch (err) {
    // anything but "not there" (a permission, say) is the worker's to report
    const code = (err as NodeJS.ErrnoException).code;
    return code !== 'ENOENT' && code !== 'ENOTDIR';
  }
}

/** The built worker beside this module; from the sources (tests), the built one in `dist/`. */
function workerUrl(): URL {
  const here = new URL('./utterancesWorker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return pathToFileURL(fileURLToPath(here).replace(/([\\/])src([\\/]search[\\/]utterancesWorker\.js)$/, '$1dist$2'));
}
