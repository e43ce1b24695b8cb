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
  /**
   * Each websocket client's share of the bus, in bytes per second it may send (sustained) in frames of 64 KiB or
   * more (smaller frames are not charged); default the frame-size limit / 16 per second, at least 512 KiB/s (8 MiB
   * limit: 512 KiB/s, one maximum frame every 16 s). A client that sends more has its socket paused (nothing read
   * from it, so TCP slows it down) until its budget refills, alone, with a warning naming its address; `0` turns the
   * budget off. See {@link clientBurstBytes}. OVOS has no such limit; real OVOS traffic is far below it. Every frame
   * relayed is sent to every client, and a frame in progress on a connection holds every later frame to it: a big
   * frame costs each reader its transfer (and a plain `ws` reader tens of ms gathering it), so the share bounds how
   * often one client can do that to everyone.
   */
  clientBytesPerSecond?: number;
  /**
   * What a client may send at once after a quiet spell, in bytes; default the frame-size limit / 8, at least 1 MiB:
   * below one maximum frame, so a client's maximum frames are always spaced out (never two back to back), and a
   * reader that takes a moment to drain one is not terminated by backpressure because of someone else's burst.
   */
  clientBurstBytes?: number;
  /** Where connections, rejections and disconnects are logged; default silent. */
  logger?: Logger;
}

/**
 * The per-client byte budget the options ask for (`undefined`: off), defaults derived from the frame-size limit
 * `maxPayload` (bytes): `maxPayload / 16` bytes/s (at least 512 KiB/s), bursts of `maxPayload / 8` (at least
 * 1 MiB). With the 8 MiB default limit: a maximum frame passes at once after a quiet spell, the next one 14 s later,
 * then one every 16 s.
 * @throws RangeError for a negative or non-numeric rate or burst.
 */
export function resolveClientRate(options: MessageBusServerOptions, maxPayload: number): { bytesPerSecond: number; burstBytes: number } | undefined {
  const bytesPerSecond = options.clientBytesPerSecond ?? Math.max(maxPayload / 16, 512 * 1024);
  const burstBytes = options.clientBurstBytes ?? Math.max(maxPayload / 8, 1024 * 1024);
  if (!(bytesPerSecond >= 0)) throw new RangeError(`clientBytesPerSecond must be 0 (off) or a positive number of bytes, got ${bytesPerSecond}`);
  if (!(burstBytes > 0)) throw new RangeError(`clientBurstBytes must be a positive number of bytes, got ${burstBytes}`);
  return bytesPerSecond === 0 ? undefined : { bytesPerSecond, burstBytes };
}
