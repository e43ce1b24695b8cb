import type { ToolDescriptor } from '@ovos-tools/core';
import { fakeToolService as realServiceOver, type FakeTool } from '../helpers/fakeToolService.js';

const tool = (name: string, extra: Partial<ToolDescriptor> = {}): ToolDescriptor => ({
  name,
  description: `${name} tool`,
  argumentSchema: { type: 'object', properties: { n: { type: 'integer' }, ms: { type: 'integer' } } },
  outputSchema: { type: 'object', properties: { session: { type: ['string', 'null'] }, n: { type: ['integer', 'null'] } } },
  ...extra,
});

/** `whoami` answers `{session, n}` (the MCP session id its context carries) after `ms`, honouring the signal. */
const whoami = (aborted: string[]): FakeTool['run'] => async (args, context, signal, ctx) => {
  ctx.onProgress?.({ progress: 1, total: 2 });
  const ms = args.ms as number | undefined;
  if (ms) {
    const stopped = await new Promise<boolean>((resolve) => {
      const t = setTimeout(() => resolve(false), ms);
      signal.addEventListener('abort', () => {
        clearTimeout(t);
        resolve(true);
      });
    });
    if (stopped) {
      aborted.push(String(args.n));
      throw new Error('aborted');
    }
  }
  return { session: (context.mcp_session_id as string | undefined) ?? null, n: (args.n as number | undefined) ?? null };
};

/**
 * The real tool service over function hosts (see `helpers/fakeToolService.ts`) with the tools these MCP tests use:
 * `whoami`, `broken` (fails with `execution_failed`), `odd name.v2`; `addTool(name)` adds one and fires onChange.
 */
export function fakeToolService() {
  const aborted: string[] = [];
  const run = whoami(aborted);
  const service = realServiceOver([
    { tool: tool('whoami', { readOnly: true, title: 'Who am I' }), toolboxId: 'fake-tools', run },
    {
      tool: tool('broken', { destructive: true }),
      toolboxId: 'fake-tools',
      run: async () => {
        throw new Error("Tool execution failed for 'broken'");
      },
    },
    { tool: tool('odd name.v2'), toolboxId: 'fake-tools', run },
  ], { authorize: () => ({ allowed: true }) }); // MCP mechanics here; the access decisions are tested in e2e/test/oneDoor.test.ts
  return {
    service,
    aborted,
    listenerCount: () => service.listenerCount(),
    addTool(name: string) {
      service.addTool({ tool: tool(name), toolboxId: 'fake-tools', run });
    },
  };
}
