import {
  AgentTool,
  defineTool,
  FakeBus,
  LazyAbortController,
  silentLogger,
  TOOLBOX_BRAND,
  TOOLBOX_CONTRACT_VERSION,
  ToolBox,
  ToolDefinitionError,
  Topics,
  Type,
  toWireError,
  type ToolContext,
} from '@ovos-tools/core';
import { countAbortControllers } from '@ovos-tools/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MathTools, addTool, recordingLogger, rejectionOf } from '../../test/fixtures.js';

const DISCOVER = Topics.personaDiscover;
const MATH_CALL = 'ovos.persona.tools.math_tools.call';

describe('toolbox_id', () => {
  it('comes from the static class property', () => {
    expect(new MathTools({ logger: silentLogger }).toolboxId).toBe('math_tools');
  });

  it('the constructor option overrides it', () => {
    expect(new MathTools({ toolboxId: 'other_math', logger: silentLogger }).toolboxId).toBe('other_math');
  });

  it('a class without one can be given one at construction', () => {
    class NoId extends ToolBox {
      discoverTools(): AgentTool[] {
        return [];
      }
    }
    expect(new NoId({ toolboxId: 'given', logger: silentLogger }).toolboxId).toBe('given');
  });

  it('neither class nor options: "<ClassName> must define a class-level toolbox_id"', () => {
    class NoIdToolBox extends ToolBox {
      discoverTools(): AgentTool[] {
        return [];
      }
    }
    expect(() => new NoIdToolBox()).toThrow(ToolDefinitionError);
    expect(() => new NoIdToolBox({ toolboxId: '' })).toThrow('NoIdToolBox must define a class-level toolbox_id');
    try {
      new NoIdToolBox();
    } catch (err) {
      expect((err as Error).message).toBe('NoIdToolBox must define a class-level toolbox_id');
      expect((err as ToolDefinitionError).code).toBe('invalid_toolbox');
    }
  });

  it('subclasses of a toolbox inherit its id and may override it', () => {
    class Sub extends MathTools {}
    class Renamed extends MathTools {
      static override toolboxId = 'renamed';
    }
    expect(new Sub({ logger: silentLogger }).toolboxId).toBe('math_tools');
    expect(new Renamed({ logger: silentLogger }).toolboxId).toBe('renamed');
  });
});

describe('construction', () => {
  it('config defaults to {} and is what tools see in ctx.config', async () => {
    let seen: ToolContext | undefined;
    class Cfg extends ToolBox {
      static override toolboxId = 'cfg';
      discoverTools(): AgentTool[] {
        return [
          defineTool({
            name: 'peek',
            description: '',
            argumentSchema: Type.Object({}),
            outputSchema: Type.Object({}),
            toolCall: (_a, ctx) => {
              seen = ctx;
              return {};
            },
          }),
        ];
      }
    }
    expect(new Cfg({ logger: silentLogger }).config).toEqual({});
    expect(new Cfg({ config: null, logger: silentLogger }).config).toEqual({});
    const logger = recordingLogger();
    const tb = new Cfg({ config: { root_path: '/tmp' }, logger });
    await tb.callTool('peek', {});
    expect(seen?.config).toEqual({ root_path: '/tmp' });
    expect(seen?.logger).toBe(logger);
    expect(seen?.toolboxId).toBe('cfg');
    expect(seen?.toolName).toBe('peek');
    expect(seen?.signal).toBeInstanceOf(AbortSignal);
    expect(seen?.signal.aborted).toBe(false);
  });

  it('carries the cross-copy brand with the contract version', () => {
    expect(TOOLBOX_BRAND).toBe(Symbol.for('ovos-tools.toolbox'));
    expect((MathTools as unknown as Record<symbol, unknown>)[TOOLBOX_BRAND]).toBe(TOOLBOX_CONTRACT_VERSION);
    expect(TOOLBOX_CONTRACT_VERSION).toBe(1);
  });

  it('brain defaults to null and can be set', () => {
    const tb = new MathTools({ logger: silentLogger });
    expect(tb.brain).toBeNull();
    const brain = { continueChat: async () => ({ content: 'hi' }) };
    tb.setBrain(brain);
    expect(tb.brain).toBe(brain);
    expect(new MathTools({ brain, logger: silentLogger }).brain).toBe(brain);
  });
});

describe('lazy discovery and the tool cache (wire spec §2.1, §2.3)', () => {
  it('the constructor does not discover; the first use does, once', () => {
    const tb = new MathTools({ logger: silentLogger });
    expect(tb.discoverCount).toBe(0);
    expect([...tb.tools.keys()]).toEqual(['add']);
    expect(tb.discoverCount).toBe(1);
    tb.getTool('add');
    tb.toolJsonList;
    expect(tb.discoverCount).toBe(1);
  });

  it('subclass fields are initialised before discovery, so discoverTools may use them and this.config', async () => {
    class Units extends ToolBox {
      static override toolboxId = 'units';
      private readonly factor = 100;
      private readonly toolName = String(this.config.tool_name ?? 'to_cm');
      discoverTools(): AgentTool[] {
        return [
          defineTool({
            name: this.toolName,
            description: '',
            argumentSchema: Type.Object({ m: Type.Number() }),
            outputSchema: Type.Object({ cm: Type.Number() }),
            toolCall: ({ m }) => ({ cm: m * this.factor }),
          }),
        ];
      }
    }
    const tb = new Units({ config: { tool_name: 'meters_to_cm' }, bus: new FakeBus(), logger: silentLogger });
    await expect(tb.callTool('meters_to_cm', { m: '2' })).resolves.toEqual({ cm: 200 });
  });

  it('a discovery failure is deferred: logged once at debug, cache empty, retried on a cache miss', async () => {
    let failing = true;
    let calls = 0;
    const boom = new Error('discover failed');
    class Flaky extends ToolBox {
      static override toolboxId = 'flaky';
      discoverTools(): AgentTool[] {
        calls++;
        if (failing) throw boom;
        return [addTool()];
      }
    }
    const logger = recordingLogger();
    const tb = new Flaky({ logger });
    expect(calls).toBe(0);
    expect(tb.tools.size).toBe(0);
    expect(tb.toolJsonList).toEqual([]);
    expect(logger.lines).toEqual([{ level: 'debug', message: "ToolBox 'flaky' deferred tool discovery: discover failed", args: [] }]);
    // a cache miss retries, and the discovery error propagates unwrapped (OVOS get_tool)
    const err = await rejectionOf(tb.callTool('add', { a: 1, b: 2 }));
    expect(err).toBe(boom);
    expect(toWireError(err)).toEqual({ error: 'Error: discover failed', code: 'internal' });
    expect(() => tb.getTool('add')).toThrow(boom);
    failing = false;
    await expect(tb.callTool('add', { a: 1, b: 2 })).resolves.toEqual({ result: 3 });
    expect(logger.lines.length).toBe(1);
    expect(calls).toBe(4);
  });

  it('a cache miss re-runs discovery once; a hit does not', () => {
    const tb = new MathTools({ logger: silentLogger });
    expect(tb.getTool('add')?.name).toBe('add');
    expect(tb.discoverCount).toBe(1);
    expect(tb.getTool('missing')).toBeUndefined();
    expect(tb.discoverCount).toBe(2);
    expect(tb.getTool('add')?.name).toBe('add');
    expect(tb.discoverCount).toBe(2);
  });

  it('refreshTools replaces the cache; new tools appear, removed ones disappear', () => {
    let names = ['one', 'two'];
    class Dyn extends ToolBox {
      static override toolboxId = 'dyn';
      discoverTools(): AgentTool[] {
        return names.map((name) => defineTool({ name, description: name, argumentSchema: Type.Object({}), outputSchema: Type.Object({}), toolCall: () => ({}) }));
      }
    }
    const tb = new Dyn({ logger: silentLogger });
    expect([...tb.tools.keys()]).toEqual(['one', 'two']);
    names = ['three'];
    expect([...tb.tools.keys()]).toEqual(['one', 'two']);
    tb.refreshTools();
    expect([...tb.tools.keys()]).toEqual(['three']);
  });

  it('duplicate names inside one toolbox: the last one wins, in the position of the first', async () => {
    class Dup extends ToolBox {
      static override toolboxId = 'dup';
      discoverTools(): AgentTool[] {
        const mk = (name: string, v: number) =>
          defineTool({ name, description: `v${v}`, argumentSchema: Type.Object({}), outputSchema: Type.Object({ v: Type.Integer() }), toolCall: () => ({ v }) });
        return [mk('x', 1), mk('y', 2), mk('x', 3)];
      }
    }
    const tb = new Dup({ logger: silentLogger });
    expect(tb.toolJsonList.map((t) => [t.name, t.description])).toEqual([
      ['x', 'v3'],
      ['y', 'v2'],
    ]);
    await expect(tb.callTool('x', {})).resolves.toEqual({ v: 3 });
  });

  it('discoverTools returning a non-array is a definition error', () => {
    class Bad extends ToolBox {
      static override toolboxId = 'bad';
      discoverTools(): AgentTool[] {
        return 'nope' as never;
      }
    }
    expect(() => new Bad({ logger: silentLogger }).refreshTools()).toThrow('Bad.discoverTools() must return an array');
  });

  it('toolJsonList: entries exactly {name, description, argument_schema, output_schema} in discovery order', () => {
    class Two extends ToolBox {
      static override toolboxId = 'two';
      discoverTools(): AgentTool[] {
        const mk = (name: string) =>
          defineTool({ name, description: name.toUpperCase(), argumentSchema: Type.Object({}), outputSchema: Type.Object({}), toolCall: () => ({}), tags: ['t'], summary: 's' });
        return [mk('zeta'), mk('alpha')];
      }
    }
    const list = new Two({ logger: silentLogger }).toolJsonList;
    expect(list.map((t) => t.name)).toEqual(['zeta', 'alpha']);
    for (const entry of list) expect(Object.keys(entry)).toEqual(['name', 'description', 'argument_schema', 'output_schema']);
    expect(list[0]).toEqual({ name: 'zeta', description: 'ZETA', argument_schema: { type: 'object', properties: {} }, output_schema: { type: 'object', properties: {} } });
  });
});

describe('callTool', () => {
  it('validates + coerces arguments, runs the tool, returns the validated output', async () => {
    const tb = new MathTools({ logger: silentLogger });
    await expect(tb.callTool('add', { a: '3', b: 4.0 })).resolves.toEqual({ result: 7 });
    await expect(tb.callTool('add', { a: true, b: 4 })).resolves.toEqual({ result: 5 });
    await expect(tb.callTool('add', { a: 1, b: 2, extra: 9 })).resolves.toEqual({ result: 3 });
  });

  it('the tool receives only declared, coerced keys', async () => {
    const seen: unknown[] = [];
    class Spy extends ToolBox {
      static override toolboxId = 'spy';
      discoverTools(): AgentTool[] {
        return [
          defineTool({
            name: 'spy',
            description: '',
            argumentSchema: Type.Object({ n: Type.Integer(), flag: Type.Optional(Type.Boolean({ default: false })) }),
            outputSchema: Type.Object({}),
            toolCall: (args) => {
              seen.push(args);
              return {};
            },
          }),
        ];
      }
    }
    await new Spy({ logger: silentLogger }).callTool('spy', { n: '5', junk: 'x' });
    expect(seen).toEqual([{ n: 5, flag: false }]);
  });

  it('async tools: a promise result is awaited; calls run concurrently', async () => {
    let active = 0;
    let maxActive = 0;
    class Slow extends ToolBox {
      static override toolboxId = 'slow';
      discoverTools(): AgentTool[] {
        return [
          defineTool({
            name: 'wait',
            description: '',
            argumentSchema: Type.Object({ ms: Type.Integer() }),
            outputSchema: Type.Object({ waited: Type.Integer() }),
            toolCall: async ({ ms }) => {
              active++;
              maxActive = Math.max(maxActive, active);
              await new Promise((r) => setTimeout(r, ms));
              active--;
              return { waited: ms };
            },
          }),
        ];
      }
    }
    const tb = new Slow({ logger: silentLogger });
    const results = await Promise.all([tb.callTool('wait', { ms: 30 }), tb.callTool('wait', { ms: '10' })]);
    expect(results).toEqual([{ waited: 30 }, { waited: 10 }]);
    expect(maxActive).toBe(2);
  });

  it('an async tool that rejects is an execution failure with the cause', async () => {
    class Rejects extends ToolBox {
      static override toolboxId = 'rejects';
      discoverTools(): AgentTool[] {
        return [
          defineTool({
            name: 'r',
            description: '',
            argumentSchema: Type.Object({}),
            outputSchema: Type.Object({}),
            toolCall: async () => {
              await Promise.resolve();
              throw new TypeError('network down');
            },
          }),
        ];
      }
    }
    const err = await rejectionOf(new Rejects({ logger: silentLogger }).callTool('r', {}));
    expect(err.code).toBe('execution_failed');
    expect(toWireError(err).error).toBe("RuntimeError: Tool execution failed for 'r' in ToolBox 'rejects': TypeError: network down");
  });
});

/** A toolbox whose `hang` tool waits for its AbortSignal (or `ms`) and records the signal it got. */
class Hanging extends ToolBox {
  static override toolboxId = 'hanging';
  signals: AbortSignal[] = [];
  discoverTools(): AgentTool[] {
    return [
      defineTool({
        name: 'hang',
        description: 'Waits until aborted.',
        argumentSchema: Type.Object({ ms: Type.Optional(Type.Integer({ default: 60_000 })) }),
        outputSchema: Type.Object({ done: Type.Boolean() }),
        toolCall: ({ ms }, ctx) => {
          this.signals.push(ctx.signal);
          return new Promise((resolve) => {
            const t = setTimeout(() => resolve({ done: true }), ms);
            ctx.signal.addEventListener('abort', () => clearTimeout(t), { once: true });
          });
        },
      }),
      defineTool({
        name: 'limited',
        description: 'Has its own limit.',
        argumentSchema: Type.Object({}),
        outputSchema: Type.Object({ done: Type.Boolean() }),
        timeoutMs: 40,
        toolCall: (_a, ctx) => {
          this.signals.push(ctx.signal);
          return new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve({ done: false }), { once: true }));
        },
      }),
    ];
  }
}

describe('timeouts and aborts', () => {
  afterEach(() => vi.useRealTimers());

  it('options.timeoutMs: rejects with TimeoutError code timeout, and ctx.signal is aborted', async () => {
    const tb = new Hanging({ logger: silentLogger });
    const started = Date.now();
    const err = await rejectionOf(tb.callTool('hang', {}, { timeoutMs: 30 }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(err.code).toBe('timeout');
    expect(toWireError(err).error).toBe("TimeoutError: Tool 'hang' in ToolBox 'hanging' timed out after 30 ms");
    expect(tb.signals[0]?.aborted).toBe(true);
    expect(tb.signals[0]?.reason).toBe(err);
  });

  it("the tool's own timeoutMs applies when the call gives none; the call's wins otherwise", async () => {
    const tb = new Hanging({ logger: silentLogger });
    const err = await rejectionOf(tb.callTool('limited', {}));
    expect(err.message).toBe("Tool 'limited' in ToolBox 'hanging' timed out after 40 ms");
    const err2 = await rejectionOf(tb.callTool('limited', {}, { timeoutMs: 20 }));
    expect(err2.message).toContain('after 20 ms');
  });

  it('a tool that first reads ctx.signal after its limit passed sees it aborted with the timeout (the signal is made on first read)', async () => {
    let late: AbortSignal | undefined;
    class LateReader extends ToolBox {
      static override toolboxId = 'late_reader';
      discoverTools(): AgentTool[] {
        return [
      defineTool({
        name: 'late',
        description: 'Reads its signal late.',
        argumentSchema: Type.Object({}),
        outputSchema: Type.Object({}),
        toolCall: async (_a, ctx) => {
          await new Promise((r) => setTimeout(r, 80));
          late = ctx.signal;
          return {};
        },
      }),
        ];
      }
    }
    const tb = new LateReader({ logger: silentLogger });
    const err = await rejectionOf(tb.callTool('late', {}, { timeoutMs: 20 }));
    await new Promise((r) => setTimeout(r, 120));
    expect(late?.aborted).toBe(true);
    expect(late?.reason).toBe(err);
  });

  it('a fast call under a timeout resolves normally and its signal is not aborted', async () => {
    const tb = new Hanging({ logger: silentLogger });
    await expect(tb.callTool('hang', { ms: 1 }, { timeoutMs: 5_000 })).resolves.toEqual({ done: true });
    expect(tb.signals[0]?.aborted).toBe(false);
  });

  it('a huge or infinite timeoutMs means "no practical limit", not an immediate timeout', async () => {
    const tb = new Hanging({ logger: silentLogger });
    await expect(tb.callTool('hang', { ms: 30 }, { timeoutMs: Number.POSITIVE_INFINITY })).resolves.toEqual({ done: true });
    await expect(tb.callTool('hang', { ms: 30 }, { timeoutMs: 2 ** 40 })).resolves.toEqual({ done: true });
    // an infinite call limit also lifts the tool's own limit; a NaN one is ignored (the tool's applies)
    await expect(tb.callTool('limited', {}, { timeoutMs: Number.NaN })).rejects.toMatchObject({ code: 'timeout', timeoutMs: 40 });
  });

  it("the caller's AbortSignal: rejects with code aborted and aborts ctx.signal", async () => {
    const tb = new Hanging({ logger: silentLogger });
    const ac = new AbortController();
    const p = tb.callTool('hang', {}, { signal: ac.signal });
    setTimeout(() => ac.abort(new Error('user cancelled')), 10);
    const err = await rejectionOf(p);
    expect(err.code).toBe('aborted');
    expect(toWireError(err).error).toBe("RuntimeError: Tool 'hang' in ToolBox 'hanging' was aborted");
    expect((err.cause as Error).message).toBe('user cancelled');
    expect(tb.signals[0]?.aborted).toBe(true);
  });

  it('an already-aborted signal rejects without running the tool', async () => {
    const tb = new Hanging({ logger: silentLogger });
    const err = await rejectionOf(tb.callTool('hang', {}, { signal: AbortSignal.abort() }));
    expect(err.code).toBe('aborted');
    expect(tb.signals).toEqual([]);
  });

  it('no abort listener is left on the caller signal after the call settles', async () => {
    const tb = new Hanging({ logger: silentLogger });
    const ac = new AbortController();
    const add = vi.spyOn(ac.signal, 'addEventListener');
    const remove = vi.spyOn(ac.signal, 'removeEventListener');
    await tb.callTool('hang', { ms: 1 }, { signal: ac.signal });
    expect(add).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledWith('abort', add.mock.calls[0]?.[1]);
  });
});

describe('a lazy abort (CallToolOptions.abort)', () => {
  it('a tool that never reads ctx.signal gets no AbortSignal made for it, under a limit or not', async () => {
    const tb = new MathTools({ logger: silentLogger });
    const { count } = await countAbortControllers(async () => {
      await expect(tb.callTool('add', { a: 1, b: 2 }, { abort: new LazyAbortController() })).resolves.toEqual({ result: 3 });
      await expect(tb.callTool('add', { a: 1, b: 2 }, { abort: new LazyAbortController(), timeoutMs: 5_000 })).resolves.toEqual({ result: 3 });
    });
    expect(count).toBe(0);
  });

  it('aborting it rejects with code aborted and aborts the ctx.signal the tool read, with the same cause', async () => {
    const tb = new Hanging({ logger: silentLogger });
    const abort = new LazyAbortController();
    const p = tb.callTool('hang', {}, { abort });
    setTimeout(() => abort.abort(new Error('user cancelled')), 10);
    const err = await rejectionOf(p);
    expect(err.code).toBe('aborted');
    expect((err.cause as Error).message).toBe('user cancelled');
    expect(tb.signals[0]?.aborted).toBe(true);
    expect(tb.signals[0]?.reason).toBe(err);
  });

  it('wins over `signal` when both are given; an already-aborted one rejects without running the tool', async () => {
    const tb = new Hanging({ logger: silentLogger });
    const abort = new LazyAbortController();
    abort.abort(new Error('gone'));
    const err = await rejectionOf(tb.callTool('hang', {}, { abort, signal: new AbortController().signal }));
    expect(err.code).toBe('aborted');
    expect((err.cause as Error).message).toBe('gone');
    expect(tb.signals).toEqual([]);
  });
});

describe('bind / unbind / close: no handler left behind', () => {
  const counts = (bus: FakeBus) => [bus.listenerCount(DISCOVER), bus.listenerCount(MATH_CALL)];

  it('the bus option binds both handlers at construction', () => {
    const bus = new FakeBus();
    const tb = new MathTools({ bus, logger: silentLogger });
    expect(tb.bus).toBe(bus);
    expect(counts(bus)).toEqual([1, 1]);
  });

  it('re-binding to the same bus does not duplicate handlers (one response per request)', async () => {
    const bus = new FakeBus();
    const tb = new MathTools({ bus, logger: silentLogger });
    tb.bind(bus);
    tb.bind(bus);
    expect(counts(bus)).toEqual([1, 1]);
    const responses: unknown[] = [];
    bus.on(`${MATH_CALL}.response`, (m) => void responses.push(m.data));
    bus.emit(new (await import('@ovos-tools/core')).Message(MATH_CALL, { name: 'add', kwargs: { a: 1, b: 1 } }));
    await vi.waitFor(() => expect(responses).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(responses).toHaveLength(1);
  });

  it('binding to another bus moves the handlers', () => {
    const a = new FakeBus();
    const b = new FakeBus();
    const tb = new MathTools({ bus: a, logger: silentLogger });
    tb.bind(b);
    expect(counts(a)).toEqual([0, 0]);
    expect(counts(b)).toEqual([1, 1]);
    expect(tb.bus).toBe(b);
  });

  it('unbind removes exactly its own handlers; other toolboxes and listeners stay', () => {
    const bus = new FakeBus();
    const mine = new MathTools({ bus, logger: silentLogger });
    const other = new MathTools({ bus, toolboxId: 'other_math', logger: silentLogger });
    const foreign = () => {};
    bus.on(DISCOVER, foreign);
    expect(bus.listenerCount(DISCOVER)).toBe(3);
    mine.unbind();
    expect(bus.listenerCount(DISCOVER)).toBe(2);
    expect(bus.listenerCount(MATH_CALL)).toBe(0);
    expect(bus.listenerCount('ovos.persona.tools.other_math.call')).toBe(1);
    expect(mine.bus).toBeNull();
    other.unbind();
    expect(bus.listenerCount(DISCOVER)).toBe(1);
    mine.unbind(); // idempotent
  });

  it('close() unbinds; the toolbox still works in-process', async () => {
    const bus = new FakeBus();
    const tb = new MathTools({ bus, logger: silentLogger });
    await tb.close();
    expect(counts(bus)).toEqual([0, 0]);
    await expect(tb.callTool('add', { a: 2, b: 2 })).resolves.toEqual({ result: 4 });
  });

  it('unbind before any bind is a no-op', () => {
    expect(() => new MathTools({ logger: silentLogger }).unbind()).not.toThrow();
  });
});

describe('the logger a tool receives', () => {
  it("carries the request's traceparent on every line the tool writes, and only a valid one", async () => {
    const lines: string[] = [];
    const logger = { debug: (m: string) => lines.push(m), info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
    class Traced extends ToolBox {
      static toolboxId = 'traced';
      discoverTools() {
        return [new AgentTool({ name: 'work', description: 'Logs.', argumentSchema: Type.Object({}), outputSchema: Type.Object({}), toolCall: (_a, ctx) => (ctx.logger.info('working'), {}) })];
      }
    }
    const tb = new Traced({ logger });
    const tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    await tb.callTool('work', {}, { context: { traceparent: tp } });
    await tb.callTool('work', {}, { context: { traceparent: `${tp}\nINFO forged line` } });
    await tb.callTool('work', {});
    expect(lines).toEqual([`working traceparent=${tp}`, 'working', 'working']);
  });
});

describe('warmUp', () => {
  it('by default compiles every tool validator ahead of the first call, and the tools still answer', async () => {
    const reads = { args: 0, output: 0 };
    const counted = <T extends object>(schema: T, key: keyof typeof reads): T =>
      new Proxy(schema, {
        get(target, prop, receiver) {
          reads[key]++;
          return Reflect.get(target, prop, receiver);
        },
      });
    class Warm extends ToolBox {
      static override toolboxId = 'warm';
      discoverTools(): AgentTool[] {
        return [
          defineTool({
            name: 'twice',
            description: 'Doubles n.',
            argumentSchema: counted(Type.Object({ n: Type.Integer() }), 'args'),
            outputSchema: counted(Type.Object({ doubled: Type.Integer() }), 'output'),
            toolCall: ({ n }: { n: number }) => ({ doubled: n * 2 }),
          }) as unknown as AgentTool,
        ];
      }
    }
    const tb = new Warm();
    tb.tools;
    const before = { ...reads };
    await tb.warmUp();
    expect(reads.args).toBeGreaterThan(before.args);
    expect(reads.output).toBeGreaterThan(before.output);
    const compiled = { ...reads };
    expect(await tb.callTool('twice', { n: 4 })).toEqual({ doubled: 8 });
    // the first call compiled nothing more: far fewer reads than compiling took
    expect(reads.args - compiled.args).toBeLessThan(compiled.args - before.args);
  });
});
