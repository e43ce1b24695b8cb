import { frameHead, leadingText, leadingType } from '../socket/leadingType.js';
import type { LargeFrame } from './LargeFrameGate.js';
import { LargeFrameReader } from './LargeFrameReader.js';
import { BusEndpoint, MalformedMessageError, MAX_UNTYPED_FRAME_CHARS, silentLogger, type BusEndpointOptions, type Logger, type Message } from '@ovos-tools/core';

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

/**
 * Options for `MessageBusServer.attach`. Every field is optional: `sessionId` (default `"default"`) and `logger`
 * (where dropped and malformed frames and handler errors are logged; default the server's logger).
 */
export type InProcessBusClientOptions = BusEndpointOptions;

/**
 * Large frames of a type this client handles from this size on (256 KiB) are read (decoded, checked, parsed) off
 * the bus's thread, by a {@link LargeFrameReader}; smaller ones cost a few ms at most and are read here, without a hop.
 */
export const OFF_THREAD_FRAME_BYTES = 256 * 1024;

/** One frame waiting for dispatch. */
interface QueuedFrame {
  /** The frame (for a large one read off the thread, or refused unread, only its first 2 KiB). */
  frame: string | Buffer;
  /** Its message type when known (emitted in this process, or read from its first bytes). */
  type: string | undefined;
  /** Its length when `frame` is only its head. */
  size?: number;
  /** The websocket client a relayed frame came from: its frames are dispatched in the order it sent them. */
  sender?: object;
  /** A large frame to read off the thread. */
  large?: LargeFrame;
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
 *   `setImmediate` per batch), each parsed once — and only when something here wants its type: a frame emitted in
 *   this process carries its type, a relayed websocket frame's type is read from its first bytes (`{"type":"…"`,
 *   core's `frameTypePrefix`), so a frame of a type nothing here handles is dropped unread whatever its size.
 *   Frames that do not start with their type are parsed (core's `Message.deserialize`, which refuses frames too
 *   deep or holding too many values before parsing them), up to 1 MiB; longer ones are refused unread as malformed
 *   (core's `MAX_UNTYPED_FRAME_CHARS`).
 * - Handlers, `waitForResponse` (correlated by `context.request_id`), session stamping and the policy for
 *   malformed frames and handler errors are core's `BusEndpoint`, exactly as on `MessageBusClient`; this class is
 *   the hop to the server.
 * - Backpressure: if more than the server's `maxBufferedBytes` of frames wait undelivered (the event loop is
 *   blocked or a synchronous flood is being emitted in this process), the attachment is closed with a warning
 *   (reason `slow`), like a slow websocket client is terminated. A frame relayed from a websocket client that would
 *   pass the bound is dropped instead, with a warning: no websocket client can detach the provider from its own bus.
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
export class InProcessBusClient extends BusEndpoint {
  /** Frames waiting for dispatch, with their message type when the emitter told it (see {@link deliver}). */
  private queue: QueuedFrame[] = [];
  /** Senders with a large frame being read off this thread, and their frames that arrived since (kept in order). */
  private readonly held = new Map<object, QueuedFrame[]>();
  private reader: LargeFrameReader | undefined;
  /** Bytes of the frames in `held`'s backlogs. */
  private heldBytes = 0;
  private queuedBytes = 0;
  private scheduled = false;
  private closeReason: DetachReason | undefined;
  private readonly closeListeners = new Set<(reason: DetachReason) => void>();

  /** @internal made by `MessageBusServer.attach`. */
  constructor(
    private readonly hub: InProcessHub,
    private readonly limits: { maxBufferedBytes: number; maxPayload: number },
    options: InProcessBusClientOptions & { logger: Logger } = { logger: silentLogger },
  ) {
    super('in-process bus client', options);
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

  /** Calls `listener` once when the attachment closes, with the reason; returns a function that removes it. */
  onClose(listener: (reason: DetachReason) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /**
   * Hands the frame to the server, which relays it to every client, this one included. A frame above the server's
   * size limit is dropped with an error log (a websocket client would be disconnected with 1009; the frame is lost
   * in both cases).
   */
  protected send(message: Message): void {
    const frame = message.serialize();
    // a UTF-16 code unit is at most 3 UTF-8 bytes, so only long frames need their byte length measured
    if (frame.length * 3 > this.limits.maxPayload && Buffer.byteLength(frame) > this.limits.maxPayload) {
      this.logger.error(`dropped '${message.type}': ${Buffer.byteLength(frame)} bytes is above the messagebus frame limit of ${this.limits.maxPayload}`);
      return;
    }
    this.hub.publish(frame, message.type);
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
   * `sender`, for a frame relayed from a websocket client, keeps it behind that client's large frame being read. A
   * large frame the server's gate took in (a `LargeFrame`, in its pieces) is read from its first 2 KiB and read
   * whole only when wanted: see `deliverLarge`.
   */
  deliver(frame: string | Buffer | LargeFrame, type?: string, sender?: object): void {
    if (this.closed) return;
    if (typeof frame !== 'string' && !Buffer.isBuffer(frame)) return this.deliverLarge(frame, sender ?? frame);
    const relayed = type === undefined;
    if (relayed) {
      type = leadingType(frame);
      if (type !== undefined && !this.wants(type)) return; // nothing here handles it: dropped unread, whatever its size
      if (!this.hasRoomFor(frame.length, type)) return;
    }
    this.queuedBytes += frame.length;
    if (this.queuedBytes > this.limits.maxBufferedBytes) {
      this.logger.warn(`closing an in-process bus client that is not keeping up: ${this.queuedBytes} bytes undelivered (limit ${this.limits.maxBufferedBytes})`);
      this.shutDown('slow');
      return;
    }
    this.enqueue({ frame, type, sender });
  }

  /** Whether a relayed frame fits the backlog bound; when not, it is dropped with a warning (the attachment stays). */
  private hasRoomFor(length: number, type: string | undefined): boolean {
    if (this.queuedBytes + length <= this.limits.maxBufferedBytes) return true;
    // a websocket client's frame while this one is behind: that frame is lost, the attachment (the provider) stays
    this.logger.warn(`in-process bus client is behind (${this.queuedBytes} bytes undelivered, limit ${this.limits.maxBufferedBytes}): dropped a relayed ${type === undefined ? 'frame' : `'${type}'`} of ${length} bytes`);
    return false;
  }

  private enqueue(item: QueuedFrame): void {
    this.queue.push(item);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.drain());
    }
  }

  /**
   * Queues one large frame relayed from websocket client `sender` in the pieces it arrived in (see the server's
   * frame gate): its type is read from its first 2 KiB, and it is read only when something here wants it,
   * from {@link OFF_THREAD_FRAME_BYTES} on off this thread ({@link LargeFrameReader}); `sender`'s later frames wait
   * for it, other senders' frames do not. One over `MAX_UNTYPED_FRAME_CHARS` that does not start with its type is
   * refused unread, in queue order.
   */
  private deliverLarge(frame: LargeFrame, sender: object): void {
    const head = frameHead(frame);
    const type = leadingType(head);
    if (type !== undefined && !this.wants(type)) return;
    if (type === undefined && frame.length > MAX_UNTYPED_FRAME_CHARS) return void this.enqueue({ frame: head, type, size: frame.length, sender });
    if (type === undefined || frame.length < OFF_THREAD_FRAME_BYTES) return this.deliver(Buffer.concat(frame.chunks, frame.length), undefined, sender);
    if (!this.hasRoomFor(frame.length, type)) return;
    this.queuedBytes += frame.length;
    this.enqueue({ frame: head, type, size: frame.length, sender, large: frame });
  }

  /** @internal Closes the attachment for `reason` (used by the server on shutdown and backpressure). */
  shutDown(reason: DetachReason): void {
    if (this.closed) return;
    this.closed = true;
    this.closeReason = reason;
    this.queue = [];
    this.queuedBytes = 0;
    this.held.clear();
    this.heldBytes = 0;
    this.reader?.close();
    this.hub.detach(this);
    this.settleWaiters();
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
    for (const item of batch) {
      if (this.closed) return;
      const backlog = item.sender && this.held.get(item.sender);
      if (!backlog) this.process(item);
      else if (this.hasRoomFor((item.size ?? item.frame.length) + this.heldBytes, item.type)) this.hold(backlog, item); // its sender's large frame is still being read
    }
  }

  private process({ frame, type, size = frame.length, sender, large }: QueuedFrame): void {
    if (type !== undefined && !this.wants(type)) return; // nothing would receive it: no need to decode or parse it
    if (large && sender) return this.readOffThread(large, sender, leadingText(frame));
    if (type === undefined && size > MAX_UNTYPED_FRAME_CHARS) this.refuseUntyped(size, leadingText(frame));
    else this.receiveFrame(typeof frame === 'string' ? frame : frame.toString('utf8'));
  }

  /** Keeps `item` in its sender's backlog (its bytes count toward the backlog bound with the queue's). */
  private hold(backlog: QueuedFrame[], item: QueuedFrame): void {
    backlog.push(item);
    this.heldBytes += item.size ?? item.frame.length;
  }

  /** Has a large frame read off the thread, holding its sender's later frames until it is dispatched. */
  private readOffThread(large: LargeFrame, sender: object, head: string): void {
    this.held.set(sender, []);
    this.reader ??= new LargeFrameReader(this.frameLimits);
    void this.reader.read(large.chunks, large.length).then((read) => {
      if (this.closed) return;
      if (read instanceof MalformedMessageError) this.handlers.dispatchMalformed(read, head);
      else this.dispatch(read);
      const backlog = this.held.get(sender) ?? [];
      this.held.delete(sender);
      for (let k = 0; k < backlog.length && !this.closed; k++) {
        const item = backlog[k]!;
        this.heldBytes -= item.size ?? item.frame.length;
        const again = this.held.get(sender);
        if (again) this.hold(again, item); // another large frame of it went off the thread
        else this.process(item);
      }
    });
  }
}
