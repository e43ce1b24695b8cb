import { BusEndpoint, MalformedMessageError, MAX_UNTYPED_FRAME_CHARS, type Message } from '@ovos-tools/core';
import type { Duplex } from 'node:stream';
import WebSocket from 'ws';
import { isLoopbackHost } from '../config/isLoopbackHost.js';
import { warnExposure } from '../config/warnExposure.js';
import { BUS_SECRET_ENV } from '../server/sharedSecret.js';
import { reconnectDelay } from './backoff.js';
import { MessageBusRefusedError } from './MessageBusRefusedError.js';
import { FrameQueue } from './FrameQueue.js';
import { OWN_FRAME_MAX_CHARS, OwnFrames } from './OwnFrames.js';
import { leadingText, leadingType } from '../socket/leadingType.js';
import type { ConnectionEvents, ConnectionListener } from './ConnectionEvents.js';
import { DEFAULT_MAX_FRAME_BYTES, type MessageBusClientOptions } from './MessageBusClientOptions.js';
import { resolveConnection } from './resolveConnection.js';
import { skipUnwantedFrames } from './skipUnwantedFrames.js';

/**
 * A websocket client of an OVOS messagebus, implementing core's `Bus` (ovos-bus-client `MessageBusClient`,
 * wire spec §6.4). Handlers, `waitForResponse`, session stamping and the policy for malformed frames and handler
 * errors are core's `BusEndpoint` (the same as `FakeBus` and `InProcessBusClient`); this class is the websocket.
 *
 * - Like the Python client, `emit` sends to the server and does NOT dispatch locally: handlers (including this
 *   client's own) fire when the server echoes the frame. `emit` adds `context.session = {session_id}` to a
 *   message without a session (mutating it).
 * - Malformed incoming frames are logged, given to `onMalformed` handlers and skipped; handler errors are logged,
 *   never thrown.
 * - `waitForResponse` correlates by `context.request_id` (core's `REQUEST_ID_KEY`), so concurrent identical
 *   requests each get their own reply.
 * - A frame over 192 KiB whose leading type nothing here wants is skipped as its bytes arrive, decided on its first
 *   2 KiB: never gathered into one buffer nor decoded (see {@link largeFramesSkipped}). Every client of an OVOS bus
 *   is sent every frame; so a big broadcast for someone else costs this client reading its bytes, not the tens of
 *   milliseconds of its thread that gathering 8 MiB takes.
 * - Reconnects with capped exponential backoff and jitter; frames emitted while disconnected (or before
 *   {@link connect}) are queued, bounded by `maxQueue`, and flushed in order on (re)connect.
 * - A refusal that retrying cannot fix (a wrong or missing shared secret, a refused Host or Origin) stops the
 *   client: `ready` rejects with a {@link MessageBusRefusedError} giving the server's reason, pending waits settle,
 *   and the `refused` event fires. Never an endless silent retry.
 * - Warns (loudly) when the URL is not a loopback address: frames cross the network in clear text over `ws://`.
 *
 * @example
 * const bus = new MessageBusClient({ url: 'ws://127.0.0.1:8181/core' });
 * bus.connect();
 * await bus.ready;
 * const reply = await bus.waitForResponse(new Message('ovos.persona.tools.discover'));
 * await bus.close();
 */
export class MessageBusClient extends BusEndpoint {
  /** The URL this client connects to. */
  readonly url: string;
  /**
   * Resolves on the first successful open. Rejects if {@link close} is called before that (the rejection is
   * pre-handled, so not awaiting it is safe).
   */
  readonly ready: Promise<void>;
  private readonly options: MessageBusClientOptions;
  private readonly secret: string | undefined;
  private readonly queue: FrameQueue;
  private readonly listeners = new Map<keyof ConnectionEvents, Set<(...args: never[]) => void>>();
  private ws: WebSocket | undefined;
  /** Frames sent on this connection, expected back from the bus (which echoes to the sender). */
  private readonly ownFrames = new OwnFrames();
  private started = false;
  private skippedLarge = 0;
  private attempt = 0;
  private failuresLogged = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private resolveReady!: () => void;
  private rejectReady!: (err: Error) => void;

  constructor(options: MessageBusClientOptions = {}) {
    super('MessageBusClient', options);
    this.options = options;
    this.queue = new FrameQueue(options.maxQueue ?? 1000);
    const { url, secret } = resolveConnection(options);
    this.url = url;
    this.secret = secret;
    this.ready = new Promise<void>((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => undefined);
  }

  /** True while the websocket is open. */
  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /**
   * How many large frames (over 192 KiB) this client skipped as their bytes arrived, never gathered nor decoded:
   * those whose leading type nothing here wanted, and untyped ones over `MAX_UNTYPED_FRAME_CHARS` (refused).
   */
  get largeFramesSkipped(): number {
    return this.skippedLarge;
  }

  /** Frames waiting for a connection. */
  get queuedFrames(): number {
    return this.queue.size;
  }

  /**
   * Starts connecting (and keeps reconnecting until {@link close}). Idempotent.
   * @returns {@link ready}.
   */
  connect(): Promise<void> {
    if (!this.started && !this.closed) {
      this.started = true;
      this.warnIfExposed();
      this.openSocket();
    }
    return this.ready;
  }

  /** Listens for a connection event; returns a function that removes the listener. */
  onConnectionEvent<E extends keyof ConnectionEvents>(event: E, listener: ConnectionListener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as (...args: never[]) => void);
    return () => set.delete(listener as (...args: never[]) => void);
  }

  /**
   * Writes the frame to the websocket, or queues it while disconnected (the oldest queued frame is dropped with a
   * warning when `maxQueue` is full).
   */
  protected send(message: Message): void {
    const frame = message.serialize();
    if (this.ws && this.connected) {
      this.ws.send(frame);
      this.ownFrames.record(frame, message.type);
      return;
    }
    const dropped = this.queue.push(frame);
    if (dropped !== undefined) {
      this.logger.warn(`messagebus send queue full (${this.queue.capacity} frames): dropped the oldest queued frame`);
    }
  }

  /**
   * Closes the connection (code 1000) and stops reconnecting. Pending `waitForResponse` calls settle at once
   * (`null`, or a `client_closed` rejection); queued frames are discarded. Idempotent.
   */
  async close(): Promise<void> {
    await this.stop(new Error(`MessageBusClient closed before connecting to ${this.url}`));
  }

  private async stop(readyError: Error): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.rejectReady(readyError);
    this.settleWaiters();
    const discarded = this.queue.drain().length;
    if (discarded) this.logger.warn(`MessageBusClient closed with ${discarded} unsent frame(s); discarded`);
    const ws = this.ws;
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => ws.terminate(), 1000);
      ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
      else ws.close(1000);
    });
  }

  private openSocket(): void {
    const headers: Record<string, string> = {};
    if (this.secret) headers.Authorization = `Bearer ${this.secret}`;
    this.ownFrames.clear();
    const ws = new WebSocket(this.url, {
      headers,
      handshakeTimeout: this.options.handshakeTimeoutMs ?? 5000,
      perMessageDeflate: false,
    });
    this.ws = ws;
    let opened = false;
    ws.on('open', () => {
      opened = true;
      const socket = (ws as unknown as { _socket?: Duplex })._socket; // ws has just attached its reader, read nothing yet
      if (socket) skipUnwantedFrames(socket, (head, length) => this.takesLargeFrame(head, length), this.options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES);
      this.attempt = 0;
      this.failuresLogged = 0;
      this.logger.info(`connected to messagebus ${this.url}`);
      for (const frame of this.queue.drain()) ws.send(frame);
      this.resolveReady();
      this.fire('open');
    });
    ws.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    ws.on('unexpected-response', (_req, res) => {
      const status = res.statusCode ?? 0;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => void (body.length < 1000 && (body += chunk)));
      res.on('end', () => {
        const why = `HTTP ${status}: ${body.trim() || res.statusMessage}`;
        if (status === 401 || status === 403) this.refuse(why);
        else if (this.failuresLogged++ === 0) this.logger.warn(`messagebus ${this.url} refused the handshake (${why})`);
        ws.terminate();
      });
      res.on('error', () => ws.terminate());
    });
    ws.on('error', (err) => {
      const msg = `messagebus ${this.url}: ${err.message}`;
      if (this.failuresLogged++ === 0) this.logger.warn(msg);
      else this.logger.debug(msg);
    });
    ws.on('close', (code, reason) => {
      if (this.ws === ws) this.ws = undefined;
      if (opened) {
        this.logger.info(`messagebus connection closed (${code})`);
        this.fire('close', code, reason.toString());
      }
      if (code === 1008) this.refuse(`closed with 1008: ${reason.toString() || 'policy violation'}`);
      if (!this.closed) this.scheduleReconnect();
    });
  }

  /** A refusal reconnecting cannot fix: stop, reject `ready`, settle waiters, tell listeners. */
  private refuse(reason: string): void {
    if (this.closed) return;
    const err = new MessageBusRefusedError(this.url, reason, this.secret !== undefined, BUS_SECRET_ENV);
    this.logger.error(err.message);
    void this.stop(err);
    this.fire('refused', err);
  }

  private warnIfExposed(): void {
    let host: string;
    try {
      host = new URL(this.url).hostname;
    } catch {
      return;
    }
    if (isLoopbackHost(host)) return;
    const plain = this.url.startsWith('ws:');
    if (!plain && this.secret) return;
    warnExposure(
      this.logger,
      `SECURITY: connecting to the messagebus at ${this.url}, which is not on this machine` +
        (plain ? ': every frame crosses the network unencrypted over ws://' : '') +
        (this.secret ? '' : `${plain ? ', and' : ':'} no shared secret is set (secret option or ${BUS_SECRET_ENV})`),
    );
  }

  private scheduleReconnect(): void {
    if (this.options.reconnect === false) return;
    const delay = reconnectDelay(this.attempt, this.options.reconnect);
    this.attempt++;
    this.logger.debug(`reconnecting to ${this.url} in ${delay} ms (attempt ${this.attempt})`);
    this.fire('reconnect', this.attempt, delay);
    this.reconnectTimer = setTimeout(() => {
      if (!this.closed) this.openSocket();
    }, delay);
  }

  private onFrame(data: WebSocket.RawData, _isBinary: boolean): void {
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
    const max = this.options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
    if (size > max) {
      this.handlers.dispatchMalformed(new MalformedMessageError(`dropped a frame of ${size} bytes unread: larger than maxFrameBytes (${max})`), '');
      return;
    }
    if (size > 3 * OWN_FRAME_MAX_CHARS) {
      // too long to be one of our own remembered frames: a type nothing here handles is not even decoded
      const first = Array.isArray(data) ? data[0]! : (data as Buffer);
      const head = leadingType(first);
      if (head !== undefined && !this.wants(head)) return;
      if (head === undefined && size > MAX_UNTYPED_FRAME_CHARS) return this.refuseUntyped(size, leadingText(first));
    }
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : (data as Buffer).toString('utf8');
    const ownType = this.ownFrames.match(text);
    if (ownType !== undefined && !this.wants(ownType)) return; // our own frame back, and nothing here wants it
    this.receiveFrame(text);
  }

  /**
   * Whether a large frame (see `skipUnwantedFrames`), of which only the first 2 KiB arrived, is to be gathered and
   * read: only when something here wants its leading type, or it does not start with one (then it must be parsed
   * to know, unless it is over `MAX_UNTYPED_FRAME_CHARS`: refused unread).
   */
  private takesLargeFrame(head: Buffer, length: number): boolean {
    const type = leadingType(head);
    let takes = type === undefined || this.wants(type);
    if (type === undefined && length > MAX_UNTYPED_FRAME_CHARS) {
      this.refuseUntyped(length, leadingText(head));
      takes = false;
    }
    if (!takes) this.skippedLarge++;
    return takes;
  }

  private fire<E extends keyof ConnectionEvents>(event: E, ...args: ConnectionEvents[E]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        (listener as (...a: ConnectionEvents[E]) => void)(...args);
      } catch (err) {
        this.logger.error(`Error in '${event}' connection listener`, err);
      }
    }
  }
}
