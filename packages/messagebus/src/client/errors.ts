/**
 * Rejection of `MessageBusClient.waitForResponse(..., { rejectOnTimeout: true })`: no matching reply arrived in
 * time (`code: 'response_timeout'`) or the client was closed while waiting (`code: 'client_closed'`).
 */
export class ResponseTimeoutError extends Error {
  readonly code: 'response_timeout' | 'client_closed';
  /** The type of the request that went unanswered. */
  readonly requestType: string;
  /** The reply types that were awaited. */
  readonly replyTypes: readonly string[];

  constructor(requestType: string, replyTypes: readonly string[], timeoutMs: number, closed = false) {
    const want = replyTypes.map((t) => `'${t}'`).join(' or ');
    super(
      closed
        ? `MessageBusClient closed while waiting for ${want} in reply to '${requestType}'`
        : `No ${want} reply to '${requestType}' within ${timeoutMs} ms; is a service answering it connected to the bus?`,
    );
    this.name = 'ResponseTimeoutError';
    this.code = closed ? 'client_closed' : 'response_timeout';
    this.requestType = requestType;
    this.replyTypes = replyTypes;
  }
}

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
