import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { silentLogger, type Logger } from '@ovos-tools/core';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { DEFAULT_MESSAGEBUS_CONFIG, busUrl, normalizeRoute } from '../config/MessageBusConfig.js';
import { admitAfterAuthFrame } from './awaitAuthFrame.js';
import { checkUpgrade } from './checkUpgrade.js';
import { gateLargeFrames, type FrameGate } from './LargeFrameGate.js';
import { relayLargeFrames, type LargeFrameFanOut } from './relayLargeFrames.js';
import { ClientWriter } from './ClientWriter.js';
import { closeGracefully } from './closeGracefully.js';
import { answerPlainHttp, logClientError } from './clientLog.js';
import { DEFAULT_MAX_BUFFERED_BYTES, resolveClientRate, type MessageBusServerOptions } from './MessageBusServerOptions.js';
import { throttleClient, type ClientRate } from './throttleClient.js';
import { notifyListeners } from './notifyListeners.js';
import { rejectUpgrade } from './rejectUpgrade.js';
import { resolveBusSecret } from './sharedSecret.js';
import { warnBusExposure } from './warnBusExposure.js';
import { InProcessBusClient, type InProcessBusClientOptions } from './InProcessBusClient.js';

/**
 * The frame ovos-messagebus sends to each new connection, and only to it (wire spec §6.5, 2025+ servers).
 */
export const CONNECTED_GREETING = '{"type":"connected","data":{},"context":{"session":{"session_id":"default"}}}';

/**
 * An embedded OVOS-compatible messagebus server (ovos-messagebus, wire spec §6.5), built on `ws`.
 *
 * Each new connection gets {@link CONNECTED_GREETING}; every frame received is relayed unmodified (no parsing,
 * like OVOS with `websocket.filter` off) to every connected client, the sender included, in the order received.
 * Binary frames are relayed as binary. Safer than the original where compatibility allows: loopback by default,
 * browser origins refused unless allowed, an optional shared secret, and backpressure (a client whose send buffer
 * passes `maxBufferedBytes` is terminated rather than growing memory). Code in the same process joins with
 * {@link MessageBusServer.attach} instead of a websocket: same semantics, no second hop.
 *
 * @example
 * const server = new MessageBusServer({ port: 0 });
 * await server.start();
 * console.log(server.url); // ws://127.0.0.1:40123/core
 * await server.close();
 */
export class MessageBusServer {
  private readonly host: string;
  private readonly requestedPort: number;
  private readonly route: string;
  private readonly maxPayload: number;
  private readonly allowedOrigins: readonly string[];
  private readonly allowedHosts: readonly string[];
  private readonly secret: string | undefined;
  private readonly authTimeoutMs: number;
  private readonly pending = new Set<WebSocket>();
  private readonly maxBufferedBytes: number;
  private readonly logger: Logger;
  private readonly clients = new Set<WebSocket>();
  private readonly writer: ClientWriter;
  private readonly attachments = new Set<InProcessBusClient>();
  private readonly connectionListeners = new Set<() => void>();
  private readonly disconnectionListeners = new Set<() => void>();
  private http: Server | undefined;
  private wss: WebSocketServer | undefined;
  private startPromise: Promise<void> | undefined;
  private closePromise: Promise<void> | undefined;
  private relayed = 0;
  private readonly rate: ClientRate | undefined;
  private throttled = 0;
  /** Where large frames taken in by a connection's gate go (see {@link relayLargeFrames}). */
  private readonly fanOut: LargeFrameFanOut;

  constructor(options: MessageBusServerOptions = {}) {
    this.host = options.host ?? DEFAULT_MESSAGEBUS_CONFIG.host;
    this.requestedPort = options.port ?? DEFAULT_MESSAGEBUS_CONFIG.port;
    this.route = normalizeRoute(options.route ?? DEFAULT_MESSAGEBUS_CONFIG.route);
    const mib = options.maxMsgSizeMiB ?? DEFAULT_MESSAGEBUS_CONFIG.maxMsgSizeMiB;
    if (!(mib > 0)) throw new RangeError(`maxMsgSizeMiB must be a positive number of MiB, got ${mib}`);
    this.maxPayload = Math.floor(mib * 1024 * 1024);
    this.allowedOrigins = [...(options.allowedOrigins ?? [])];
    this.allowedHosts = [...(options.allowedHosts ?? [])];
    this.secret = resolveBusSecret(options.secret);
    this.authTimeoutMs = options.authTimeoutMs ?? 5000;
    this.maxBufferedBytes = options.maxBufferedBytes ?? Math.max(DEFAULT_MAX_BUFFERED_BYTES, 2 * this.maxPayload);
    this.logger = options.logger ?? silentLogger;
    this.writer = new ClientWriter(this.clients, this.maxBufferedBytes, this.logger);
    this.rate = resolveClientRate(options, this.maxPayload);
    this.fanOut = { clients: this.clients, attachments: this.attachments, writer: this.writer, logger: this.logger, counted: () => void this.relayed++ };
    if (!Number.isInteger(this.requestedPort) || this.requestedPort < 0 || this.requestedPort > 65535) {
      throw new RangeError(`port must be an integer 0-65535, got ${this.requestedPort}`);
    }
  }

  /**
   * Starts listening. Resolves once the port is bound; calling it again returns the same promise.
   * @throws the listen error (e.g. `EADDRINUSE` when the port is taken), or an Error after {@link close}.
   */
  start(): Promise<void> {
    if (this.closePromise) return Promise.reject(new Error('MessageBusServer was closed; create a new one'));
    this.startPromise ??= this.listen();
    return this.startPromise;
  }

  /** The bound port after {@link start} (the ephemeral one when `port: 0` was asked); before that, the requested one. */
  get port(): number {
    const addr = this.http?.address();
    return addr && typeof addr === 'object' ? (addr as AddressInfo).port : this.requestedPort;
  }

  /** `ws://<host>:<port><route>` with the bound port, e.g. `ws://127.0.0.1:8181/core`. */
  get url(): string {
    return busUrl({ host: this.host, port: this.port, route: this.route, ssl: false });
  }

  /** Whether clients must present a shared secret. */
  get requiresSecret(): boolean {
    return this.secret !== undefined;
  }

  /** How many clients are connected now (authenticated ones; connections still owing their auth frame are not counted). */
  get connectionCount(): number {
    return this.clients.size;
  }

  /**
   * Calls `listener` each time a websocket client is admitted: at once when no secret is required, else once its
   * credential (in the handshake or its first frame) checks out; right after it is greeted, before any frame of it
   * is relayed. Not for {@link attach}ed clients. A listener that throws is logged and does not stop the others.
   * @returns a function that removes the listener.
   */
  onClientConnected(listener: () => void): () => void {
    this.connectionListeners.add(listener);
    return () => void this.connectionListeners.delete(listener);
  }

  /**
   * Calls `listener` each time an admitted websocket client's connection closes (after it left the count of
   * {@link connectionCount}). Not for {@link attach}ed clients. A listener that throws is logged and does not stop the
   * others.
   * @returns a function that removes the listener.
   */
  onClientDisconnected(listener: () => void): () => void {
    this.disconnectionListeners.add(listener);
    return () => void this.disconnectionListeners.delete(listener);
  }

  /** How many in-process clients ({@link attach}) are attached now. */
  get attachmentCount(): number { return this.attachments.size; }

  /**
   * A client of this bus in the same process, with no websocket in between: an {@link InProcessBusClient}
   * implementing core's `Bus` with the semantics of a websocket client of this server (it gets the greeting,
   * sees its own emits, frames in relay order, same backpressure bound). Use it to serve on an embedded bus
   * without paying a second websocket hop per message. Works before {@link start}; closed by {@link close}.
   * @throws Error after {@link close}.
   */
  attach(options: InProcessBusClientOptions = {}): InProcessBusClient {
    if (this.closePromise) throw new Error('MessageBusServer was closed; create a new one');
    const client = new InProcessBusClient(
      { publish: (frame, type) => this.publish(frame, type), detach: (c) => void this.attachments.delete(c) },
      { maxBufferedBytes: this.maxBufferedBytes, maxPayload: this.maxPayload },
      { ...options, logger: options.logger ?? this.logger },
    );
    this.attachments.add(client);
    client.deliver(CONNECTED_GREETING, 'connected');
    return client;
  }

  /** How many frames were received and broadcast since start (each counted once, whatever the fan-out). */
  get framesRelayed(): number {
    return this.relayed;
  }

  /** How many times a client's reading was paused for sending more than its byte budget (`clientBytesPerSecond`). */
  get clientsThrottled(): number {
    return this.throttled;
  }

  /** How many clients were terminated for not reading (unsent data above `maxBufferedBytes`). */
  get slowClientsDropped(): number {
    return this.writer.dropped;
  }

  /**
   * Stops accepting connections, closes every connection (code 1001, terminated if it has not closed within
   * 1 s) and releases the port. Idempotent: later calls return the same promise. Safe before {@link start}.
   */
  close(): Promise<void> {
    this.closePromise ??= this.shutdown();
    return this.closePromise;
  }

  private async listen(): Promise<void> {
    const wss = new WebSocketServer({ noServer: true, maxPayload: this.maxPayload, perMessageDeflate: false });
    const http = createServer((_req, res) => answerPlainHttp(res, this.route));
    http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.onUpgrade(req, socket, head));
    this.http = http;
    this.wss = wss;
    await new Promise<void>((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      http.once('error', onError);
      http.listen(this.requestedPort, this.host, () => {
        http.off('error', onError);
        http.on('error', (err) => this.logger.error('messagebus server error', err));
        resolve();
      });
    });
    this.logger.info(`messagebus listening on ${this.url}`);
    warnBusExposure(this.logger, this.url, this.host, this.secret);
  }

  private onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const decision = this.closePromise
      ? { status: 503 as const, reason: 'Server is shutting down' }
      : checkUpgrade(req, {
          route: this.route,
          host: this.host,
          allowedHosts: this.allowedHosts,
          allowedOrigins: this.allowedOrigins,
          secret: this.secret,
        });
    if (decision.status !== 101) {
      this.logger.warn(`refused websocket upgrade from ${req.socket.remoteAddress ?? '?'}: ${decision.reason}`);
      rejectUpgrade(socket, decision);
      return;
    }
    const label = `${req.socket.remoteAddress ?? '?'}:${req.socket.remotePort ?? '?'}`;
    this.wss!.handleUpgrade(req, socket, head, (ws) => {
      const gate = gateLargeFrames(socket, this.maxPayload, () => ws.readyState === ws.OPEN, () => ws.readyState === ws.OPEN && !ws.isPaused);
      this.writer.track(ws, socket, label);
      if (decision.authenticated) this.onConnection(ws, label, gate);
      else admitAfterAuthFrame(ws, this.secret!, this.authTimeoutMs, this.pending, this.logger, () => this.onConnection(ws, label, gate));
    });
  }

  private onConnection(ws: WebSocket, label: string, gate: FrameGate): void {
    this.clients.add(ws);
    this.logger.debug(`client ${label} connected (${this.clients.size} connected)`);
    ws.on('error', (err) => logClientError(this.logger, label, this.maxPayload, err));
    ws.on('close', (code) => {
      this.clients.delete(ws);
      this.logger.debug(`client disconnected with ${code} (${this.clients.size} connected)`);
      notifyListeners(this.disconnectionListeners, this.logger);
    });
    const charge = this.rate && throttleClient(ws, label, this.rate, this.logger, () => this.throttled++);
    ws.on('message', (data, isBinary) => {
      charge?.(Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength);
      this.relay(data, isBinary, ws);
    });
    relayLargeFrames(gate, ws, label, charge, this.fanOut);
    this.writer.send(ws, CONNECTED_GREETING, false);
    notifyListeners(this.connectionListeners, this.logger);
  }

  private relay(data: RawData, isBinary: boolean, sender: WebSocket): void {
    this.relayed++;
    const payload = Array.isArray(data) ? Buffer.concat(data) : data;
    // attachments first: their dispatch is then queued before the write batch's uncork, so an answer computed in
    // the same turn leaves in the same write as the request's echo
    for (const attached of this.attachments) attached.deliver(Buffer.isBuffer(payload) ? payload : Buffer.from(payload), undefined, sender);
    for (const client of this.clients) this.writer.send(client, payload, isBinary);
  }

  /** Broadcasts a frame emitted by an attachment: encoded once for every websocket client, handed as text to attachments. */
  private publish(frame: string, type: string): void {
    this.relayed++;
    if (this.clients.size) {
      const payload = Buffer.from(frame, 'utf8');
      for (const client of this.clients) this.writer.send(client, payload, false);
    }
    for (const attached of this.attachments) attached.deliver(frame, type);
  }

  private async shutdown(): Promise<void> {
    for (const attached of [...this.attachments]) attached.shutDown('server closed');
    await this.startPromise?.catch(() => undefined);
    const http = this.http;
    if (!http) return;
    const closed = closeGracefully([...this.clients, ...this.pending]);
    const httpClosed = new Promise<void>((resolve) => http.close(() => resolve()));
    await closed;
    http.closeAllConnections();
    this.wss?.close();
    await httpClosed;
    this.logger.info('messagebus closed');
  }
}
