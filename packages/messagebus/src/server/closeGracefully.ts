import type { WebSocket } from 'ws';

/**
 * Closes every connection with 1001 (going away), terminating one that has not closed within 1 s; resolves when all
 * are closed. Already-closed connections resolve at once.
 */
export function closeGracefully(connections: readonly WebSocket[]): Promise<void> {
  const closed = connections.map(
    (ws) =>
      new Promise<void>((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        const timer = setTimeout(() => ws.terminate(), 1000);
        ws.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        ws.close(1001, 'server shutting down');
      }),
  );
  return Promise.all(closed).then(() => undefined);
}
