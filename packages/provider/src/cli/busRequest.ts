import { Message, type JsonObject } from '@ovos-tools/core';
import { isMessageBusReachable, MessageBusClient } from '@ovos-tools/messagebus';
import { CliError, ExitCode } from './CliError.js';
import { resolveBusUrl } from './resolveBusUrl.js';

/** Options every client command accepts. */
export interface ClientOptions {
  /** The messagebus URL; default `$OVOS_TOOLS_BUS_URL`, then mycroft.conf, then `ws://127.0.0.1:8181/core`. */
  busUrl?: string;
  /** How long to wait for the answer, in ms, as typed on the command line. */
  timeout: string;
  /** Print the raw JSON answer instead of the human-readable form. */
  json?: boolean;
}


/**
 * Sends one request over the messagebus and returns the response data, as an OVOS client would
 * (`wait_for_response`), correlated by `context.request_id`.
 * @throws {@link CliError} `unavailable` when no bus answers at the URL or no response arrives in time.
 */
export async function busRequest(type: string, data: JsonObject, options: ClientOptions): Promise<JsonObject> {
  const url = resolveBusUrl(options.busUrl);
  const timeoutMs = Number(options.timeout);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new CliError(`--timeout must be a positive number of milliseconds, got "${options.timeout}"`, ExitCode.usage);
  if (!(await isMessageBusReachable(url, Math.min(timeoutMs, 3000)))) {
    throw new CliError(`no messagebus answers at ${url}; start one with \`ovos-tools serve\`, or pass --bus-url or set OVOS_TOOLS_BUS_URL`, ExitCode.unavailable);
  }
  const client = new MessageBusClient({ url, reconnect: false });
  try {
    await client.connect();
    const reply = await client.waitForResponse(new Message(type, data, { source: 'ovos-tools-cli', destination: 'ovos-tools' }), undefined, timeoutMs);
    if (!reply) throw new CliError(`no answer to ${type} within ${timeoutMs} ms; is \`ovos-tools serve\` running on ${url}?`, ExitCode.unavailable);
    return reply.data;
  } finally {
    await client.close();
  }
}

/** Prints an error response to stderr and throws the matching CliError when `data.error` is set. */
export function failOnError(data: JsonObject): void {
  if (typeof data.error === 'string') throw new CliError(data.code ? `${data.error} [${String(data.code)}]` : data.error, ExitCode.errorResponse);
}
