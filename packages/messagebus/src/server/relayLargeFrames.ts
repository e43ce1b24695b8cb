import type { Logger } from '@ovos-tools/core';
import type { WebSocket } from 'ws';
import { unmaskedFrameHeader } from '../socket/frameHeader.js';
import type { ClientWriter } from './ClientWriter.js';
import type { InProcessBusClient } from './InProcessBusClient.js';
import type { FrameGate } from './LargeFrameGate.js';

/** What {@link relayLargeFrames} relays to: the server's clients, attachments and writer, and its relay count. */
export interface LargeFrameFanOut {
  /** The server's connected websocket clients, relayed to in the frame's pieces. */
  clients: ReadonlySet<WebSocket>;
  /** The in-process clients attached to the server (the provider's own), handed the frame whole. */
  attachments: ReadonlySet<InProcessBusClient>;
  /** The server's per-client writer (queues and backpressure). */
  writer: ClientWriter;
  /** Where a relay problem is logged. */
  logger: Logger;
  /** Called once per frame relayed (the server's `framesRelayed`). */
  counted: () => void;
}

/**
 * Streams an admitted connection's large frames (see `gateLargeFrames`): each whole one is charged to the client's
 * byte budget (`charge`, when it has one), then handed to every attachment (which reads it only if it wants its
 * type) and written to every websocket client in the pieces it arrived in, after a frame header made once. A large
 * text frame that is not UTF-8 closes the sender with 1007 (as `ws` does), logged with its `label`; it reaches nobody.
 */
export function relayLargeFrames(gate: FrameGate, ws: WebSocket, label: string, charge: ((bytes: number) => void) | undefined, to: LargeFrameFanOut): void {
  gate.streamTo({
    frame: (frame) => {
      charge?.(frame.length);
      to.counted();
      for (const attached of to.attachments) attached.deliver(frame, undefined, ws);
      if (to.clients.size === 0) return;
      const header = unmaskedFrameHeader(frame.length, frame.binary);
      for (const client of to.clients) to.writer.sendLarge(client, header, frame);
    },
    invalid: (reason) => {
      to.logger.warn(`closing messagebus client ${label}: it sent ${reason} (1007)`);
      ws.close(1007, 'Invalid UTF-8');
    },
  });
}
