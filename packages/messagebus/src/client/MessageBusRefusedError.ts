/**
 * Why a `MessageBusClient` stopped for good: the server refused it in a way reconnecting cannot fix — HTTP 401
 * (wrong shared secret) or 403 (refused Host or Origin) at the handshake, or a close with code 1008 (missing, wrong
 * or late shared secret). `code` is `bus_refused`; `reason` is the server's own words. `ready` rejects with it.
 */
export class MessageBusRefusedError extends Error {
  readonly code = 'bus_refused';
  /** The bus URL. */
  readonly url: string;
  /** The server's reason, e.g. `HTTP 401: Wrong shared secret: …` or `closed with 1008: wrong shared secret`. */
  readonly reason: string;

  constructor(url: string, reason: string, hadSecret: boolean, secretEnv: string) {
    super(
      `messagebus ${url} refused this client (${reason}); ` +
        (hadSecret
          ? 'check that the shared secret matches the server\'s'
          : `if it requires a shared secret, pass it (secret option or ${secretEnv})`),
    );
    this.name = 'MessageBusRefusedError';
    this.url = url;
    this.reason = reason;
  }
}
