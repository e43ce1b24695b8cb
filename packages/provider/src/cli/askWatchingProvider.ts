import { Message, Topics, type JsonObject } from '@ovos-tools/core';
import type { MessageBusClient } from '@ovos-tools/messagebus';
import { CliError, ExitCode } from './CliError.js';

/** How often the provider is probed while a long answer is awaited, ms. */
export const PROBE_EVERY_MS = 1000;
/** How long one probe waits for its answer before the provider counts as stopped, ms. */
export const PROBE_WAIT_MS = 2000;
/** After the provider announced it stops, how long its answer may still come (it drains calls in flight), ms. */
export const STOPPED_GRACE_MS = 3000;

/** What {@link askWatchingProvider} sends and waits for. */
export interface WatchedRequest {
  /** The request (e.g. an `ovos.tools.invoke`). */
  request: Message;
  /** How long to wait for its answer, ms. */
  waitMs: number;
  /** What that wait is, said when it runs out, e.g. `--timeout 500 ms`. */
  why: string;
  /** Said after a wait that ran out, e.g. `leave out --timeout to wait for its time limit`. */
  hint?: string;
  /** A cheap request the provider answers at once while it serves (e.g. the tool's `ovos.tools.get`). */
  probe: () => Message;
  /** The bus URL, for messages. */
  url: string;
}

/**
 * Sends `request` and waits for its answer, while watching that the provider is still there, so a provider that
 * stopped is said within about 3 s instead of after the whole wait:
 * - the websocket closes (the bus stopped, e.g. the provider's embedded bus): said at once;
 * - the provider announces `ovos.tools.stopped`: its answer may still come while it drains, for
 *   {@link STOPPED_GRACE_MS}; then said;
 * - a probe sent every {@link PROBE_EVERY_MS} gets no answer within {@link PROBE_WAIT_MS} (a provider killed on a
 *   bus it joined): said.
 * @returns the answer's data.
 * @throws {@link CliError} `unavailable` (3) naming which of these happened, or which wait ran out.
 */
export async function askWatchingProvider(client: MessageBusClient, w: WatchedRequest): Promise<JsonObject> {
  const type = w.request.type;
  const started = Date.now();
  const cleanups: Array<() => void> = [];
  let probesAnswered = 0;
  const stopped = new Promise<never>((_, reject) => {
    const fail = (text: string) => reject(new CliError(`${text}; ${type} was not answered after ${Date.now() - started} ms (the call may or may not have run)`, ExitCode.unavailable));
    cleanups.push(client.onConnectionEvent('close', () => fail(`the messagebus connection to ${w.url} closed (the bus stopped, or the provider serving it on its embedded bus)`)));
    let announced = false;
    const onStopped = () => {
      if (announced) return;
      announced = true;
      const grace = setTimeout(() => fail('the provider announced it stopped (ovos.tools.stopped) and did not answer while it drained'), STOPPED_GRACE_MS);
      cleanups.push(() => clearTimeout(grace));
    };
    client.on(Topics.toolsStopped, onStopped);
    cleanups.push(() => client.off(Topics.toolsStopped, onStopped));
    let probing = false;
    const every = setInterval(() => {
      if (probing || announced) return;
      probing = true;
      const probe = w.probe();
      void client.waitForResponse(probe, undefined, PROBE_WAIT_MS).then((answer) => {
        probing = false;
        if (answer) probesAnswered++;
        else if (!announced) fail(`the provider stopped answering: a probe (${probe.type}) got no answer within ${PROBE_WAIT_MS} ms`);
      });
    }, PROBE_EVERY_MS);
    cleanups.push(() => clearInterval(every));
  });
  stopped.catch(() => undefined);
  try {
    const answer = await Promise.race([client.waitForResponse(w.request, undefined, w.waitMs), stopped]);
    if (!answer) {
      const alive = probesAnswered > 0 ? '; the provider still answers, so the call is still running or queued' : '';
      throw new CliError(`no answer to ${type} within ${w.waitMs} ms (the wait of ${w.why} ran out)${alive}${w.hint ? `; ${w.hint}` : ''}`, ExitCode.unavailable);
    }
    return answer.data;
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
}
