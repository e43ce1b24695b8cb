import type { CatalogChange, CatalogEntry, InvokeOutcome, InvokeRequest, ToolService } from '../../src/service/ToolService.js';

const entry = (name: string, extra: Partial<CatalogEntry['tool']> = {}): CatalogEntry => ({
  tool: {
    name,
    description: `${name} tool`,
    argumentSchema: { type: 'object', properties: { n: { type: 'integer' }, ms: { type: 'integer' } } },
    outputSchema: { type: 'object', properties: { agent: { type: ['string', 'null'] }, n: { type: ['integer', 'null'] } } },
    ...extra,
  },
  toolboxId: 'fake-tools',
  kind: 'inline',
  source: 'fake-tools',
});

/**
 * An in-memory {@link ToolService} for transport tests: `whoami` answers `{agent, n}` after `ms` (honouring the
 * signal), `broken` fails with `execution_failed`; `rename(name)` adds a tool and fires onChange.
 */
export function fakeToolService() {
  const entries: CatalogEntry[] = [entry('whoami', { readOnly: true, title: 'Who am I' }), entry('broken', { destructive: true }), entry('odd name.v2')];
  const listeners = new Set<(c: CatalogChange) => void>();
  const aborted: string[] = [];
  const service: ToolService = {
    list: () => [...entries],
    get: (name) => {
      const e = entries.find((x) => x.tool.name === name);
      return e ? { ok: true, entry: e } : { ok: false, error: { error: `ValueError: Unknown tool '${name}'`, code: 'unknown_tool' } };
    },
    async invoke(req: InvokeRequest): Promise<InvokeOutcome> {
      const args = (req.args ?? {}) as { n?: unknown; ms?: number };
      if (args.n !== undefined && typeof args.n !== 'number') return { ok: false, error: { error: 'ValueError: Invalid arguments: n must be integer', code: 'invalid_arguments' }, latencyMs: 0 };
      if (req.name === 'broken') return { ok: false, error: { error: "RuntimeError: Tool execution failed for 'broken'", code: 'execution_failed' }, toolboxId: 'fake-tools', latencyMs: 0 };
      req.onProgress?.({ progress: 1, total: 2 });
      if (args.ms) {
        const stopped = await new Promise<boolean>((resolve) => {
          const t = setTimeout(() => resolve(false), args.ms);
          req.signal?.addEventListener('abort', () => {
            clearTimeout(t);
            resolve(true);
          });
        });
        if (stopped) {
          aborted.push(String(args.n));
          return { ok: false, error: { error: 'RuntimeError: aborted', code: 'aborted' }, toolboxId: 'fake-tools', latencyMs: 0 };
        }
      }
      return { ok: true, result: { agent: req.caller?.agentId ?? null, n: (args.n as number | undefined) ?? null }, toolboxId: 'fake-tools', latencyMs: 0 };
    },
    reload: async () => ({ loaded: [], totalTools: 0, generation: 1, problems: [], added: [], removed: [], updated: [], durationMs: 0 }),
    onChange(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    toolboxes: () => [],
    problems: () => [],
    collisions: () => [],
    generation: 1,
  };
  return {
    service,
    aborted,
    listenerCount: () => listeners.size,
    addTool(name: string) {
      entries.push(entry(name));
      for (const l of listeners) l({ generation: 2, loaded: [], totalTools: entries.length, added: [name], removed: [], updated: [] });
    },
  };
}
