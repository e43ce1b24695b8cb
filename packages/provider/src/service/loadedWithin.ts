import type { ToolService } from './ToolService.js';

/** How long a request that arrives while the provider loads its toolboxes waits for the first load, ms. */
export const LOAD_WAIT_MS = 30_000;

/**
 * Waits for the service's first load for at most `ms` (default {@link LOAD_WAIT_MS}): true at once when it has
 * loaded, true when it finishes in time, false otherwise (answer `wireErrors.stillLoading` then, never silence).
 */
export function loadedWithin(service: Pick<ToolService, 'loaded' | 'whenLoaded'>, ms: number = LOAD_WAIT_MS): Promise<boolean> {
  if (service.loaded) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    timer.unref?.();
    void service.whenLoaded().then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
