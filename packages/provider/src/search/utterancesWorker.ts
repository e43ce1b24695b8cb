import { parentPort, workerData } from 'node:worker_threads';
import { readLocaleUtterances } from './localeUtterances.js';
import { requestWords } from './utteranceClaims.js';

/**
 * The worker `readUtterancesOffThread` starts: reads the `locale` folder of every package folder in `workerData.dirs`
 * (`readLocaleUtterances`: safe, bounded) and posts one `{dir, byTool, words, problems}` per folder, as plain arrays
 * (`words`: each request's content words, `requestWords`, so the claims cost the provider's thread no stemming).
 */
const dirs = (workerData as { dirs: string[] }).dirs;
for (const dir of dirs) {
  const found = readLocaleUtterances(dir);
  const words = new Map<string, readonly string[]>();
  for (const lines of found.byTool.values()) for (const line of lines) if (!words.has(line)) words.set(line, requestWords(line));
  parentPort!.postMessage({ dir, byTool: [...found.byTool].map(([tool, lines]) => [tool, [...lines]]), words: [...words], problems: found.problems });
}
parentPort!.postMessage({ done: true });
