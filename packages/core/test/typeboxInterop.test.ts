import { compileSchema, defineTool, InvalidArgumentsError, silentLogger, ToolBox, Type as CoreType, type AgentTool } from '@ovos-tools/core';
import { readFileSync } from 'node:fs';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';

/**
 * Core's `dist/index.js` inlines TypeBox (one file instead of hundreds of modules). A toolbox that builds its
 * schemas with its own `typebox` import must still validate through core's inlined compiler: TypeBox 1.x marks
 * kinds with a plain `~kind` key, not a module-local symbol, so schemas from either copy are interchangeable.
 */
describe('TypeBox interop with the bundled core', () => {
  it('core is bundled: its entry imports no typebox module at run time', () => {
    const entry = readFileSync(new URL(import.meta.resolve('@ovos-tools/core')), 'utf8');
    expect(entry).not.toMatch(/from\s+["']typebox/);
  });

  it('compiles and checks a schema built with the external typebox, including formats and unions', () => {
    const schema = Type.Object({ at: Type.String({ format: 'date-time' }), n: Type.Union([Type.Integer(), Type.Null()]) });
    const compiled = compileSchema(schema);
    expect(compiled.parse({ at: '2026-11-24T07:00:00Z', n: 3 })).toEqual({ ok: true, value: { at: '2026-11-24T07:00:00Z', n: 3 } });
    expect(compiled.parse({ at: 'yesterday', n: 3 }).ok).toBe(false);
    expect(compiled.parse({ at: '2026-11-24T07:00:00Z', n: 1.5 })).toMatchObject({ ok: false, problems: expect.arrayContaining(['n: must be integer or null, received 1.5']) });
  });

  it('mixes external and core Type in one schema, and a ToolBox validates and coerces arguments built with it', async () => {
    class Box extends ToolBox {
      static override toolboxId = 'interop-tools';
      discoverTools(): AgentTool[] {
        return [
          defineTool({
            name: 'repeat',
            description: 'Repeat a word.',
            argumentSchema: CoreType.Object({ word: Type.String({ minLength: 1 }), times: Type.Integer({ minimum: 1 }) }),
            outputSchema: Type.Object({ text: CoreType.String() }),
            toolCall: ({ word, times }: { word: string; times: number }) => ({ text: word.repeat(times) }),
          }),
        ];
      }
    }
    const box = new Box({ logger: silentLogger });
    await expect(box.callTool('repeat', { word: 'ab', times: '2' })).resolves.toEqual({ text: 'abab' });
    await expect(box.callTool('repeat', { word: '', times: 2 })).rejects.toBeInstanceOf(InvalidArgumentsError);
  });
});
