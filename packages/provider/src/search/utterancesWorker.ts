import { parentPort, workerData } from 'node:worker_threads';
import { readLocaleUtterances } from './localeUtterances.js';

/**
 * The worker `readUtterancesOffThread` starts: reads the `locale` folder of every package folder in `workerData.dirs`
 * (`readLocaleUtterances`: safe, bounded) and posts one `{dir, byTool, problems}` per folder, as plain arrays.
 */
const dirs = (workerData as { dirs: string[] }).dirs;
for (const dir of dirs) {
  const found = readLocaleUtterances(dir);
  parentPort!.postMessage({ dir, byTool: [...found.byTool].map(([tool, lines]) => [tool, [...lines]]), problems: found.problems });
}
parentPort!.postMessage({ done: true });
