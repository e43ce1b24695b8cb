import type { ServerResponse } from 'node:http';
import type { Logger } from '@ovos-tools/core';

/**
 * Logs a websocket client's connection error, naming the client (`label`: its address and port): a frame above
 * the size limit `maxPayload` (bytes) — `ws` closed the connection with 1009 without reading it — or another error.
 */
export function logClientError(logger: Logger, label: string, maxPayload: number, err: Error): void {
  const tooBig = (err as NodeJS.ErrnoException).code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';
  if (tooBig) logger.warn(`closed client ${label} with 1009: it sent a frame larger than ${maxPayload} bytes (websocket.max_msg_size ${maxPayload / 1024 / 1024} MiB); the frame was not read`);
  else logger.warn(`client ${label} connection error: ${err.message}`);
}

/** Answers a plain HTTP request to the bus's port with 426 Upgrade Required and where to connect. */
export function answerPlainHttp(res: ServerResponse, route: string): void {
  res.writeHead(426, { 'Content-Type': 'text/plain', Connection: 'close', Upgrade: 'websocket' });
  res.end(`This is an OVOS messagebus; connect with a websocket client to ${route}\n`);
}
