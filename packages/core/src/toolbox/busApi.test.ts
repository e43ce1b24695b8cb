import { defineTool, FakeBus, Message, silentLogger, ToolBox, Type, type AgentTool } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';
import { FailTools, GOLDEN_ADD_ARGS, GOLDEN_ADD_OUTPUT, MathTools } from '../../test/fixtures.js';

/** Emits `message` and resolves with the data of its `.response` (per-toolbox API answers asynchronously for calls). */
async function ask(bus: FakeBus, type: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const reply = await bus.waitForResponse(new Message(type, data), undefined, 5_000);
  expect(reply, `no ${type}.response`).not.toBeNull();
  return reply!.data;
}

const MATH_CALL = 'ovos.persona.tools.math_tools.call';

describe('ovos.persona.tools.discover (wire spec §2.4, §9)', () => {
  it('every bound toolbox answers separately with {tools, toolbox_id}, keys in that order', () => {
    const bus = new FakeBus();
    new MathTools({ bus, logger: silentLogger });
    new FailTools({ bus, logger: silentLogger });
    const frames: string[] = [];
    bus.on('message', (raw: string) => {
      if (JSON.parse(raw).type === 'ovos.persona.tools.discover.response') frames.push(raw);
    });
    bus.emit(new Message('ovos.persona.tools.discover', {}));
    expect(frames).toHaveLength(2);
    const [math, fail] = frames.map((f) => JSON.parse(f).data);
    expect(Object.keys(math)).toEqual(['tools', 'toolbox_id']);
    expect(math).toEqual({
      tools: [{ name: 'add', description: 'Add two integers.', argument_schema: GOLDEN_ADD_ARGS, output_schema: GOLDEN_ADD_OUTPUT }],
      toolbox_id: 'math_tools',
    });
    expect(fail.toolbox_id).toBe('fail_tools');
    expect(fail.tools.map((t: { name: string }) => t.name)).toEqual(['fail']);
    expect(Object.keys(fail.tools[0])).toEqual(['name', 'description', 'argument_schema', 'output_schema']);
  });

  it('the response frame is exactly the OVOS envelope, with source/destination swapped and the session kept', () => {
    const bus = new FakeBus();
    new MathTools({ bus, logger: silentLogger });
    let frame = '';
    bus.on('message', (raw: string) => {
      if (raw.includes('discover.response')) frame = raw;
    });
    bus.emit(new Message('ovos.persona.tools.discover', {}, { source: 'cli', destination: 'phal' }));
    const parsed = JSON.parse(frame);
    expect(Object.keys(parsed)).toEqual(['type', 'data', 'context']);
    expect(parsed.type).toBe('ovos.persona.tools.discover.response');
    expect(parsed.context).toEqual({ source: 'phal', destination: 'cli', session: { session_id: 'default' } });
  });

  it('request data is ignored; discovery is refreshed first (a tool added later shows up)', async () => {
    let extra = false;
    class Growing extends ToolBox {
      static override toolboxId = 'growing';
      discoverTools(): AgentTool[] {
        const mk = (name: string) => defineTool({ name, description: '', argumentSchema: Type.Object({}), outputSchema: Type.Object({}), toolCall: () => ({}) });
        return extra ? [mk('a'), mk('b')] : [mk('a')];
      }
    }
    const bus = new FakeBus();
    new Growing({ bus, logger: silentLogger });
    expect(((await ask(bus, 'ovos.persona.tools.discover', { junk: 1 })).tools as unknown[]).length).toBe(1);
    extra = true;
    expect(((await ask(bus, 'ovos.persona.tools.discover', {})).tools as Array<{ name: string }>).map((t) => t.name)).toEqual(['a', 'b']);
  });

  it('when discovery throws it still answers (OVOS would not): {tools: [], toolbox_id, error, code}', async () => {
    class Broken extends ToolBox {
      static override toolboxId = 'broken';
      discoverTools(): AgentTool[] {
        throw new RangeError('config key "root_path" must be a string');
      }
    }
    const bus = new FakeBus();
    new Broken({ bus, logger: silentLogger });
    const data = await ask(bus, 'ovos.persona.tools.discover', {});
    expect(data).toEqual({ tools: [], toolbox_id: 'broken', error: 'RangeError: config key "root_path" must be a string', code: 'internal' });
  });
});

describe('ovos.persona.tools.<toolbox_id>.call (wire spec §2.5, §9)', () => {
  const setup = () => {
    const bus = new FakeBus();
    new MathTools({ bus, logger: silentLogger });
    new FailTools({ bus, logger: silentLogger });
    return bus;
  };

  it('success: exactly {result, toolbox_id}', async () => {
    const data = await ask(setup(), MATH_CALL, { name: 'add', kwargs: { a: 5, b: 6 } });
    expect(data).toEqual({ result: { result: 11 }, toolbox_id: 'math_tools' });
    expect(Object.keys(data)).toEqual(['result', 'toolbox_id']);
  });

  it('the full response frame, byte for byte (JSON.stringify formatting)', async () => {
    const bus = setup();
    const frames: string[] = [];
    bus.on('message', (raw: string) => void frames.push(raw));
    bus.emit(new Message(MATH_CALL, { name: 'add', kwargs: { a: 5, b: 6 } }, { source: 'cli', destination: 'phal' }));
    await new Promise((r) => setTimeout(r, 10));
    expect(frames).toEqual([
      '{"type":"ovos.persona.tools.math_tools.call","data":{"name":"add","kwargs":{"a":5,"b":6}},"context":{"source":"cli","destination":"phal","session":{"session_id":"default"}}}',
      '{"type":"ovos.persona.tools.math_tools.call.response","data":{"result":{"result":11},"toolbox_id":"math_tools"},"context":{"source":"phal","destination":"cli","session":{"session_id":"default"}}}',
    ]);
  });

  it.each([
    [{ a: 3, b: 4 }, 7],
    [{ a: '3', b: 4.0 }, 7],
    [{ a: true, b: 4 }, 5],
    [{ a: 1, b: 2, extra: 9 }, 3],
  ])('golden lax inputs: kwargs %j → %j', async (kwargs, sum) => {
    expect(await ask(setup(), MATH_CALL, { name: 'add', kwargs })).toEqual({ result: { result: sum }, toolbox_id: 'math_tools' });
  });

  const errorCases: Array<[string, Record<string, unknown>, string, string]> = [
    ['unknown tool', { name: 'nonexistent', kwargs: {} }, "ValueError: Unknown tool 'nonexistent' for ToolBox 'math_tools'.", 'unknown_tool'],
    ['3.5 for an int', { name: 'add', kwargs: { a: 3.5, b: 4 } }, "ValueError: Tool input validation failed for 'add' in ToolBox 'math_tools'", 'invalid_arguments'],
    ['no kwargs key', { name: 'add' }, "ValueError: Tool input validation failed for 'add' in ToolBox 'math_tools'", 'invalid_arguments'],
    [
      'kwargs null',
      { name: 'add', kwargs: null },
      "RuntimeError: Tool 'add' called with unexpected type arguments: NoneType. Must be Dict[str, Any] or ToolArguments.",
      'invalid_arguments',
    ],
    [
      'kwargs a list',
      { name: 'add', kwargs: [1, 2] },
      "RuntimeError: Tool 'add' called with unexpected type arguments: list. Must be Dict[str, Any] or ToolArguments.",
      'invalid_arguments',
    ],
    ['no name', { kwargs: {} }, "ValueError: Unknown tool '' for ToolBox 'math_tools'.", 'unknown_tool'],
  ];

  it.each(errorCases)('%s: {error, toolbox_id, code}, OVOS text first', async (_why, data, ovos, code) => {
    const reply = await ask(setup(), MATH_CALL, data);
    expect(Object.keys(reply)).toEqual(['error', 'toolbox_id', 'code']);
    expect(reply.toolbox_id).toBe('math_tools');
    expect(reply.code).toBe(code);
    expect(String(reply.error).startsWith(ovos)).toBe(true);
  });

  it('the validation detail after the OVOS text names the field', async () => {
    const reply = await ask(setup(), MATH_CALL, { name: 'add', kwargs: { a: 3.5, b: 4 } });
    expect(reply.error).toMatch(/^ValueError: Tool input validation failed for 'add' in ToolBox 'math_tools': a: .*integer.*3\.5/);
    const missing = await ask(setup(), MATH_CALL, { name: 'add' });
    expect(missing.error).toBe("ValueError: Tool input validation failed for 'add' in ToolBox 'math_tools': a: required property is missing; b: required property is missing");
  });

  it('execution failure on fail_tools', async () => {
    const reply = await ask(setup(), 'ovos.persona.tools.fail_tools.call', { name: 'fail', kwargs: {} });
    expect(reply).toEqual({
      error: "RuntimeError: Tool execution failed for 'fail' in ToolBox 'fail_tools': Error: Always raises",
      toolbox_id: 'fail_tools',
      code: 'execution_failed',
    });
  });

  it('a non-string name is answered as an unknown tool, never a crash', async () => {
    const reply = await ask(setup(), MATH_CALL, { name: 42, kwargs: {} });
    expect(reply.error).toMatch(/^ValueError: Unknown tool '42' for ToolBox 'math_tools'\./);
  });

  it('only the addressed toolbox answers its call topic', async () => {
    const bus = setup();
    const seen: string[] = [];
    bus.on('message', (raw: string) => void seen.push(JSON.parse(raw).type));
    await ask(bus, MATH_CALL, { name: 'add', kwargs: { a: 1, b: 1 } });
    expect(seen.filter((t) => t.endsWith('.response'))).toEqual(['ovos.persona.tools.math_tools.call.response']);
  });

  it('an async tool answers when it is done', async () => {
    class Later extends ToolBox {
      static override toolboxId = 'later';
      discoverTools(): AgentTool[] {
        return [
          defineTool({
            name: 'echo',
            description: '',
            argumentSchema: Type.Object({ text: Type.String() }),
            outputSchema: Type.Object({ text: Type.String() }),
            toolCall: async ({ text }) => {
              await new Promise((r) => setTimeout(r, 20));
              return { text };
            },
          }),
        ];
      }
    }
    const bus = new FakeBus();
    new Later({ bus, logger: silentLogger });
    expect(await ask(bus, 'ovos.persona.tools.later.call', { name: 'echo', kwargs: { text: 'olá' } })).toEqual({ result: { text: 'olá' }, toolbox_id: 'later' });
  });

  it('a timeout travels as {error: "TimeoutError: ...", code: "timeout"}', async () => {
    class Stuck extends ToolBox {
      static override toolboxId = 'stuck';
      discoverTools(): AgentTool[] {
        return [
          defineTool({
            name: 'stuck',
            description: '',
            argumentSchema: Type.Object({}),
            outputSchema: Type.Object({}),
            timeoutMs: 20,
            toolCall: (_a, ctx) => new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve({}))),
          }),
        ];
      }
    }
    const bus = new FakeBus();
    new Stuck({ bus, logger: silentLogger });
    expect(await ask(bus, 'ovos.persona.tools.stuck.call', { name: 'stuck', kwargs: {} })).toEqual({
      error: "TimeoutError: Tool 'stuck' in ToolBox 'stuck' timed out after 20 ms",
      toolbox_id: 'stuck',
      code: 'timeout',
    });
  });

  it('after close() nothing answers (the waiter times out with null)', async () => {
    const bus = new FakeBus();
    const tb = new MathTools({ bus, logger: silentLogger });
    await tb.close();
    expect(await bus.waitForResponse(new Message(MATH_CALL, { name: 'add', kwargs: { a: 1, b: 2 } }), undefined, 50)).toBeNull();
  });
});
