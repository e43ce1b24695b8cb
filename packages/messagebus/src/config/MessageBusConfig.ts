/**
 * Where a messagebus lives: the `websocket` section of an OVOS `mycroft.conf`, in TypeScript names.
 * Defaults are those of ovos-config (`{"host": "127.0.0.1", "port": 8181, "route": "/core", "ssl": false,
 * "max_msg_size": 25}`), wire spec §6.4.
 */
export interface MessageBusConfig {
  /** Host name or IP address (mycroft.conf `websocket.host`); default `127.0.0.1`. */
  host: string;
  /** TCP port (`websocket.port`); default `8181`. `0` asks a server for an ephemeral port. */
  port: number;
  /** URL path of the bus, starting with `/` (`websocket.route`); default `/core`. */
  route: string;
  /** Whether clients use `wss://` (`websocket.ssl`); default `false`. */
  ssl: boolean;
  /**
   * Largest accepted frame in MiB (`websocket.max_msg_size`); default `8` (OVOS's own is 25: a frame that large keeps
   * every reader busy parsing it for seconds, so a larger limit is the operator's choice).
   */
  maxMsgSizeMiB: number;
  /**
   * Shared secret of the bus (not an OVOS key: `websocket.shared_secret`, overridden by `$OVOS_TOOLS_BUS_SECRET`);
   * absent by default. Unrelated to OVOS's deprecated `websocket.secret_key` (AES frame encryption).
   */
  secret?: string;
}

/** The OVOS defaults for {@link MessageBusConfig} (ovos-config `websocket` section), but a frame limit of 8 MiB (OVOS: 25). */
export const DEFAULT_MESSAGEBUS_CONFIG: Readonly<MessageBusConfig> = Object.freeze({
  host: '127.0.0.1',
  port: 8181,
  route: '/core',
  ssl: false,
  maxMsgSizeMiB: 8,
});

/** Returns `route` with exactly one leading `/` (`core` → `/core`, `` → `/`). */
export function normalizeRoute(route: string): string {
  return route.startsWith('/') ? route : `/${route}`;
}

/**
 * The websocket URL of a bus, built like ovos-bus-client: `ws(s)://<host>:<port><route>`.
 * IPv6 literal hosts are put in brackets (`::1` → `ws://[::1]:8181/core`); a route without a leading `/` gets one.
 *
 * @param config - host, port, route and ssl; missing fields take the OVOS defaults.
 * @returns e.g. `ws://127.0.0.1:8181/core`.
 */
export function busUrl(config: Partial<Pick<MessageBusConfig, 'host' | 'port' | 'route' | 'ssl'>> = {}): string {
  const host = config.host ?? DEFAULT_MESSAGEBUS_CONFIG.host;
  const port = config.port ?? DEFAULT_MESSAGEBUS_CONFIG.port;
  const route = normalizeRoute(config.route ?? DEFAULT_MESSAGEBUS_CONFIG.route);
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `${config.ssl ? 'wss' : 'ws'}://${hostPart}:${port}${route}`;
}
