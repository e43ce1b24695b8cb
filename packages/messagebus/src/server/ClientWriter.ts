import type { Duplex } from 'node:stream';
import type { Logger } from '@ovos-tools/core';
import type { WebSocket } from 'ws';
import { WriteBatcher } from '../socket/WriteBatcher.js';
import type { LargeFrame } from './LargeFrameGate.js';

/**
 * How the bus server writes frames to its websocket clients: through the {@link WriteBatcher} (each admitted
 * connection's socket corked per event-loop turn), with backpressure — a client that still has more than
 * `maxBufferedBytes` unsent when the next frame is written to it is removed from `clients` and terminated.
 */
export class ClientWriter {
  /** Each admitted connection's socket, corked per event-loop turn by {@link WriteBatcher}. */
  private readonly sockets = new WeakMap<WebSocket, Duplex>();
  private readonly labels = new WeakMap<WebSocket, string>();
  private readonly batcher = new WriteBatcher();
  private droppedSlow = 0;

  constructor(
    private readonly clients: Set<WebSocket>,
    private readonly maxBufferedBytes: number,
    private readonly logger: Logger,
  ) {}

  /** How many clients were terminated for not reading. */
  get dropped(): number {
    return this.droppedSlow;
  }

  /** Remembers the socket under an admitted connection, so its writes are batched, and how logs name it (`address:port`). */
  track(client: WebSocket, socket: Duplex, label: string): void {
    this.sockets.set(client, socket);
    this.labels.set(client, label);
  }

  /** Writes one frame to `client` (nothing when it is not open); terminates it instead when it is not reading. */
  send(client: WebSocket, payload: string | Buffer | ArrayBuffer, binary: boolean): void {
    if (!this.admits(client)) return;
    const socket = this.sockets.get(client);
    if (socket) this.batcher.hold(socket);
    client.send(payload, { binary });
  }

  /**
   * Writes one large frame received by the gate to `client`, as `send` does, without joining its pieces: the frame
   * header, then each piece, straight to the socket (after whatever `ws` wrote before, in order: without
   * compression `ws` writes each frame to the socket at once, so frames from both paths keep the order they were
   * sent in).
   */
  sendLarge(client: WebSocket, header: Buffer, frame: LargeFrame): void {
    if (!this.admits(client)) return;
    const socket = this.sockets.get(client);
    if (!socket) return void client.send(Buffer.concat(frame.chunks, frame.length), { binary: frame.binary });
    this.batcher.hold(socket);
    socket.write(header);
    for (const chunk of frame.chunks) socket.write(chunk);
  }

  /** Whether `client` is open and reading; one that is not reading is removed and terminated. */
  private admits(client: WebSocket): boolean {
    if (client.readyState !== client.OPEN) return false;
    // Checked before sending, so one large frame to an idle client always goes out; a client that still has
    // more than the bound unsent when the next frame arrives is not keeping up.
    if (client.bufferedAmount > this.maxBufferedBytes) {
      this.droppedSlow++;
      this.logger.warn(
        `terminating client ${this.labels.get(client) ?? '?'}: it is not reading, ${client.bufferedAmount} bytes unsent (limit ${this.maxBufferedBytes})`,
      );
      this.clients.delete(client);
      client.terminate();
      return false;
    }
    return true;
  }
}
