import type { Logger } from '@ovos-tools/core';
import type { WebSocket } from 'ws';
import { ByteBudget } from './ByteBudget.js';

/**
 * Frames smaller than this (64 KiB) are not charged: the budget bounds big frames, the ones whose receiving, fan-out
 * and parsing cost the bus tens of milliseconds each. Small frames cost microseconds, and OVOS traffic is made of them.
 */
export const CHARGED_FRAME_BYTES = 64 * 1024;

/** A client's byte-rate limit: sustained bytes/s and the burst allowed after a quiet spell. */
export interface ClientRate {
  /** Sustained rate allowed, bytes per second. */
  bytesPerSecond: number;
  /** What may arrive at once after a quiet spell, bytes. */
  burstBytes: number;
}

/**
 * Puts one admitted websocket client on a byte budget ({@link ByteBudget}): every frame of at least
 * {@link CHARGED_FRAME_BYTES} it sends is charged; when
 * the budget runs dry, its socket is paused (`ws.pause()`: nothing more is read from it, so TCP slows the sender
 * down) until the budget refills, then resumed. Frames already read are still relayed, in order; other clients are
 * not affected. Logs a warning naming the client (`label`, e.g. its address and port) once per episode (when it is
 * first slowed after having kept within its budget), and calls `onThrottle` each time it is paused.
 * @returns a function that charges one frame of `bytes`; call it for every frame received.
 */
export function throttleClient(ws: WebSocket, label: string, rate: ClientRate, logger: Logger, onThrottle: () => void): (bytes: number) => void {
  const budget = new ByteBudget(rate.bytesPerSecond, rate.burstBytes);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let warned = false;
  ws.once('close', () => timer !== undefined && clearTimeout(timer));
  return (bytes) => {
    if (bytes < CHARGED_FRAME_BYTES) return;
    const waitMs = budget.charge(bytes);
    if (waitMs === 0) {
      if (timer === undefined) warned = false;
      return;
    }
    if (timer !== undefined) return; // already paused: the frames still buffered are charged as they come
    if (!warned) {
      warned = true;
      logger.warn(
        `slowing messagebus client ${label}: it sent more than its share (${rate.bytesPerSecond} bytes/s, bursts of ${rate.burstBytes}); reading from it pauses ${waitMs} ms at a time until it sends less`,
      );
    }
    onThrottle();
    ws.pause();
    timer = setTimeout(() => {
      timer = undefined;
      if (ws.readyState === ws.OPEN) ws.resume();
    }, waitMs);
  };
}
