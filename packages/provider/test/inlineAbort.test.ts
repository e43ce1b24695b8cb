import { AgentTool, silentLogger, ToolBox, Type, type CallToolOptions, type Logger } from '@ovos-tools/core';
import { countAbortControllers } from '@ovos-tools/core/testing';
import { describe, expect, test } from 'vitest';
import { parseProviderConfig } from '../src/config/ProviderConfig.js';
import { toDescriptor } from '../src/hosts/descriptors.js';
import { InlineHost } from '../src/hosts/InlineHost.js';
import { ExecutionPolicy } from '../src/policy/ExecutionPolicy.js';
import type { CatalogEntry } from '../src/service/CatalogEntry.js';

/** A toolbox with `add` (never reads its signal) and `hang` (waits for ctx.signal), recording the signals it saw. */
class Tools extends ToolBox {
  static override toolboxId = 'lazy';
  seen: AbortSignal[] = [];
  discoverTools(): AgentTool[] {
    const any = Type.Object({}, { additionalProperties: true });
    return [
      new AgentTool({ name: 'add', description: 'Adds.', argumentSchema: Type.Object({ a: Type.Integer(), b: Type.Integer() }), outputSchema: any, toolCall: ({ a, b }) => ({ sum: a + b }) }),
      new AgentTool({
        name: 'hang',
        description: 'Waits until aborted.',
        argumentSchema: any,
        outputSchema: any,
        toolCall: (_a, ctx) => {
          this.seen.push(ctx.signal);
          return new Promise(() => {});
        },
      }),
    ];
  }
}

/** The same toolbox as one built on an older core would see its options: it reads `options.signal` only. */
class OlderCoreTools extends Tools {
  override callTool(name: string, args: unknown, options: CallToolOptions = {}): Promise<Record<string, unknown>> {
    return super.callTool(name, args, { signal: options.signal, context: options.context });
  }
}

function setUp(instance: Tools, settings: Record<string, unknown> = {}, logger: Logger = silentLogger) {
  const policy = new ExecutionPolicy(parseProviderConfig({ isolation: 'inline', ...settings }).policy, logger);
  const host = new InlineHost(instance);
  const entry = (name: string): CatalogEntry => ({ tool: toDescriptor(instance.tools.get(name)!), toolboxId: 'lazy', kind: 'inline', source: 'lazy' });
  return { run: (name: string, args: unknown) => policy.run(entry(name), host, { name, args }) };
}

describe('the policy and an inline host: one lazy abort per call', () => {
  test('a tool that never reads ctx.signal costs no AbortController at all', async () => {
    const { run } = setUp(new Tools({ logger: silentLogger }));
    const { count } = await countAbortControllers(async () => {
      for (let i = 0; i < 3; i++) expect(await run('add', { a: i, b: 1 })).toMatchObject({ ok: true, result: { sum: i + 1 } });
    });
    expect(count).toBe(0);
  });

  test('at the time limit the tool’s ctx.signal fires (aborted, caused by the timeout), and the call answers timeout', async () => {
    const tools = new Tools({ logger: silentLogger });
    const { run } = setUp(tools, { default_timeout_ms: 50 });
    const outcome = await run('hang', {});
    expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(tools.seen[0]?.aborted).toBe(true);
    const reason = tools.seen[0]?.reason as Error & { code: string };
    expect(reason.code).toBe('aborted');
    expect((reason.cause as Error).message).toBe("Tool 'hang' in ToolBox 'lazy' timed out after 50 ms");
  });

  test('a timeout’s log line names the setting its one limit came from', async () => {
    const warnings: string[] = [];
    const logger: Logger = { ...silentLogger, enabled: () => true, warn: (message: string) => warnings.push(message) };
    const { run } = setUp(new Tools({ logger: silentLogger }), { default_timeout_ms: 60_000, tool_timeouts: { hang: 40 } }, logger);
    expect(await run('hang', {})).toMatchObject({ ok: false, error: { code: 'timeout', error: "TimeoutError: Tool 'hang' in ToolBox 'lazy' timed out after 40 ms" } });
    expect(warnings.join('\n')).toMatch(/outcome=error code=timeout limit=tool_timeouts error=/);
    const defaulted = setUp(new Tools({ logger: silentLogger }), { default_timeout_ms: 40 }, logger);
    await defaulted.run('hang', {});
    expect(warnings.at(-1)).toContain('limit=default_timeout_ms');
  });

  test('a toolbox on an older core (it reads only options.signal) still sees the abort', async () => {
    const tools = new OlderCoreTools({ logger: silentLogger });
    const { run } = setUp(tools, { default_timeout_ms: 50 });
    expect(await run('add', { a: 2, b: 3 })).toMatchObject({ ok: true, result: { sum: 5 } });
    const outcome = await run('hang', {});
    expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(tools.seen[0]?.aborted).toBe(true);
  });
});
