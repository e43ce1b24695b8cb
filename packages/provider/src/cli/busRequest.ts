import { Message, type JsonObject } from '@ovos-tools/core';
import { isMessageBusReachable, MessageBusClient } from '@ovos-tools/messagebus';
import { CliError, ExitCode } from './CliError.js';
import { askProvider, type Ask } from './providerPresence.js';
import { resolveBusUrl } from './resolveBusUrl.js';

/** How long a client command waits for its answer when `--timeout` is not given, ms. */
export const DEFAULT_WAIT_MS = 10_000;
/** How long a client command waits for the messagebus's websocket handshake (whatever `--timeout` says), ms. */
export const BUS_REACH_WAIT_MS = 3000;

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
  // it answers nothing and reads only the answers it asked for, however big (a list of thousands of tools)
  const client = new MessageBusClient({ url, reconnect: false, frameLimits: { maxValues: Infinity, maxObjectKeys: Infinity } });
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
 * @throws {@link CliError} `unavailable` when no bus answers at the URL, no provider answers on it (within 3 s), or no
 *   response arrives in time.
 */
export async function busRequest(type: string, data: JsonObject, options: ClientOptions, defaultWaitMs: number = DEFAULT_WAIT_MS): Promise<JsonObject> {
  const waitMs = timeoutOption(options) ?? defaultWaitMs;
  return withBus(options, async (ask, url) => {
    // a bus without a provider is said within 3 s, not after the whole wait
    const reply = await askProvider(ask, url, type, data, waitMs);
    if (!reply) {
      const wait = options.timeout === undefined ? `the default wait of ${defaultWaitMs} ms` : `--timeout ${waitMs} ms`;
      throw new CliError(`no answer to ${type} within ${waitMs} ms (${wait} ran out; the messagebus is up); is \`ovos-tools serve\` running on ${url}?`, ExitCode.unavailable);
    }
    return reply;
  });
}

/** Prints an error response to stderr and throws the matching CliError when `data.error` is set. */
export function failOnError(data: JsonObject): void {
  if (typeof data.error === 'string') throw new CliError(data.code ? `${data.error} [${String(data.code)}]` : data.error, ExitCode.errorResponse);
}
