import { Topics, type JsonObject } from '@ovos-tools/core';
import { CliError, ExitCode } from './CliError.js';

/** Sends one request on an open connection and resolves with the response data, or `undefined` after `waitMs`. */
export type Ask = (type: string, data: JsonObject, waitMs: number) => Promise<JsonObject | undefined>;

/**
 * How long a client command waits for a sign of a provider on a bus that is up, ms: a provider answers the presence
 * probes at once, so a longer silence means none serves that bus.
 */
export const PRESENCE_WAIT_MS = 3000;

/**
 * Whether a provider answers on the bus within {@link PRESENCE_WAIT_MS}. Two probes go out together, and either
 * answer counts: `ovos.tools.list` (every provider answers it, OVOS's ovos-PHAL-plugin-tools too; ovos-tools once its
 * first load is done) and `ovos.tools.result.get` without a handle (ovos-tools answers it at once, with an error,
 * even while its toolboxes still load).
 */
export function providerAnswers(ask: Ask): Promise<boolean> {
  const probes: Array<[string, JsonObject]> = [
    [Topics.toolsList, { summary: true }],
    [Topics.toolsResultGet, {}],
  ];
  return new Promise((resolve) => {
    let pending = probes.length;
    for (const [type, data] of probes) {
      void ask(type, data, PRESENCE_WAIT_MS).then((answer) => {
        if (answer) resolve(true);
        else if (--pending === 0) resolve(false);
      });
    }
  });
}

/**
 * Sends a request and waits `waitMs` for its answer, but no longer than {@link PRESENCE_WAIT_MS} when no provider is
 * there at all ({@link providerAnswers}).
 * @returns the answer, or `undefined` when a provider is there but this request's wait ran out.
 * @throws {@link CliError} `unavailable`: `no provider answered on <url> within 3 s`.
 */
export async function askProvider(ask: Ask, url: string, type: string, data: JsonObject, waitMs: number): Promise<JsonObject | undefined> {
  const answer = ask(type, data, waitMs);
  if (waitMs <= PRESENCE_WAIT_MS) return answer;
  const first = await Promise.race([answer.then((reply) => ({ reply })), providerAnswers(ask).then((present) => ({ present }))]);
  if ('reply' in first && first.reply) return first.reply;
  if ('present' in first && !first.present) throw noProvider(url);
  return answer;
}

/** The error of a bus on which no provider answers. */
function noProvider(url: string): CliError {
  return new CliError(
    `no provider answered on ${url} within ${PRESENCE_WAIT_MS / 1000} s (the messagebus is up, but no ovos.tools request was answered); ` +
      'start one with `ovos-tools serve`, or pass the --bus-url of the bus a provider serves',
    ExitCode.unavailable,
  );
}
