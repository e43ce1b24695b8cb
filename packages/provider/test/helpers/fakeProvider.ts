import { FakeBus, Message, type JsonObject, type LogLevel } from '@ovos-tools/core';
import { parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { silentLogger } from '@ovos-tools/core';
import { afterEach } from 'vitest';

/**
 * A provider on a FakeBus over the given plugin roots, with a helper that sends a request and returns the reply data.
 * Toolboxes run `inline` unless `config.isolation` says otherwise, so tests can share `globalThis` with their
 * fixtures; the isolation tests pass `worker` or `process` explicitly. The toolboxes' own log lines are dropped unless
 * `options.logLevel` says otherwise.
 */
export async function startFakeProvider(roots: string[], config: Record<string, unknown> = {}, options: { brainFromConfig?: boolean; logLevel?: LogLevel } = {}) {
  const bus = new FakeBus();
  const settings = parseProviderConfig({ isolation: 'inline', federation: false, ...config });
  const provider = new ToolsProvider({ bus, pluginRoots: roots, settings, logger: silentLogger, logLevel: options.logLevel ?? 'silent', ...(options.brainFromConfig ? {} : { brain: null }) });
  const report = await provider.start();
  // 30 s: the answer is expected, so the wait only bounds a failure; 5 s ran out for a first invoke on a loaded CI machine
  const ask = async (type: string, data: JsonObject = {}, context: JsonObject = {}, timeoutMs = 30_000): Promise<JsonObject> => {
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

/**
 * What a test started and must end: `track()` each provider (closed) and plugin root (cleaned up) as it is made; after
 * each test they are ended in reverse order and forgotten.
 */
export function endAfterEach(): { track<T extends { close(): Promise<void> } | { cleanup(): void }>(thing: T): T } {
  const things: Array<{ close(): Promise<void> } | { cleanup(): void }> = [];
  afterEach(async () => {
    for (const thing of things.splice(0).reverse()) {
      if ('close' in thing) await thing.close();
      else thing.cleanup();
    }
  });
  return { track: (thing) => (things.push(thing), thing) };
}
