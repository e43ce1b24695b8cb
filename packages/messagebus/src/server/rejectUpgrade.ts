import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { UpgradeRejection } from './checkUpgrade.js';

/** Answers a refused websocket upgrade with a plain-text HTTP error (`status` and `reason`) and closes the socket. */
export function rejectUpgrade(socket: Duplex, { status, reason }: UpgradeRejection): void {
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Connection: close\r\nContent-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
