import { compileSchema, type CallOutcome, type HostCallContext, type ToolDescriptor, type ToolboxHost } from '@ovos-tools/core';
import { createAccessControl, type AccessControl } from '../../src/access/AccessControl.js';
import type { AgentDefinition } from '../../src/access/AgentDefinition.js';
import { CatalogHolder } from '../../src/catalog/CatalogHolder.js';
import { createToolService } from '../../src/compose/createToolService.js';
import { parseProviderConfig } from '../../src/config/ProviderConfig.js';
import type { MetricsRecorder } from '../../src/metrics/MetricsRecorder.js';
import { ExecutionPolicy } from '../../src/policy/ExecutionPolicy.js';
import { RegistryGeneration, type HostedToolbox } from '../../src/registry/RegistryGeneration.js';
import type { ToolService } from '../../src/service/ToolService.js';
import type { Authorizer } from '../../src/service/AccessDecision.js';
import type { CatalogEntry } from '../../src/service/CatalogEntry.js';
import type { InvokeRequest } from '../../src/service/InvokeRequest.js';
import type { ReloadReport } from '../../src/service/ReloadReport.js';
import { silentLogger } from '@ovos-tools/core';

/** What a test tool does: answer a result, or throw to fail with `execution_failed`. */
export type FakeHandler = (args: Record<string, unknown>, context: HostCallContext['context'], signal: AbortSignal, ctx: HostCallContext) => Promise<Record<string, unknown>>;

/** One tool of a {@link fakeToolService}: its descriptor, its toolbox, and what it does. */
export interface FakeTool {
  tool: ToolDescriptor;
  toolboxId: string;
  kind?: CatalogEntry['kind'];
  run: FakeHandler;
}

/** A host over plain functions; arguments are checked against the tool's argument schema, as a toolbox's `callTool` does. */
function functionHost(toolboxId: string, kind: CatalogEntry['kind'], tools: FakeTool[]): ToolboxHost {
  return {
    kind,
    toolboxId,
    describe: () => ({ toolboxId, tools: tools.map((t) => t.tool) }),
    async call(name, args, ctx): Promise<CallOutcome> {
      const t = tools.find((x) => x.tool.name === name)!;
      const parsed = compileSchema((t.tool.argumentSchema ?? { type: 'object' }) as object).parse(args ?? {});
      if (!parsed.ok) return { ok: false, error: { error: `ValueError: Invalid arguments for '${name}': ${parsed.problems.join('; ')}`, code: 'invalid_arguments' } };
      try {
        return { ok: true, result: await t.run(parsed.value as Record<string, unknown>, ctx.context, ctx.signal, ctx) };
      } catch (err) {
        return { ok: false, error: { error: `RuntimeError: ${(err as Error).message}`, code: 'execution_failed' } };
      }
    },
    health: () => ({ state: 'ready', restarts: 0, inflight: 0 }),
    close: async () => {},
  };
}

/**
 * The REAL tool service (`createToolService`: catalog lookup, access control with agents' allowlists and limits,
 * the execution policy) over hosts that run plain functions, for transport tests: what a transport shows is
 * what it would show over a provider. Every invoke request is recorded in `requests`; `addTool` swaps in a
 * generation with one more tool (transports hear of it through `onChange`).
 * @param access - `agents` for the provider's own access control, or an `authorize` function in its place;
 *   `metrics` the service records into; `rebuild` what a permitted reload runs (default: report the current catalog).
 */
export function fakeToolService(
  tools: FakeTool[],
  access: { agents?: readonly AgentDefinition[]; authorize?: Authorizer; control?: AccessControl; metrics?: MetricsRecorder; rebuild?: () => Promise<ReloadReport> } = {},
): ToolService & { requests: InvokeRequest[]; addTool(tool: FakeTool): void; listenerCount(): number } {
  const all = [...tools];
  const catalog = new CatalogHolder();
  const build = (number: number) => {
    const ids = [...new Set(all.map((t) => t.toolboxId))];
    const hosted: HostedToolbox[] = ids.map((id) => {
      const own = all.filter((t) => t.toolboxId === id);
      return { host: functionHost(id, own[0]!.kind ?? 'inline', own), source: id, packageName: id, fingerprint: id, origin: 'plugin' };
    });
    return new RegistryGeneration(number, hosted, []);
  };
  const report = (g: RegistryGeneration, added: string[] = []): ReloadReport => ({
    loaded: g.loaded,
    totalTools: g.totalTools,
    generation: g.number,
    problems: [],
    added,
    removed: [],
    updated: [],
    durationMs: 0,
  });
  const first = build(1);
  catalog.swap(first, report(first, all.map((t) => t.tool.name)));
  const agents = access.agents ?? [];
  const base = access.control ?? createAccessControl({ agents });
  const control: AccessControl = access.authorize ? { ...base, canUse: access.authorize } : base;
  const service = createToolService({
    catalog,
    rebuild: access.rebuild ?? (async () => report(catalog.current)),
    access: control,
    policy: new ExecutionPolicy(parseProviderConfig({}).policy, silentLogger),
    duplicateToolNames: 'precedence',
    ...(access.metrics ? { metrics: access.metrics } : {}),
  });
  const requests: InvokeRequest[] = [];
  let listeners = 0;
  return Object.assign(Object.create(service) as ToolService, {
    requests,
    invoke(request: InvokeRequest) {
      requests.push(request);
      return service.invoke(request);
    },
    onChange(listener: Parameters<ToolService['onChange']>[0]) {
      listeners++;
      const off = service.onChange(listener);
      return () => {
        listeners--;
        off();
      };
    },
    listenerCount: () => listeners,
    addTool(tool: FakeTool) {
      all.push(tool);
      const next = build(catalog.current.number + 1);
      catalog.swap(next, report(next, [tool.tool.name]));
    },
  });
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
