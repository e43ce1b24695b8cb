import type { Logger } from '@ovos-tools/core';
import type { ToolBoxLike } from '@ovos-tools/core/contract';

/**
 * Runs `instance.warmUp()` (core's `ToolBox.warmUp`: load what the first calls would load) when the toolbox has one,
 * and logs a failure as a warning instead of passing it on: the tools then load what they need on first use, as
 * without a warm-up. Resolves when the warm-up has ended either way; never rejects.
 */
export async function warmUpToolbox(instance: ToolBoxLike, logger: Logger): Promise<void> {
  if (typeof instance.warmUp !== 'function') return;
  try {
    await instance.warmUp();
  } catch (err) {
    logger.warn(`toolbox '${instance.toolboxId}' could not warm up (${err instanceof Error ? err.message : String(err)}); its tools load what they need on first use`);
  }
}
