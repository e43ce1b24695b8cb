import type { MessageBusRefusedError } from './MessageBusRefusedError.js';

/** Connection events of a {@link MessageBusClient} and their listener arguments. */
export interface ConnectionEvents {
  /** The websocket opened (first connect or a reconnect); queued frames have just been flushed. */
  open: [];
  /** An open connection closed, with the websocket close code and reason. */
  close: [code: number, reason: string];
  /** A reconnect attempt is scheduled: attempt number (1-based) and the delay before it in ms. */
  reconnect: [attempt: number, delayMs: number];
  /**
   * The server refused this client for good (HTTP 401/403 at the handshake, or a 1008 close: wrong or missing
   * secret, a refused Host or Origin). The client has stopped, as after {@link MessageBusClient.close}.
   */
  refused: [error: MessageBusRefusedError];
}

/** A listener of a {@link ConnectionEvents} event. */
export type ConnectionListener<E extends keyof ConnectionEvents> = (...args: ConnectionEvents[E]) => void;
