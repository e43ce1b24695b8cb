import {
  MalformedMessageError,
  type MalformedMessageHandler, HandlerRegistry, Message, silentLogger, type Bus, type BusHandler, type Logger, type RawMessageHandler } from '@ovos-tools/core';
import { awaitMessage, awaitResponse, type WaitForResponseOptions } from '../client/awaitReply.js';
import { ResponseWaiters } from '../client/ResponseWaiters.js';

/** How an {@link InProcessBusClient} reaches the server it sits on (supplied by `MessageBusServer.attach`). */
export interface InProcessHub {
  /**
   * Broadcasts one serialized frame to every client and attachment, the sender included. `type` is the message
   * type of the frame (known to the emitter), so attachments that have no handler for it skip parsing it.
   */
  publish(frame: string, type: string): void;
  /** Forgets the attachment (it was closed). */
  detach(client: InProcessBusClient): void;
}

/** Options for `MessageBusServer.attach`. Every field is optional. */
export interface InProcessBusClientOptions {
  /** `context.session.session_id` added to emitted messages that have no session; default `"default"`. */
  sessionId?: string;
  /** Where dropped and malformed frames and handler errors are logged; default the server's logger. */
  logger?: Logger;
}

/** Why an attachment stopped: closed by its owner, the server shut down, or it fell behind (backpressure). */
export type DetachReason = 'closed' | 'server closed' | 'slow';

/**
 * A client of a {@link MessageBusServer} in the same process, implementing core's `Bus` without a websocket:
 * made by `MessageBusServer.attach()`. It behaves as a `MessageBusClient` connected to that server would:
 *
 * - `emit` serializes the message once and hands the text to the server, which relays it to every websocket
 *   client and every attachment, this one included (OVOS clients see their own emits); handlers never run inside
 *   `emit`. `emit` adds `context.session = {session_id}` to a message without one (mutating it).
 * - Incoming frames are queued in relay order and dispatched on a later turn of the event loop (one
 *   `setImmediate` per batch), each parsed once; frames that are not OVOS messages are logged and skipped.
 * - Handlers follow core's `HandlerRegistry` rules (registration order, `once`, errors logged);
 *   `waitForResponse` correlates by `context.request_id` exactly as `MessageBusClient` does.
 * - Backpressure as for a websocket client: if more than the server's `maxBufferedBytes` of frames wait
 *   undelivered (the event loop is blocked or a synchronous flood is being emitted), the attachment is closed
 *   with a warning (reason `slow`), like a slow websocket client is terminated.
 * - A frame larger than the server's `max_msg_size` is dropped with an error log (a websocket client would
 *   have its connection closed with 1009 and reconnect; the frame is lost in both cases).
 * - It receives the `connected` greeting first, like a new websocket connection. There is no reconnecting:
 *   when the server closes, the attachment closes too and pending `waitForResponse` calls settle `null`.
 *
 * @example
 * const server = new MessageBusServer({ port: 0 });
 * await server.start();
 * const bus = server.attach();
 * bus.on('ovos.ping', (m) => bus.emit(m.response({ pong: true })));
 */
export class InProcessBusClient implements Bus {
  private readonly handlers: HandlerRegistry;
  private readonly waiters = new ResponseWaiters();
  private readonly logger: Logger;
  /** Frames waiting for dispatch, with their message type when the emitter told it (see {@link deliver}). */
  private queue: Array<{ frame: string | Buffer; type: string | undefined }> = [];
  private queuedBytes = 0;
  private scheduled = false;
  private closed = false;
  private closeReason: DetachReason | undefined;
  private readonly closeListeners = new Set<(reason: DetachReason) => void>();

  /** @internal made by `MessageBusServer.attach`. */
  constructor(
    private readonly hub: InProcessHub,
    private readonly limits: { maxBufferedBytes: number; maxPayload: number },
    private readonly options: InProcessBusClientOptions & { logger: Logger } = { logger: silentLogger },
  ) {
    this.logger = options.logger;
    this.handlers = new HandlerRegistry(this.logger);
  }

  /** True until the attachment is closed (by {@link close}, the server closing, or backpressure). */
  get connected(): boolean {
    return !this.closed;
  }

  /** Already resolved (an attachment is connected from the start); kept for parity with `MessageBusClient`. */
  readonly ready: Promise<void> = Promise.resolve();

  /** Resolves at once; kept for parity with `MessageBusClient.connect`. */
  connect(): Promise<void> {
    return this.ready;
  }

  /** Why the attachment closed, or `undefined` while connected. */
  get detachReason(): DetachReason | undefined {
    return this.closeReason;
  }

  /** Frames waiting to be dispatched. */
  get queuedFrames(): number {
    return this.queue.length;
  }

  /** `waitForResponse` calls still waiting. */
  get pendingResponses(): number {
    return this.waiters.size;
  }

  /** Calls `listener` once when the attachment closes, with the reason; returns a function that removes it. */
  onClose(listener: (reason: DetachReason) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** Calls `handler` with every incoming frame's text (after it parsed as a message), before typed handlers. */
  on(type: 'message', handler: RawMessageHandler): void;
  /** Calls `handler` for every incoming message of `type`, until {@link off}. */
  on(type: string, handler: BusHandler): void;
  on(type: string, handler: BusHandler | RawMessageHandler): void {
    this.handlers.on(type, handler);
  }

  /** Calls `handler` for the next incoming message of `type` only. */
  once(type: string, handler: BusHandler): void {
    this.handlers.once(type, handler);
  }

  /** Removes a handler added with `on` or `once`; unknown handlers are ignored. */
  off(type: string, handler: BusHandler | RawMessageHandler): void {
    this.handlers.off(type, handler);
  }

  /** Removes every handler of `type`, or every handler when omitted. */
  removeAllListeners(type?: string): void {
    this.handlers.removeAll(type);
  }

  /** Handlers registered for `type` (for leak checks). */
  listenerCount(type: string): number {
    return this.handlers.count(type);
  }

  /**
   * Calls `handler` for every frame that is not a valid OVOS message (bad JSON or shape, or nesting deeper than
   * core's `MAX_MESSAGE_DEPTH`), as `MessageBusClient.onMalformed` does; `error.request`, when set, can be answered.
   * @returns a function that removes the handler.
   */
  onMalformed(handler: MalformedMessageHandler): () => void {
    return this.handlers.onMalformed(handler);
  }

  /**
   * Relays `message` through the server to every client, this one included. Adds `context.session` when
   * missing. After {@link close}, or for a frame above the server's size limit, the message is dropped with a log line.
   * @throws TypeError if the message cannot be serialized (a BigInt or a cycle in data/context).
   */
  emit(message: Message): void {
    if (this.closed) {
      this.logger.warn(`in-process bus client is closed; dropped '${message.type}'`);
      return;
    }
    if (message.context.session === undefined) message.context.session = { session_id: this.options.sessionId ?? 'default' };
    const frame = message.serialize();
    // a UTF-16 code unit is at most 3 UTF-8 bytes, so only long frames need their byte length measured
    if (frame.length * 3 > this.limits.maxPayload && Buffer.byteLength(frame) > this.limits.maxPayload) {
      this.logger.error(`dropped '${message.type}': ${Buffer.byteLength(frame)} bytes is above the messagebus frame limit of ${this.limits.maxPayload}`);
      return;
    }
    this.hub.publish(frame, message.type);
  }

  /**
   * Emits `message` and resolves with its reply, or `null` after `timeoutMs` (default 3000), exactly as
   * `MessageBusClient.waitForResponse` (same correlation by `context.request_id`, same options).
   */
  waitForResponse(message: Message, replyType?: string | readonly string[], timeoutMs = 3000, options: WaitForResponseOptions = {}): Promise<Message | null> {
    const source = { waiters: this.waiters, closed: this.closed, emit: (m: Message) => this.emit(m) };
    return awaitResponse(source, message, replyType, timeoutMs, options);
  }

  /** Resolves with the next incoming message of `type`, or `null` after `timeoutMs` (default 3000). */
  waitForMessage(type: string, timeoutMs = 3000): Promise<Message | null> {
    return awaitMessage(this, type, timeoutMs);
  }

  /**
   * Detaches from the server: nothing more is delivered, queued frames are discarded, pending
   * `waitForResponse` calls settle at once. Idempotent.
   */
  async close(): Promise<void> {
    this.shutDown('closed');
  }

  /**
   * @internal Queues one relayed frame (text, or a websocket payload buffer) for dispatch. `type`, when given
   * (frames emitted in this process), lets dispatch skip parsing a frame no handler or waiter wants at that time.
   */
  deliver(frame: string | Buffer, type?: string): void {
    if (this.closed) return;
    this.queuedBytes += frame.length;
    if (this.queuedBytes > this.limits.maxBufferedBytes) {
      this.logger.warn(`closing an in-process bus client that is not keeping up: ${this.queuedBytes} bytes undelivered (limit ${this.limits.maxBufferedBytes})`);
      this.shutDown('slow');
      return;
    }
    this.queue.push({ frame, type });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.drain());
    }
  }

  /** @internal Closes the attachment for `reason` (used by the server on shutdown and backpressure). */
  shutDown(reason: DetachReason): void {
    if (this.closed) return;
    this.closed = true;
    this.closeReason = reason;
    this.queue = [];
    this.queuedBytes = 0;
    this.hub.detach(this);
    this.waiters.closeAll();
    for (const listener of [...this.closeListeners]) {
      try {
        listener(reason);
      } catch (err) {
        this.logger.error("Error in 'close' listener of an in-process bus client", err);
      }
    }
  }

  private drain(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    this.queuedBytes = 0;
    for (const { frame, type } of batch) {
      if (this.closed) return;
      if (type !== undefined && !this.wants(type)) continue; // nothing would receive it: no need to parse it
      this.dispatch(typeof frame === 'string' ? frame : frame.toString('utf8'));
    }
  }

  /** Whether a message of `type` would reach any handler or waiter now (raw handlers want every frame). */
  private wants(type: string): boolean {
    return this.handlers.hasRaw || this.handlers.count(type) > 0 || this.waiters.awaits(type);
  }

  private dispatch(text: string): void {
    let message: Message;
    try {
      message = Message.deserialize(text);
    } catch (err) {
      // logged once, by the registry, and passed to onMalformed handlers (a too-deep request can still be answered)
      if (err instanceof MalformedMessageError) this.handlers.dispatchMalformed(err, text);
      else this.logger.warn(`skipping malformed messagebus frame (${(err as Error).message})`);
      return;
    }
    if (this.handlers.hasRaw) this.handlers.dispatchRaw(text);
    this.handlers.dispatch(message);
    this.waiters.dispatch(message);
  }
}
