import { createLogger, type Logger } from '@ovos-tools/core';
import { loadMessageBusConfig } from '../config/loadMessageBusConfig.js';
import { MessageBusServer } from '../server/MessageBusServer.js';
import { parseServerArgs, SERVER_USAGE, UsageError } from './parseServerArgs.js';

/**
 * Runs the `ovos-messagebus` command: reads mycroft.conf (or `--config` files), parses `argv`, starts a
 * {@link MessageBusServer}, prints its URL on stdout, and closes it on SIGINT/SIGTERM.
 *
 * @returns the process exit code: 0 after a clean shutdown or `--help`, 2 for a usage error, 1 when the
 *   server cannot start (e.g. the port is in use).
 */
export async function runServerCli(argv: readonly string[], logger: Logger = createLogger('ovos-messagebus')): Promise<number> {
  const config = loadMessageBusConfig({ paths: extractConfigPaths(argv), logger });
  let command;
  try {
    command = parseServerArgs(argv, config);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`ovos-messagebus: ${err.message}\n\n${SERVER_USAGE}`);
    return 2;
  }
  if (command.help) {
    process.stdout.write(SERVER_USAGE);
    return 0;
  }
  if (config.ssl) logger.warn('websocket.ssl is set, but this server speaks plain ws://; put a TLS proxy in front of it');
  const server = new MessageBusServer({ ...command.options, logger });
  // Handlers go in before the URL is printed: whoever reads the URL may signal us at once.
  let onSignal: (signal: NodeJS.Signals) => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    onSignal = (signal) => {
      logger.info(`${signal} received, shutting down`);
      resolve();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
  try {
    await server.start();
  } catch (err) {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.stderr.write(`ovos-messagebus: cannot listen on ${command.options.host}:${command.options.port}: ${(err as Error).message}\n`);
    return 1;
  }
  process.stdout.write(`${server.url}\n`);
  await stopped;
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  await server.close();
  return 0;
}

function extractConfigPaths(argv: readonly string[]): string[] | undefined {
  const paths: string[] = [];
  argv.forEach((arg, i) => {
    if (arg === '--config' && argv[i + 1] !== undefined) paths.push(argv[i + 1]!);
    else if (arg.startsWith('--config=')) paths.push(arg.slice('--config='.length));
  });
  return paths.length ? paths : undefined;
}
