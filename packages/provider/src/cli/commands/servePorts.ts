import { createServer } from 'node:net';
import { isMessageBusReachable, loadMessageBusConfig, MessageBusServer } from '@ovos-tools/messagebus';
import type { Logger } from '@ovos-tools/core';
import { type HttpConfig } from '../../transports/http/HttpConfig.js';
import { parseListen } from '../../transports/http/parseListen.js';
import { CliError, ExitCode } from '../CliError.js';

/** Where `serve` would listen for HTTP: `--http [host:]port`, else the `http` section's `listen`; `undefined` when off. */
export function httpListenOf(config: HttpConfig | undefined, cliListen: string | undefined): { host: string; port: number } | undefined {
  if (cliListen) {
    const parsed = parseListen(cliListen);
    if (typeof parsed === 'string') throw new CliError(`--http: ${parsed}`, ExitCode.usage);
    return parsed;
  }
  return config ? { host: config.host, port: config.port } : undefined;
}

/**
 * Makes sure the HTTP API can listen at `listen` before anything slow starts (a toolbox loads in seconds; a port in
 * use is known in milliseconds): binds the address and lets it go.
 * @throws {@link CliError} `unavailable` (3) naming the port when it is in use or refused; `usage` (2) when the
 *   host is not an address of this machine.
 */
export async function ensureHttpPortFree(listen: { host: string; port: number }, flag: string): Promise<void> {
  const code = await bindError(listen.host, listen.port);
  if (code === undefined) return;
  const where = `${listen.host}:${listen.port}`;
  if (code === 'EADDRINUSE') {
    throw new CliError(
      `cannot serve the HTTP API on ${where}: port ${listen.port} is already in use by another process (an earlier ` +
        `\`ovos-tools serve\` or \`inspect\`, or another service). Pass another address, e.g. --http ${listen.host}:${listen.port === 65535 ? 7010 : listen.port + 1}, ` +
        `or stop the process holding it (find it with \`ss -ltnp 'sport = :${listen.port}'\`); nothing was started`,
      ExitCode.unavailable,
    );
  }
  if (code === 'EACCES') {
    throw new CliError(`cannot serve the HTTP API on ${where}: permission denied (ports below 1024 need privileges); pass a port of 1024 or more with ${flag}`, ExitCode.unavailable);
  }
  throw new CliError(`cannot serve the HTTP API on ${where}: ${code} (is ${listen.host} an address of this machine?); pass another address with ${flag}`, ExitCode.usage);
}

/** The error code of binding `host:port` (closed again at once), or `undefined` when it binds. */
function bindError(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(undefined)));
  });
}

/**
 * Starts the embedded messagebus at `url`.
 * @throws {@link CliError} `usage` for a URL it cannot serve; `unavailable` (3) when the port is in use, saying
 *   whether an OVOS messagebus holds it (then: drop `--embedded-bus always` to join it) or something else does.
 */
export async function startEmbeddedBus(url: string, logger: Logger): Promise<MessageBusServer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`--bus-url "${url}" is not a URL such as ws://127.0.0.1:8181/core`, ExitCode.usage);
  }
  if (parsed.protocol !== 'ws:') throw new CliError(`the embedded messagebus serves plain ws:// only; got ${url}`, ExitCode.usage);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const port = Number(parsed.port || 80);
  const busConfig = loadMessageBusConfig();
  const server = new MessageBusServer({ host, port, route: parsed.pathname || '/', maxMsgSizeMiB: busConfig.maxMsgSizeMiB, logger });
  try {
    await server.start();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw new CliError(`could not start the embedded messagebus on ${url}: ${(err as Error).message}`, ExitCode.unavailable);
    const ovos = await isMessageBusReachable(url, 1000, busConfig.secret ? { secret: busConfig.secret } : {});
    throw new CliError(ovos ? heldByMessageBus(url, host, port) : heldByOther(url, host, port), ExitCode.unavailable);
  }
  return server;
}

function heldByMessageBus(url: string, host: string, port: number): string {
  return (
    `could not start the embedded messagebus: port ${port} on ${host} is in use by an OVOS messagebus (it answers at ${url}). ` +
    `To serve on that bus, drop --embedded-bus always (or pass --embedded-bus auto or never); to run a bus of your own, ` +
    `pick another port with --bus-url / OVOS_TOOLS_BUS_URL`
  );
}

function heldByOther(url: string, host: string, port: number): string {
  return (
    `could not start the embedded messagebus: port ${port} on ${host} is already in use by another process that is not ` +
    `an OVOS messagebus at ${url} (a stale provider, or another service). Find it with \`ss -ltnp 'sport = :${port}'\` ` +
    `and stop it, or choose another port with --bus-url / OVOS_TOOLS_BUS_URL`
  );
}
