import { spawn } from 'node:child_process';
import type { Logger } from '@ovos-tools/core';

/**
 * Tells systemd the service state (`sd_notify`, e.g. `READY=1` plus a `STATUS=` line) when the process runs under a
 * `Type=notify` unit, i.e. when `$NOTIFY_SOCKET` is set; does nothing otherwise. Node cannot send on a unix
 * datagram socket without a native module, so this runs systemd's own `systemd-notify` with `--pid` of this
 * process; the unit must say `NotifyAccess=all` (see docs/ovos-tools.service). Never throws: a missing
 * `systemd-notify` or a failure is logged as a warning (systemd then times the start out, which is the
 * visible failure a unit should have).
 * @param states - assignments such as `READY=1`, `STOPPING=1`, `STATUS=serving 15 tools`.
 * @returns a promise that settles when `systemd-notify` has exited (or at once when not under systemd).
 */
export function notifySystemd(states: readonly string[], logger: Logger, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!env.NOTIFY_SOCKET) return Promise.resolve();
  const args = [`--pid=${process.pid}`];
  const rest: string[] = [];
  for (const s of states) {
    if (s === 'READY=1') args.push('--ready');
    else if (s.startsWith('STATUS=')) args.push(`--status=${s.slice('STATUS='.length)}`);
    else rest.push(s);
  }
  return new Promise((resolve) => {
    const child = spawn('systemd-notify', [...args, ...rest], { stdio: 'ignore', env });
    child.once('error', (err) => {
      logger.warn(`NOTIFY_SOCKET is set but systemd-notify could not run (${err.message}); systemd will not see the service as ready`);
      resolve();
    });
    child.once('exit', (code) => {
      if (code !== 0) logger.warn(`systemd-notify ${args.concat(rest).join(' ')} exited with ${code}`);
      resolve();
    });
  });
}
