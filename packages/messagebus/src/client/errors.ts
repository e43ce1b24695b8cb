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
