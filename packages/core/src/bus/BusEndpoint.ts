import type { Logger } from '../logging/Logger.js';
import { silentLogger } from '../logging/Logger.js';
import { errorText, MAX_TIMER_MS } from '../node/values.js';
import { ResponseTimeoutError } from '../errors/ResponseTimeoutError.js';
import { MalformedMessageError } from '../wire/MalformedMessageError.js';
import { Message } from '../wire/Message.js';
import { DEFAULT_FRAME_LIMITS, frameTypePrefix, MAX_UNTYPED_FRAME_CHARS, type FrameLimits } from '../wire/frameShape.js';
import type { Bus, BusHandler, MalformedMessageHandler } from './Bus.js';
import { replyTypes, stampRequestId } from './correlation.js';
import { HandlerRegistry, type RawMessageHandler } from './HandlerRegistry.js';
import { ResponseWaiters, type ResponseWaiter } from './ResponseWaiters.js';

/** Options every bus endpoint takes. Every field is optional. */
export interface BusEndpointOptions {
  /** `context.session.session_id` added to emitted messages that have no session; default `"default"`. */
  sessionId?: string;
  /** Where dropped and malformed frames and handler errors are logged; default silent. */
  logger?: Logger;
  /**
   * What received frames may hold before they are refused unparsed (`Message.deserialize`); default
   * `DEFAULT_FRAME_LIMITS` (100,000 values, 10,000 keys per object). Raise them only on an endpoint that answers
   * nothing and reads big answers it asked for (a command line listing thousands of tools).
   */
  frameLimits?: Partial<FrameLimits>;
}

/** Options of `waitForResponse` on a {@link BusEndpoint}. */
export interface WaitForResponseOptions {
  /** Reject with a {@link ResponseTimeoutError} instead of resolving `null` when no reply comes; default false. */
  rejectOnTimeout?: boolean;
}

/** Whether a wait of `ms` needs a timer: `Infinity` (or beyond Node's timer range) waits for ever. */
function hasTimer(ms: number): boolean {
  return !(ms >= MAX_TIMER_MS);
}

/**
 * The one implementation of core's {@link Bus} surface that every endpoint shares — `FakeBus` here, and
 * `MessageBusClient` (websocket) and `InProcessBusClient` (attached to an embedded server) in
 * `@ovos-tools/messagebus` — so they differ only in how a frame travels. A subclass implements {@link send} and
 * hands what arrives to {@link receiveFrame}; everything else is here:
 *
 * - Handlers (`on`, `once`, `off`, raw `"message"` handlers) follow pyee semantics (ovos-bus-client): registration
 *   order, on a snapshot of the list, `once` removed before it runs.
 * - `emit` adds `context.session = {session_id}` to a message without a session (mutating it), as OVOS clients
 *   do, then calls {@link send}. After the endpoint closed it drops the message with a warning.
 * - `waitForResponse` stamps `context.request_id` (core's `REQUEST_ID_KEY`) and registers its waiter, indexed by
 *   reply type and request id, before the request goes out; an id-less reply is accepted by type, as in OVOS.
 *
 * One policy for what goes wrong, the same on every endpoint:
 * - A received frame whose leading `type` nothing here wants is dropped unparsed (see {@link BusEndpoint.receiveFrame});
 *   one over `MAX_UNTYPED_FRAME_CHARS` (1 MiB) that does not start with its type is refused unread as malformed.
 * - A received frame that is not a valid OVOS message (not JSON, not an object, no string `type`, `data`/`context`
 *   not objects, nesting deeper than `MAX_MESSAGE_DEPTH`, more values or keys than `MAX_MESSAGE_VALUES` /
 *   `MAX_OBJECT_KEYS`) is logged as a warning
 *   (`skipping malformed messagebus frame (<why>): <first 200 chars>`) and given to the {@link onMalformed}
 *   handlers as a `MalformedMessageError`; it reaches no other handler or waiter, and receiving never throws.
 * - A handler that throws or rejects is logged (`Error in event handler for '<type>'`); the other handlers still
 *   run, and nothing is thrown to the emitter or the transport.
 * - A message that cannot be serialized (too deep or cyclic: `MalformedMessageError`; a BigInt: `TypeError`) makes
 *   `emit` throw before anything is sent or dispatched, and `waitForResponse` reject with that error.
 */
export abstract class BusEndpoint implements Bus {
  /** The session id stamped on emitted messages that have none. */
  readonly sessionId: string;
  /** Where this endpoint logs. */
  protected readonly logger: Logger;
  /** The typed, raw and malformed-frame handlers. */
  protected readonly handlers: HandlerRegistry;
  /** The pending `waitForResponse` calls. */
  protected readonly waiters = new ResponseWaiters();
  /** Set by the subclass once the endpoint is closed for good: emits are dropped, new waits settle at once. */
  protected closed = false;
  /** What received frames may hold before they are refused unparsed. */
  protected readonly frameLimits: FrameLimits;

  /**
   * @param endpointName - how log lines and errors name this endpoint, e.g. `MessageBusClient`.
   * @param options - session id and logger.
   */
  constructor(
    protected readonly endpointName: string,
    options: BusEndpointOptions = {},
  ) {
    this.sessionId = options.sessionId ?? 'default';
    this.logger = options.logger ?? silentLogger;
    this.handlers = new HandlerRegistry(this.logger);
    this.frameLimits = { ...DEFAULT_FRAME_LIMITS, ...options.frameLimits };
  }

  /** `waitForResponse` calls still waiting. */
  get pendingResponses(): number {
    return this.waiters.size;
  }

  /** Calls `handler` with every incoming frame's text (after it parsed as a message), before typed handlers. */
  on(type: 'message', handler: RawMessageHandler): void;
  /** Calls `handler` for every incoming message of `type`, until {@link off}. */
  on(type: string, handler: BusHandler): void;
  on(type: string, handler: BusHandler | RawMessageHandler): void {
    this.handlers.on(type, handler);
  }

  /** Calls `handler` with the next incoming frame's text only. */
  once(type: 'message', handler: RawMessageHandler): void;
  /** Calls `handler` for the next incoming message of `type` only. */
  once(type: string, handler: BusHandler): void;
  once(type: string, handler: BusHandler | RawMessageHandler): void {
    this.handlers.once(type, handler);
  }

  /** Removes a handler added with `on` or `once`; unknown handlers are ignored. */
  off(type: string, handler: BusHandler | RawMessageHandler): void {
    this.handlers.off(type, handler);
  }

  /** Removes every handler of `type`, or every handler (malformed-frame handlers included) when omitted. */
  removeAllListeners(type?: string): void {
    this.handlers.removeAll(type);
  }

  /** Handlers registered for `type` (`"message"` counts raw handlers); for leak checks. */
  listenerCount(type: string): number {
    return this.handlers.count(type);
  }

  /**
   * Calls `handler` for every incoming frame that is not a valid OVOS message (see the class's policy), except
   * frames that start with a type no handler or waiter here wants (dropped unread). When
   * `error.request` is set (only the nesting was wrong), the owner of its topic can answer it:
   * `bus.emit(error.request.response({...}))`.
   * @returns a function that removes the handler.
   */
  onMalformed(handler: MalformedMessageHandler): () => void {
    return this.handlers.onMalformed(handler);
  }

  /**
   * Adds `context.session` when missing and sends `message` the endpoint's way (see the subclass); after the
   * endpoint closed, drops it with a warning.
   * @throws MalformedMessageError if data/context nest deeper than `MAX_MESSAGE_DEPTH` (or hold a cycle);
   *   TypeError for a BigInt. Nothing is sent or dispatched then.
   */
  emit(message: Message): void {
    if (this.closed) {
      this.logger.warn(`${this.endpointName} is closed; dropped '${message.type}'`);
      return;
    }
    if (message.context.session === undefined) message.context.session = { session_id: this.sessionId };
    this.send(message);
  }

  /**
   * Emits `message` and resolves with its reply, or `null` after `timeoutMs` (like OVOS `wait_for_response`).
   * The waiter is registered before the request goes out. A reply matches when its type is one of `replyType`
   * (default `<type>.response`) and its `context.request_id` equals the request's (stamped with a UUID if absent)
   * or is missing (a responder that drops context; then every waiter of that type gets it, as in OVOS).
   * When the endpoint closes, pending waits settle at once.
   *
   * @param timeoutMs - default 3000; `Infinity` waits for ever.
   * @param options - `rejectOnTimeout: true` rejects with a {@link ResponseTimeoutError} (`response_timeout`, or
   *   `client_closed`) instead of resolving `null`.
   * @returns a promise rejected with the error of `emit` when the message cannot be serialized.
   */
  waitForResponse(message: Message, replyType?: string | readonly string[], timeoutMs = 3000, options: WaitForResponseOptions = {}): Promise<Message | null> {
    const requestId = stampRequestId(message);
    const types = replyTypes(message, replyType);
    return new Promise<Message | null>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waiter: ResponseWaiter = {
        requestId,
        types,
        settle: (reply, reason) => {
          if (timer !== undefined) clearTimeout(timer);
          if (reply || !options.rejectOnTimeout) resolve(reply);
          else reject(new ResponseTimeoutError(message.type, types, timeoutMs, reason === 'closed' ? this.endpointName : undefined));
        },
      };
      if (this.closed) return waiter.settle(null, 'closed');
      this.waiters.add(waiter);
      if (hasTimer(timeoutMs)) {
        timer = setTimeout(() => {
          this.waiters.remove(waiter);
          waiter.settle(null, 'timeout');
        }, timeoutMs);
      }
      try {
        this.emit(message);
      } catch (err) {
        if (timer !== undefined) clearTimeout(timer);
        this.waiters.remove(waiter);
        reject(err);
      }
    });
  }

  /** Resolves with the next incoming message of `type`, or `null` after `timeoutMs` (default 3000; `Infinity` waits for ever). */
  waitForMessage(type: string, timeoutMs = 3000): Promise<Message | null> {
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const handler: BusHandler = (m) => {
        if (timer !== undefined) clearTimeout(timer);
        resolve(m);
      };
      if (hasTimer(timeoutMs)) {
        timer = setTimeout(() => {
          this.off(type, handler);
          resolve(null);
        }, timeoutMs);
      }
      this.once(type, handler);
    });
  }

  /**
   * The transport: delivers an emitted message (its session already stamped). A websocket client serializes and
   * writes it, an attachment hands the frame to its server, `FakeBus` dispatches it at once.
   * @throws what `message.serialize()` throws, before anything is sent.
   */
  protected abstract send(message: Message): void;

  /**
   * Parses and dispatches one received frame, following the class's bad-frame policy. Never throws. A frame that
   * starts with its type (`{"type":"…"`, as every OVOS client writes) is dropped unparsed when no handler or waiter
   * wants that type now ({@link frameTypePrefix}): a frame of a type this endpoint does not handle costs the same
   * whatever its size, and a malformed one of such a type is not reported.
   */
  protected receiveFrame(text: string): void {
    const type = frameTypePrefix(text);
    if (type !== undefined && !this.wants(type)) return;
    if (type === undefined && text.length > MAX_UNTYPED_FRAME_CHARS) return this.refuseUntyped(text.length, text.slice(0, 200));
    const message = this.parseFrame(text);
    if (message) this.dispatch(message, text);
  }

  /**
   * Refuses unread a received frame longer than `MAX_UNTYPED_FRAME_CHARS` that does not start with its type: logged
   * and given to the malformed-frame handlers (without a `request`), like any malformed frame.
   * @param size - the frame's length (bytes or characters).
   * @param head - its first characters, for the log line.
   */
  protected refuseUntyped(size: number, head: string): void {
    const why = `a frame of ${size} bytes that does not start with {"type": …} was dropped unread: frames over ${MAX_UNTYPED_FRAME_CHARS} bytes must start with their type, as every OVOS client writes them`;
    this.handlers.dispatchMalformed(new MalformedMessageError(why), head);
  }

  /**
   * Parses one received frame; a frame that is not a valid message is logged and given to the malformed-frame
   * handlers, and `undefined` returned. Never throws.
   */
  protected parseFrame(text: string): Message | undefined {
    try {
      return Message.deserialize(text, this.frameLimits);
    } catch (err) {
      const malformed = err instanceof MalformedMessageError ? err : new MalformedMessageError(`frame could not be read: ${errorText(err)}`);
      this.handlers.dispatchMalformed(malformed, text);
      return undefined;
    }
  }

  /**
   * Hands a message to the raw handlers (with `frame`, or the message serialized when not given), then to the
   * handlers of its type in registration order, then to the waiters it answers.
   */
  protected dispatch(message: Message, frame?: string): void {
    if (this.handlers.hasRaw) this.handlers.dispatchRaw(frame ?? message.serialize());
    this.handlers.dispatch(message);
    if (this.waiters.size !== 0) this.waiters.dispatch(message);
  }

  /**
   * Whether a message of `type` would reach any handler or waiter now (raw handlers want every frame): a transport
   * that knows a frame's type without parsing it (its own echo, a frame emitted in this process) skips it when not.
   */
  protected wants(type: string): boolean {
    return this.handlers.hasRaw || this.handlers.count(type) > 0 || this.waiters.awaits(type);
  }

  /** Settles every pending `waitForResponse` at once (`null`, or a `client_closed` rejection); for closing. */
  protected settleWaiters(): void {
    this.waiters.closeAll();
  }
}
