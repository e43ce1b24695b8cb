import type { Logger } from '@ovos-tools/core';

/** Calls every listener of a connection event; one that throws is logged on `logger` (warn), the others still run. */
export function notifyListeners(listeners: ReadonlySet<() => void>, logger: Logger): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch (err) {
      logger.warn(`a connection listener failed: ${(err as Error)?.message ?? err}`);
    }
  }
}
