import type { JsonObject } from '@ovos-tools/core';
import type { ToolsProvider } from '../ToolsProvider.js';
import { invalidNameText, MISSING_NAME, readRequestName, unknownToolText } from './requestName.js';

/**
 * The data of `ovos.tools.invoke.response` (wire spec §4.4): `{name, result, toolbox_id, latency_ms}` or
 * `{name, error, code, toolbox_id?, latency_ms?}`. `args` defaults to `{}` when absent (as OVOS); `name` is
 * echoed as sent (`""` when missing). Errors from the tool keep OVOS's `"<ErrorClass>: <message>"` form.
 * The call runs on the generation current when it arrived, under the provider's execution policy.
 */
export async function invokeToolResponse(provider: ToolsProvider, data: JsonObject): Promise<JsonObject> {
  const name = readRequestName(data.name);
  if (name.kind === 'missing') return { name: '', error: MISSING_NAME, code: 'missing_name' };
  if (name.kind === 'invalid') return { name: data.name, error: invalidNameText(name.received), code: 'invalid_request' };
  const registry = provider.registry;
  const release = registry.acquire();
  try {
    const entry = registry.lookup(name.name);
    if (!entry) return { name: data.name, error: unknownToolText(name.name), code: 'unknown_tool' };
    const args = 'args' in data ? data.args : {};
    const outcome = await provider.policy.run(entry, args);
    return outcome.ok
      ? { name: data.name, result: outcome.result, toolbox_id: outcome.toolboxId, latency_ms: outcome.latencyMs }
      : { name: data.name, error: outcome.error.error, code: outcome.error.code, toolbox_id: outcome.toolboxId, latency_ms: outcome.latencyMs };
  } finally {
    release();
  }
}
