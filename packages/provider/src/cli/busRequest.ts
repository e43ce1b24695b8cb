import { Message, Topics, type JsonObject } from '@ovos-tools/core';
import { isMessageBusReachable, MessageBusClient } from '@ovos-tools/messagebus';
import { CliError, ExitCode } from './CliError.js';
import { resolveBusUrl } from './resolveBusUrl.js';

/** How long a client command waits for its answer when `--timeout` is not given, ms. */
export const DEFAULT_WAIT_MS = 10_000;
/** How long a client command waits for the messagebus's websocket handshake (whatever `--timeout` says), ms. */
export const BUS_REACH_WAIT_MS = 3000;
/**
 * How long a client command waits for a provider's first answer on a bus that is up, ms: a provider answers a probe
 * (`ovos.tools.list`, `ovos.tools.get`) at once, so a longer silence means none serves that bus.
 */
export const PRESENCE_WAIT_MS = 3000;

/** A new context for a request the CLI sends (as an OVOS client would stamp it; the bus adds its request id). */
export function cliContext(): JsonObject {
  return { source: 'ovos-tools-cli', destination: 'ovos-tools' };
}

/** Options every client command accepts. */
export interface ClientOptions {
  /** The messagebus URL; default `$OVOS_TOOLS_BUS_URL`, then mycroft.conf, then `ws://127.0.0.1:8181/core`. */
  busUrl?: string;
  /** How long to wait for the answer, in ms, as typed on the command line; absent: the command's default. */
  timeout?: string;
  /** Print the raw JSON answer instead of the human-readable form. */
  json?: boolean;
}

/** Sends one request on an open connection and resolves with the response data, or `undefined` after `waitMs`. */
export type Ask = (type: string, data: JsonObject, waitMs: number) => Promise<JsonObject | undefined>;

/**
 * The `--timeout` value in ms, or `undefined` when it was not given.
 * @throws {@link CliError} `usage` when it is not a positive number.
 */
export function timeoutOption(options: ClientOptions): number | undefined {
  if (options.timeout === undefined) return undefined;
  const ms = Number(options.timeout);
  if (!Number.isFinite(ms) || ms <= 0) throw new CliError(`--timeout must be a positive number of milliseconds, got "${options.timeout}"`, ExitCode.usage);
  return ms;
}

/**
 * Connects to the messagebus, runs `session` with a function that sends requests as an OVOS client would
 * (`wait_for_response`, correlated by `context.request_id`), and closes the connection.
 * @throws {@link CliError} `unavailable` when no bus answers at the URL.
 */
export async function withBus<T>(options: ClientOptions, session: (ask: Ask, url: string, client: MessageBusClient) => Promise<T>): Promise<T> {
  const url = resolveBusUrl(options.busUrl);
  // whether a bus is there is its own wait: --timeout is how long the answer may take, not the connection
  if (!(await isMessageBusReachable(url, BUS_REACH_WAIT_MS))) {
    throw new CliError(
      `no messagebus answers at ${url} (no websocket handshake within ${BUS_REACH_WAIT_MS} ms); start one with \`ovos-tools serve\`, or pass --bus-url or set OVOS_TOOLS_BUS_URL`,
      ExitCode.unavailable,
    );
  }
  const client = new MessageBusClient({ url, reconnect: false });
  try {
    await client.connect();
    const ask: Ask = async (type, data, waitMs) =>
      (await client.waitForResponse(new Message(type, data, cliContext()), undefined, waitMs))?.data;
    return await session(ask, url, client);
  } finally {
    await client.close();
  }
}

/**
 * Sends one request over the messagebus and returns the response data, waiting `--timeout` ms, else `defaultWaitMs`.
 * @throws {@link CliError} `unavailable` when no bus answers at the URL or no response arrives in time.
 */
export async function busRequest(type: string, data: JsonObject, options: ClientOptions, defaultWaitMs: number = DEFAULT_WAIT_MS): Promise<JsonObject> {
  const waitMs = timeoutOption(options) ?? defaultWaitMs;
  return withBus(options, async (ask, url) => {
    // a wait longer than a provider's first answer takes: first make sure one is there, so none is said in 3 s
    if (waitMs > PRESENCE_WAIT_MS) await expectProvider(ask, url, Topics.toolsList, { summary: true });
    const reply = await ask(type, data, waitMs);
    if (!reply) {
      const wait = options.timeout === undefined ? `the default wait of ${defaultWaitMs} ms` : `--timeout ${waitMs} ms`;
      throw new CliError(`no answer to ${type} within ${waitMs} ms (${wait} ran out; the messagebus is up); is \`ovos-tools serve\` running on ${url}?`, ExitCode.unavailable);
    }
    return reply;
  });
}

/**
 * Sends a cheap request a serving provider answers at once and returns its answer.
 * @throws {@link CliError} `unavailable`: `no provider answered on <url> within 3 s` when none comes within
 *   {@link PRESENCE_WAIT_MS} (the bus is up, but no provider serves it).
 */
export async function expectProvider(ask: Ask, url: string, type: string, data: JsonObject): Promise<JsonObject> {
  const answer = await ask(type, data, PRESENCE_WAIT_MS);
  if (answer) return answer;
  throw new CliError(
    `no provider answered on ${url} within ${PRESENCE_WAIT_MS / 1000} s (the messagebus is up, but nothing answered ${type}); ` +
      'start one with `ovos-tools serve`, or pass the --bus-url of the bus a provider serves',
    ExitCode.unavailable,
  );
}

/** Prints an error response to stderr and throws the matching CliError when `data.error` is set. */
export function failOnError(data: JsonObject): void {
  if (typeof data.error === 'string') throw new CliError(data.code ? `${data.error} [${String(data.code)}]` : data.error, ExitCode.errorResponse);
}
