import { toWireError, type CallOutcome } from '@ovos-tools/core';
import type { CallToolOptionsLike, ToolBoxLike } from '../loading/checkToolBox.js';

/**
 * Runs `ToolBox.callTool` (validate args → tool → validate output) and turns whatever happens into a
 * {@link CallOutcome}; never rejects. Shared by the inline host and the worker/process runtime.
 */
export async function toolCallOutcome(instance: ToolBoxLike, name: string, args: unknown, options: CallToolOptionsLike): Promise<CallOutcome> {
  try {
    return { ok: true, result: await instance.callTool(name, args, options) };
  } catch (err) {
    return { ok: false, error: toWireError(err) };
  }
}
