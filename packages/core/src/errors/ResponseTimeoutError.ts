/**
 * Rejection of `waitForResponse(..., { rejectOnTimeout: true })` on a bus endpoint (`MessageBusClient`,
 * `InProcessBusClient`, `FakeBus`): no matching reply arrived in time (`code: 'response_timeout'`) or the endpoint
 * was closed while waiting (`code: 'client_closed'`). The plain form resolves `null` instead, like OVOS
 * `wait_for_response`.
 */
export class ResponseTimeoutError extends Error {
  readonly code: 'response_timeout' | 'client_closed';
  /** The type of the request that went unanswered. */
  readonly requestType: string;
  /** The reply types that were awaited. */
  readonly replyTypes: readonly string[];

  /**
   * @param timeoutMs - the wait that ran out, in ms (named in the message).
   * @param closedEndpoint - set when the wait ended because the endpoint closed: its name for the message, e.g.
   *   `MessageBusClient`.
   */
  constructor(requestType: string, replyTypes: readonly string[], timeoutMs: number, closedEndpoint?: string) {
    const want = replyTypes.map((t) => `'${t}'`).join(' or ');
    super(
      closedEndpoint !== undefined
        ? `${closedEndpoint} closed while waiting for ${want} in reply to '${requestType}'`
        : `No ${want} reply to '${requestType}' within ${timeoutMs} ms; is a service answering it connected to the bus?`,
    );
    this.name = 'ResponseTimeoutError';
    this.code = closedEndpoint !== undefined ? 'client_closed' : 'response_timeout';
    this.requestType = requestType;
    this.replyTypes = replyTypes;
  }
}
