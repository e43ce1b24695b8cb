import type { BusEndpointOptions } from '@ovos-tools/core';
import type { ReconnectOptions } from './backoff.js';

/** Options for {@link MessageBusClient}. Every field is optional. */
export interface MessageBusClientOptions extends BusEndpointOptions {
  /** Full bus URL, e.g. `ws://127.0.0.1:8181/core`. When set, host/port/route/ssl are ignored. */
  url?: string;
  /** Bus host; with port/route/ssl, any field not given comes from mycroft.conf (`loadMessageBusConfig()`). */
  host?: string;
  /** Bus port; default from mycroft.conf, else 8181. */
  port?: number;
  /** Bus route; default from mycroft.conf, else `/core`. */
  route?: string;
  /** Use `wss://`; default from mycroft.conf, else false. */
  ssl?: boolean;
  /**
   * Shared secret of a server started with one, sent as `Authorization: Bearer <secret>` on every handshake.
   * Default: `$OVOS_TOOLS_BUS_SECRET`, else `websocket.shared_secret` from mycroft.conf; `''` sends none.
   */
  secret?: string;
  /** Reconnect backoff, or `false` to never reconnect after a lost connection. */
  reconnect?: ReconnectOptions | false;
  /** Frames kept while disconnected (oldest dropped with a warning when full); default 1000. */
  maxQueue?: number;
  /** Websocket opening-handshake timeout in ms; default 5000. */
  handshakeTimeoutMs?: number;
  /**
   * Frames received larger than this many bytes are dropped unparsed (handed to the malformed-frame handlers with an
   * error naming the size) instead of keeping this process busy parsing them; default 8 MiB. The connection stays.
   */
  maxFrameBytes?: number;
}

/** The default {@link MessageBusClientOptions.maxFrameBytes}: 8 MiB. */
export const DEFAULT_MAX_FRAME_BYTES = 8 * 1024 * 1024;
