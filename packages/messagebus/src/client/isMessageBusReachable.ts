import WebSocket from 'ws';

/** Options for {@link isMessageBusReachable}. */
export interface ReachabilityOptions {
  /** Shared secret for a server that requires one (sent as `Authorization: Bearer`). */
  secret?: string;
}

/**
 * True when a websocket server at `url` accepts a connection within `timeoutMs` (default 1000); false on
 * refusal, an HTTP rejection (404/401/403), an invalid URL, or timeout. Never throws. The probe connection is
 * closed at once (code 1000). Used by the provider's `--embedded-bus auto` to decide whether to start its own bus.
 */
export function isMessageBusReachable(url: string, timeoutMs = 1000, options: ReachabilityOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    let ws: WebSocket;
    try {
      ws = new WebSocket(url, {
        handshakeTimeout: timeoutMs,
        perMessageDeflate: false,
        headers: options.secret ? { Authorization: `Bearer ${options.secret}` } : {},
      });
    } catch {
      resolve(false);
      return;
    }
    let done = false;
    const finish = (ok: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(ok);
      if (ok) ws.close(1000);
      else ws.terminate();
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    ws.on('open', () => finish(true));
    ws.on('error', () => finish(false));
    ws.on('close', () => finish(false));
  });
}
