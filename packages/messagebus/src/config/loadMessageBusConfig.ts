import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { silentLogger, type Logger } from '@ovos-tools/core';
import { BUS_SECRET_ENV } from '../server/sharedSecret.js';
import { DEFAULT_MESSAGEBUS_CONFIG, normalizeRoute, type MessageBusConfig } from './MessageBusConfig.js';
import { isObject } from '@ovos-tools/core/node';

/** Options for {@link loadMessageBusConfig}. */
export interface LoadMessageBusConfigOptions {
  /**
   * The mycroft.conf files to read, lowest priority first. Default: {@link defaultMycroftConfPaths}.
   * Missing files are skipped silently.
   */
  paths?: readonly string[];
  /** Environment used to find the default paths and `$OVOS_TOOLS_BUS_SECRET`; default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Where unreadable files and invalid values are reported (as warnings); default silent. */
  logger?: Logger;
}

/**
 * The mycroft.conf files OVOS reads for the bus, lowest priority first:
 * the system file (`$MYCROFT_SYSTEM_CONFIG`, default `/etc/mycroft/mycroft.conf`), then the user file
 * `$XDG_CONFIG_HOME/mycroft/mycroft.conf` (default `~/.config/mycroft/mycroft.conf`).
 */
export function defaultMycroftConfPaths(env: NodeJS.ProcessEnv = process.env): string[] {
  const system = env.MYCROFT_SYSTEM_CONFIG || '/etc/mycroft/mycroft.conf';
  const xdg = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return [system, join(xdg, 'mycroft', 'mycroft.conf')];
}

/**
 * Reads the `websocket` section of OVOS mycroft.conf files (ovos-bus-client `load_message_bus_config`),
 * later files overriding earlier ones key by key, over the OVOS defaults
 * (`127.0.0.1`, `8181`, `/core`, `ssl: false`, `max_msg_size: 8`). The shared secret comes from
 * `websocket.shared_secret` (an ovos-tools key), overridden by the env var `OVOS_TOOLS_BUS_SECRET` when set.
 *
 * Files are JSON; whole-line `//` comments are removed first (ovos-config writes none, but users do).
 * Never throws: an unreadable or non-JSON file, or a value of the wrong type
 * (e.g. `"port": "abc"`), is logged as a warning and ignored.
 *
 * @returns `{host, port, route, ssl, maxMsgSizeMiB, secret?}`; `route` always starts with `/`.
 */
export function loadMessageBusConfig(options: LoadMessageBusConfigOptions = {}): MessageBusConfig {
  const logger = options.logger ?? silentLogger;
  const paths = options.paths ?? defaultMycroftConfPaths(options.env);
  const config: MessageBusConfig = { ...DEFAULT_MESSAGEBUS_CONFIG };
  for (const path of paths) {
    const section = readWebsocketSection(path, logger);
    if (section) applySection(config, section, path, logger);
  }
  const envSecret = (options.env ?? process.env)[BUS_SECRET_ENV];
  if (envSecret) config.secret = envSecret;
  return config;
}

function readWebsocketSection(path: string, logger: Logger): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') logger.warn(`cannot read ${path}: ${(err as Error).message}`);
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
  } catch (err) {
    logger.warn(`ignoring ${path}: not valid JSON (${(err as Error).message}); fix the file or remove it`);
    return undefined;
  }
  if (!isObject(parsed)) {
    logger.warn(`ignoring ${path}: the top level must be a JSON object`);
    return undefined;
  }
  const ws = parsed.websocket;
  if (ws === undefined) return undefined;
  if (!isObject(ws)) {
    logger.warn(`ignoring "websocket" in ${path}: it must be an object`);
    return undefined;
  }
  return ws;
}

function applySection(config: MessageBusConfig, ws: Record<string, unknown>, path: string, logger: Logger): void {
  const bad = (key: string, want: string) =>
    logger.warn(`ignoring websocket.${key} in ${path}: expected ${want}, got ${JSON.stringify(ws[key])}`);
  if (ws.host !== undefined) {
    if (typeof ws.host === 'string' && ws.host) config.host = ws.host;
    else bad('host', 'a non-empty string');
  }
  if (ws.port !== undefined) {
    if (Number.isInteger(ws.port) && (ws.port as number) >= 0 && (ws.port as number) <= 65535) config.port = ws.port as number;
    else bad('port', 'an integer 0-65535');
  }
  if (ws.route !== undefined) {
    if (typeof ws.route === 'string') config.route = normalizeRoute(ws.route);
    else bad('route', 'a string such as "/core"');
  }
  if (ws.ssl !== undefined) {
    if (typeof ws.ssl === 'boolean') config.ssl = ws.ssl;
    else bad('ssl', 'true or false');
  }
  if (ws.shared_secret !== undefined) {
    if (typeof ws.shared_secret === 'string' && ws.shared_secret) config.secret = ws.shared_secret;
    else bad('shared_secret', 'a non-empty string');
  }
  if (ws.max_msg_size !== undefined) {
    if (typeof ws.max_msg_size === 'number' && Number.isFinite(ws.max_msg_size) && ws.max_msg_size > 0) {
      config.maxMsgSizeMiB = ws.max_msg_size;
    } else bad('max_msg_size', 'a positive number of MiB');
  }
}

