import { FakeBus, Message, type JsonObject } from '@ovos-tools/core';
import { parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { silentLogger } from '@ovos-tools/core';

/**
 * A provider on a FakeBus over the given plugin roots, with a helper that sends a request and returns the reply data.
 * Toolboxes run `inline` unless `config.isolation` says otherwise, so tests can share `globalThis` with their
 * fixtures; the isolation tests pass `worker` or `process` explicitly.
 */
export async function startFakeProvider(roots: string[], config: Record<string, unknown> = {}, options: { brainFromConfig?: boolean } = {}) {
  const bus = new FakeBus();
  const settings = parseProviderConfig({ isolation: 'inline', federation: false, ...config });
  const provider = new ToolsProvider({ bus, pluginRoots: roots, settings, logger: silentLogger, logLevel: 'silent', ...(options.brainFromConfig ? {} : { brain: null }) });
  const report = await provider.start();
  const ask = async (type: string, data: JsonObject = {}, context: JsonObject = {}, timeoutMs = 5000): Promise<JsonObject> => {
    const reply = await bus.waitForResponse(new Message(type, data, context), undefined, timeoutMs);
    if (!reply) throw new Error(`no reply to ${type}`);
    return reply.data;
  };
  /** Counts every message of `type` emitted on the bus from now on. */
  const count = (type: string) => {
    const seen: Message[] = [];
    bus.on(type, (m) => void seen.push(m));
    return seen;
  };
  return { bus, provider, report, ask, count };
}
