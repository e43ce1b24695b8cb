import type { Logger } from '@ovos-tools/core';

/**
 * Smallest default bound on one client's unsent data before it is disconnected: 8 MiB. The actual default is
 * this or twice the frame-size limit, whichever is larger, so a burst of maximum-size frames to a healthy client passes.
 */
export const DEFAULT_MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** Options for {@link MessageBusServer}. Every field is optional. */
export interface MessageBusServerOptions {
  /**
   * Interface to listen on; default `127.0.0.1` (loopback only). Use `0.0.0.0` to expose it (then set a secret):
   * any non-loopback address is warned about at start, loudly when no secret is set.
   */
  host?: string;
  /** TCP port; default `8181`. `0` picks a free ephemeral port (read it from {@link MessageBusServer.port}). */
  port?: number;
  /** URL path of the bus; default `/core`. Other paths get HTTP 404. */
  route?: string;
  /**
   * Largest accepted frame in MiB (OVOS `max_msg_size`); default 8 (OVOS: 25). A larger frame is refused from its
   * header, before it is read or parsed: that connection is closed with 1009 (Message Too Big) and the server logs why.
   */
  maxMsgSizeMiB?: number;
  /**
   * Extra browser origins (e.g. `http://localhost:3000`) allowed to connect, matched exactly; `*` allows any.
   * Always allowed: no `Origin` (non-browser clients) and the bus's own origin `http(s)://<Host>` (what Python
   * `websocket-client` sends). Any other origin is refused with 403. See {@link checkUpgrade}.
   */
  allowedOrigins?: readonly string[];
  /**
   * Host names, besides IP literals, `localhost` and `host`, that a client sending the bus's own origin (a browser,
   * or Python `websocket-client`) may use in the `Host` header — the DNS-rebinding guard — e.g. `mybox.lan` or a
   * Docker service name; `*` allows any. Default none. Clients without `Origin` are not checked.
   */
  allowedHosts?: readonly string[];
  /**
   * Shared secret required of every client: in the handshake (`?token=`, `Authorization: Bearer <secret>` or
   * `X-OVOS-Bus-Secret`; a wrong one gets 401) or as the first frame (`AUTH_FRAME_TYPE`; wrong, missing or late:
   * closed with 1008 and a reason). Default `$OVOS_TOOLS_BUS_SECRET`; `''` disables it.
   */
  secret?: string;
  /** How long a connection without a handshake secret has to send its auth frame, in ms; default 5000. */
  authTimeoutMs?: number;
  /**
   * Backpressure bound: a client that still has more than this many bytes unsent when the next frame is
   * relayed to it is terminated. Default: 8 MiB or twice the frame-size limit (16 MiB for 8 MiB), whichever is larger.
   */
  maxBufferedBytes?: number;
  /** Where connections, rejections and disconnects are logged; default silent. */
  logger?: Logger;
}
