import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Every process below `pid` (children, grandchildren, ...), from `ps`. */
export function descendants(pid: number): number[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const out: number[] = [];
  const pending = [pid];
  while (pending.length) {
    const parent = pending.pop()!;
    for (const [child, ppid] of rows) if (ppid === parent) out.push(child), pending.push(child);
  }
  return out;
}

/** True while `pid` runs (a zombie waiting for a parent that does not reap counts as ended). */
export function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The first process below `root` whose command line has an argument for which `matches` is true. */
export function descendantRunning(root: number, matches: (arg: string) => boolean): number | undefined {
  return descendants(root).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').some(matches);
    } catch {
      return false;
    }
  });
}

/** Resolves once `check()` is true; rejects after `timeoutMs` naming `what`. */
export async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** True when nothing listens on `port` of 127.0.0.1 (it can be bound). */
export function portFree(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const s = createServer().once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}
