import {
  InvalidArgumentsError,
  InvalidOutputError,
  ToolAbortedError,
  ToolError,
  ToolExecutionError,
  ToolTimeoutError,
  UnknownToolError,
  Type,
  defineTool,
  silentLogger,
  toWireError,
  ToolBox,
  type AgentTool,
} from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';
import { withDetail } from './ToolError.js';
import { FailTools, MathTools, rejectionOf } from '../../test/fixtures.js';

/** The bus-visible string of an error, as `handle_call` would print it. */
const wire = (err: unknown) => toWireError(err).error;

describe('call_tool error strings (wire spec §2.6) — OVOS text exact, then a detail', () => {
  const math = () => new MathTools({ logger: silentLogger });

  it('unknown tool: ValueError with trailing period, then the available tools', async () => {
    const err = await rejectionOf(math().callTool('nonexistent', {}));
    expect(err).toBeInstanceOf(UnknownToolError);
    expect(err).toBeInstanceOf(ToolError);
    expect(err.code).toBe('unknown_tool');
    expect(err.ovosClass).toBe('ValueError');
    expect(err.ovosMessage).toBe("Unknown tool 'nonexistent' for ToolBox 'math_tools'.");
    expect(wire(err).startsWith("ValueError: Unknown tool 'nonexistent' for ToolBox 'math_tools'.")).toBe(true);
    expect(err.detail).toBe('Available tools: add.');
    expect(wire(err)).toBe("ValueError: Unknown tool 'nonexistent' for ToolBox 'math_tools'. Available tools: add.");
  });

  it('input validation: ValueError without trailing period, detail names the field, expected and received', async () => {
    const err = await rejectionOf(math().callTool('add', { a: 3.5, b: 4 }));
    expect(err).toBeInstanceOf(InvalidArgumentsError);
    expect(err.code).toBe('invalid_arguments');
    expect(err.ovosMessage).toBe("Tool input validation failed for 'add' in ToolBox 'math_tools'");
    expect(wire(err).startsWith("ValueError: Tool input validation failed for 'add' in ToolBox 'math_tools': ")).toBe(true);
    expect(err.detail).toMatch(/^a: .*integer.*3\.5/);
  });

  it('input validation: a missing required field is named', async () => {
    const err = await rejectionOf(math().callTool('add', { a: 1 }));
    expect(wire(err).startsWith("ValueError: Tool input validation failed for 'add' in ToolBox 'math_tools'")).toBe(true);
    expect(err.detail).toBe('b: required property is missing');
  });

  it('input validation: every problem is listed, separated by "; "', async () => {
    const err = await rejectionOf(math().callTool('add', { a: 'x' }));
    expect(String(err.detail).split('; ')).toEqual(expect.arrayContaining(['b: required property is missing', expect.stringMatching(/^a: .*"x"/)]));
  });

  it.each([
    [null, 'NoneType'],
    [undefined, 'NoneType'],
    [[1, 2], 'list'],
    ['a=1', 'str'],
    [42, 'int'],
    [4.5, 'float'],
    [true, 'bool'],
  ])('arguments %j are not an object: RuntimeError naming the Python type %s', async (args, pyType) => {
    const err = await rejectionOf(math().callTool('add', args));
    expect(err).toBeInstanceOf(InvalidArgumentsError);
    expect(err.code).toBe('invalid_arguments');
    expect(err.ovosClass).toBe('RuntimeError');
    expect(wire(err)).toBe(
      `RuntimeError: Tool 'add' called with unexpected type arguments: ${pyType}. Must be Dict[str, Any] or ToolArguments.`,
    );
  });

  it('execution failure: RuntimeError, the cause is kept and named in the detail', async () => {
    const err = await rejectionOf(new FailTools({ logger: silentLogger }).callTool('fail', {}));
    expect(err).toBeInstanceOf(ToolExecutionError);
    expect(err.code).toBe('execution_failed');
    expect(err.ovosMessage).toBe("Tool execution failed for 'fail' in ToolBox 'fail_tools'");
    expect(wire(err)).toBe("RuntimeError: Tool execution failed for 'fail' in ToolBox 'fail_tools': Error: Always raises");
    expect((err.cause as Error).message).toBe('Always raises');
  });

  it('execution failure of a non-Error throw still says what was thrown', async () => {
    class Throws extends ToolBox {
      static override toolboxId = 'throws';
      discoverTools(): AgentTool[] {
        return [
          defineTool({
            name: 'boom',
            description: '',
            argumentSchema: Type.Object({}),
            outputSchema: Type.Object({}),
            toolCall: () => {
              throw 'just a string';
            },
          }),
        ];
      }
    }
    const err = await rejectionOf(new Throws({ logger: silentLogger }).callTool('boom', {}));
    expect(wire(err)).toBe("RuntimeError: Tool execution failed for 'boom' in ToolBox 'throws': thrown value: just a string");
  });

  describe('output errors', () => {
    class BadOutput extends ToolBox {
      static override toolboxId = 'bad_tools';
      constructor(private readonly out: unknown) {
        super({ logger: silentLogger });
      }
      discoverTools(): AgentTool[] {
        return [
          defineTool({
            name: 'bad',
            description: 'Returns whatever it was built with.',
            argumentSchema: Type.Object({}),
            outputSchema: Type.Object({ result: Type.Integer() }),
            toolCall: () => this.out as never,
          }),
        ];
      }
    }

    it('a dict failing the output schema: RuntimeError, detail names the field', async () => {
      const err = await rejectionOf(new BadOutput({ result: 'seven' }).callTool('bad', {}));
      expect(err).toBeInstanceOf(InvalidOutputError);
      expect(err.code).toBe('invalid_output');
      expect(wire(err).startsWith("RuntimeError: Tool output validation failed for 'bad' in ToolBox 'bad_tools': ")).toBe(true);
      expect(err.detail).toMatch(/^result: .*integer.*"seven"/);
    });

    it('a dict missing an output field', async () => {
      const err = await rejectionOf(new BadOutput({}).callTool('bad', {}));
      expect(err.detail).toBe('result: required property is missing');
    });

    it.each([
      ['seven', 'str'],
      [7, 'int'],
      [null, 'NoneType'],
      [undefined, 'NoneType'],
      [[7], 'list'],
      [false, 'bool'],
    ])('a non-dict result %j: RuntimeError naming the Python type %s', async (out, pyType) => {
      const err = await rejectionOf(new BadOutput(out).callTool('bad', {}));
      expect(err).toBeInstanceOf(InvalidOutputError);
      expect(err.code).toBe('invalid_output');
      expect(wire(err)).toBe(`RuntimeError: Tool 'bad' returned an unexpected type: ${pyType}. Must return Dict[str, Any] or ToolOutput.`);
    });

    it('output coercion follows the input rules: numeric strings fixed, unknown keys dropped', async () => {
      await expect(new BadOutput({ result: '7', extra: 1 }).callTool('bad', {})).resolves.toEqual({ result: 7 });
    });
  });

  it('a tool may throw its own InvalidArgumentsError, which reaches the caller unwrapped', async () => {
    class Semantic extends ToolBox {
      static override toolboxId = 'semantic';
      discoverTools(): AgentTool[] {
        return [
          defineTool({
            name: 'tz',
            description: '',
            argumentSchema: Type.Object({ zone: Type.String() }),
            outputSchema: Type.Object({}),
            toolCall: ({ zone }) => {
              throw new InvalidArgumentsError('ValueError', `Unknown time zone '${zone}'`, { detail: 'use an IANA name' });
            },
          }),
        ];
      }
    }
    const err = await rejectionOf(new Semantic({ logger: silentLogger }).callTool('tz', { zone: 'Mars/Base' }));
    expect(err).toBeInstanceOf(InvalidArgumentsError);
    expect(wire(err)).toBe("ValueError: Unknown time zone 'Mars/Base': use an IANA name");
  });

  it('timeout and abort errors have their own classes, OVOS-style strings and codes', () => {
    const t = new ToolTimeoutError('slow', 'tb', 250);
    expect(wire(t)).toBe("TimeoutError: Tool 'slow' in ToolBox 'tb' timed out after 250 ms");
    expect(t.code).toBe('timeout');
    expect(t.timeoutMs).toBe(250);
    const a = new ToolAbortedError('slow', 'tb');
    expect(wire(a)).toBe("RuntimeError: Tool 'slow' in ToolBox 'tb' was aborted");
    expect(a.code).toBe('aborted');
  });

  it('error names follow the subclass, so logs show what happened', () => {
    expect(new UnknownToolError('x', 'y').name).toBe('UnknownToolError');
    expect(new ToolExecutionError('x', 'y').name).toBe('ToolExecutionError');
  });
});

describe('withDetail', () => {
  it('joins with ": " or, after a sentence, with a space; no detail leaves the text alone', () => {
    expect(withDetail('Tool input validation failed', 'a: bad')).toBe('Tool input validation failed: a: bad');
    expect(withDetail("Unknown tool 'x'.", 'Available tools: add.')).toBe("Unknown tool 'x'. Available tools: add.");
    expect(withDetail('as is', undefined)).toBe('as is');
    expect(withDetail('as is', '')).toBe('as is');
  });
});

describe('toWireError', () => {
  it('a ToolError: its OVOS class prefix and code', () => {
    expect(toWireError(new UnknownToolError('x', 'math_tools'))).toEqual({
      error: "ValueError: Unknown tool 'x' for ToolBox 'math_tools'.",
      code: 'unknown_tool',
    });
  });

  it('a ToolError-shaped object from another copy of core converts the same way', () => {
    const foreign = Object.assign(new Error("Tool execution failed for 'f' in ToolBox 't'"), { ovosClass: 'RuntimeError', code: 'execution_failed' });
    expect(toWireError(foreign)).toEqual({ error: "RuntimeError: Tool execution failed for 'f' in ToolBox 't'", code: 'execution_failed' });
  });

  it('foreign errors read "<name>: <message>" with code internal, like Python f"{type(e).__name__}: {e}"', () => {
    expect(toWireError(new TypeError('x is not a function'))).toEqual({ error: 'TypeError: x is not a function', code: 'internal' });
    expect(toWireError(new RangeError('too big'))).toEqual({ error: 'RangeError: too big', code: 'internal' });
    const custom = new Error('discover failed');
    custom.name = 'RuntimeError';
    expect(toWireError(custom)).toEqual({ error: 'RuntimeError: discover failed', code: 'internal' });
  });

  it('non-errors never make it throw', () => {
    expect(toWireError('boom')).toEqual({ error: 'Error: boom', code: 'internal' });
    expect(toWireError(null)).toEqual({ error: 'Error: null', code: 'internal' });
    expect(toWireError(undefined)).toEqual({ error: 'Error: undefined', code: 'internal' });
    expect(toWireError(42)).toEqual({ error: 'Error: 42', code: 'internal' });
    expect(toWireError({ message: 'plain object' })).toEqual({ error: 'Error: plain object', code: 'internal' });
    // objects String() cannot convert, and getters that throw, still give a wire error instead of an exception
    expect(toWireError(Object.create(null))).toEqual({ error: 'Error: [object Object]', code: 'internal' });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(toWireError(proxy)).toEqual({ error: 'Error: unprintable error value', code: 'internal' });
  });
});
