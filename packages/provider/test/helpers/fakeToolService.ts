import type { JsonObject, ToolDescriptor } from '@ovos-tools/core';
import type {
  Authorizer,
  CatalogEntry,
  GetOutcome,
  InvokeOutcome,
  InvokeRequest,
  ListQuery,
  ToolService,
} from '../../src/service/ToolService.js';

/** What a fake tool does: answer a result, or throw to fail with `execution_failed`. */
export type FakeHandler = (args: Record<string, unknown>, context: JsonObject, signal: AbortSignal) => Promise<Record<string, unknown>>;

/**
 * A small in-memory {@link ToolService} for transport tests (until the real `ToolsProvider.service` lands):
 * the catalog, tag AND-filtering, the authorizer on list/get/invoke, and every invoke request recorded.
 */
export function fakeToolService(
  tools: Array<{ tool: ToolDescriptor; toolboxId: string; kind?: CatalogEntry['kind']; run: FakeHandler }>,
  authorize: Authorizer = () => ({ allowed: true }),
): ToolService & { requests: InvokeRequest[] } {
  const entries: CatalogEntry[] = tools.map((t) => ({ tool: t.tool, toolboxId: t.toolboxId, kind: t.kind ?? 'inline', source: t.toolboxId }));
  const run = new Map(tools.map((t) => [t.tool.name, t.run]));
  const requests: InvokeRequest[] = [];
  const caller0 = { transport: 'in-process' as const };
  const visible = (e: CatalogEntry, caller = caller0) => authorize(caller, e).allowed;
  const service = {
    requests,
    generation: 1,
    list(query: ListQuery = {}) {
      return entries.filter((e) => visible(e, query.caller) && (query.tags ?? []).every((t) => (e.tool.tags ?? []).includes(t)));
    },
    get(name: string, caller = caller0): GetOutcome {
      const entry = entries.find((e) => e.tool.name === name);
      if (!entry) return { ok: false, error: { error: `ValueError: Unknown tool: ${name}`, code: 'unknown_tool' } };
      const d = authorize(caller, entry);
      if (!d.allowed) return { ok: false, error: { error: `RuntimeError: Forbidden: ${d.rule}`, code: 'forbidden' } };
      return { ok: true, entry };
    },
    async invoke(request: InvokeRequest): Promise<InvokeOutcome> {
      requests.push(request);
      const started = performance.now();
      const latencyMs = () => Math.round((performance.now() - started) * 1000) / 1000;
      const got = service.get(request.name, request.caller ?? caller0);
      if (!got.ok) return { ok: false, error: got.error, latencyMs: latencyMs() };
      try {
        const result = await run.get(request.name)!((request.args ?? {}) as Record<string, unknown>, request.context ?? {}, request.signal ?? new AbortController().signal);
        return { ok: true, result, toolboxId: got.entry.toolboxId, latencyMs: latencyMs() };
      } catch (err) {
        return { ok: false, error: { error: `RuntimeError: ${(err as Error).message}`, code: 'execution_failed' }, toolboxId: got.entry.toolboxId, latencyMs: latencyMs() };
      }
    },
    async reload() {
      return { loaded: [], totalTools: entries.length, generation: 1, problems: [], added: [], removed: [], updated: [], durationMs: 0 };
    },
    onChange() {
      return () => {};
    },
    toolboxes() {
      return [];
    },
    problems() {
      return [];
    },
    collisions() {
      return [];
    },
  };
  return service;
}

/** A descriptor with an object argument schema. */
export function descriptor(name: string, extra: Partial<ToolDescriptor> & Record<string, unknown> = {}): ToolDescriptor {
  return {
    name,
    description: `${name} does things`,
    argumentSchema: { type: 'object', properties: { microdao_id: { type: 'string' } } },
    outputSchema: { type: 'object' },
    ...extra,
  };
}
