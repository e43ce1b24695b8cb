import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { defineTool, Type } from '../index.js';
import { TOOLBOX_BRAND } from '../toolbox/brand.js';
import { ToolBox } from '../toolbox/ToolBox.js';
import {
  assertExamples,
  countAbortControllers,
  checkExamples,
  checkToolBoxClass,
  checkToolboxPackage,
  invokeTool,
  parseEntryPoints,
  runOnFakeBus,
  verifyToolbox,
} from './index.js';

const coreDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

class Adder extends ToolBox {
  static override toolboxId = 'adder-tools';
  discoverTools() {
    return [
      defineTool({
        name: 'add',
        description: 'Add two integers.',
        argumentSchema: Type.Object({ a: Type.Integer(), b: Type.Integer({ default: 1 }) }),
        outputSchema: Type.Object({ sum: Type.Number() }),
        examples: [
          { arguments: { a: 2, b: 3 }, result: { sum: 5 } },
          { arguments: { a: 'x' }, error: 'Tool input validation failed' },
        ],
        toolCall: ({ a, b }) => ({ sum: a + b }),
      }),
      defineTool({
        name: 'broken',
        description: 'Returns what the bus cannot carry.',
        argumentSchema: Type.Object({ ms: Type.Optional(Type.Integer()) }),
        outputSchema: Type.Object({ value: Type.Any() }),
        examples: [{ arguments: {}, result: { value: 1 } }],
        toolCall: async ({ ms }, ctx) => {
          if (ms) await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
          return { value: Number.NaN };
        },
      }),
    ];
  }
}

describe('verifyToolbox', () => {
  test('a good class passes and lists its tools', async () => {
    expect(await verifyToolbox(Adder, { entryPointName: 'adder-tools' })).toEqual({ ok: true, toolboxId: 'adder-tools', tools: ['add', 'broken'], problems: [] });
  });

  test('an entry-point name that differs from toolboxId is a problem naming both', async () => {
    const verdict = await verifyToolbox(Adder, { entryPointName: 'adder' });
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toEqual([expect.stringMatching(/^entry point "adder" names a class whose toolboxId is "adder-tools"; make them equal/)]);
  });

  test('examples are checked when asked, and failures say what differed', async () => {
    const verdict = await verifyToolbox(Adder, { examples: true });
    expect(verdict.problems).toEqual([expect.stringMatching(/^broken example 0: expected success, got RuntimeError: .*result\.value is NaN/)]);
  });

  test('classes of another contract, non-classes and tools with bad fields are refused with the path', async () => {
    class Future extends Adder {
      static override readonly [TOOLBOX_BRAND] = 2;
    }
    expect(checkToolBoxClass(Future)).toEqual({ ok: false, message: expect.stringContaining('targets toolbox contract 2, but this host supports contract 1') });
    expect(checkToolBoxClass({})).toEqual({ ok: false, message: 'expected a ToolBox class, received object' });
    // a class with every part wrong hears of every part at once
    class Hollow {
      static readonly [TOOLBOX_BRAND] = 1;
      static configSchema = 5;
    }
    const hollow = checkToolBoxClass(Hollow);
    expect(hollow.ok).toBe(false);
    const parts = (hollow as { message: string }).message.split('; ');
    expect(parts[0]).toBe('Hollow.configSchema: expected an object schema of the config section (Type.Object({...})), received number');
    expect(parts.slice(1)).toContain('Hollow.prototype.discoverTools: expected a function, received undefined');
    expect(parts.length).toBeGreaterThan(2);
    class BadTool extends ToolBox {
      static override toolboxId = 'bad';
      discoverTools() {
        return [{ name: 'x', description: 3 }] as never;
      }
    }
    // every problem at once, not one per run of the check
    expect((await verifyToolbox(BadTool)).problems).toEqual([
      'discoverTools()[0].description: expected string, received number',
      'discoverTools()[0].argumentSchema: expected a JSON Schema object, received undefined',
      'discoverTools()[0].outputSchema: expected a JSON Schema object, received undefined',
      'discoverTools()[0].toolCall: expected function, received undefined',
    ]);
    class TwoBad extends ToolBox {
      static override toolboxId = 'two_bad';
      discoverTools() {
        const ok = { description: 'd', argumentSchema: Type.Object({}), outputSchema: Type.Object({}), toolCall: () => ({}) };
        return [{ ...ok, name: 'Bad Name' }, { ...ok, name: 'fine' }, { ...ok, name: 'also_bad', description: null }] as never;
      }
    }
    expect((await verifyToolbox(TwoBad)).problems).toEqual([
      expect.stringMatching(/^discoverTools\(\)\[0\]\.name: "Bad Name" does not match/),
      'discoverTools()[2].description: expected string, received null',
    ]);
    class Throws extends ToolBox {
      static override toolboxId = 'throws';
      discoverTools(): never {
        throw new Error('no config');
      }
    }
    expect((await verifyToolbox(Throws)).problems).toEqual(['discoverTools() failed: Error: no config']);
  });
});

describe('invokeTool and examples', () => {
  const box = new Adder();
  test('arguments cross JSON and are coerced; errors come back as wire values', async () => {
    expect(await invokeTool(box, 'add', { a: '4' })).toEqual({ ok: true, result: { sum: 5 } });
    expect(await invokeTool(box, 'add', { a: 1.5 })).toMatchObject({ ok: false, code: 'invalid_arguments', error: expect.stringMatching(/^ValueError: Tool input validation failed for 'add'/) });
    expect(await invokeTool(box, 'nope')).toMatchObject({ ok: false, code: 'unknown_tool' });
    expect(await invokeTool(box, 'broken', {}, { timeoutMs: 20 })).toMatchObject({ ok: false, code: 'invalid_output' });
    expect(await invokeTool(box, 'broken', { ms: 1 }, { timeoutMs: 20 })).toMatchObject({ ok: false, code: 'timeout' });
  });

  test('checkExamples reports only the failing example; assertExamples throws with it', async () => {
    expect(await checkExamples(box, { tools: ['add'] })).toEqual([]);
    const failures = await checkExamples(box);
    expect(failures.map((f) => [f.tool, f.index])).toEqual([['broken', 0]]);
    await expect(assertExamples(box)).rejects.toThrow(/1 example\(s\) failed:\n  broken example 0: expected success/);
  });

  test('runOnFakeBus answers discover and call on the wire topics, then unbinds', async () => {
    const toolbox = new Adder();
    const run = runOnFakeBus(toolbox);
    expect(await run.discover()).toMatchObject({ toolbox_id: 'adder-tools', tools: [{ name: 'add' }, { name: 'broken' }] });
    expect(await run.call('add', { a: 1, b: 2 })).toEqual({ result: { sum: 3 }, toolbox_id: 'adder-tools' });
    expect(await run.call('add', { a: [] })).toMatchObject({ code: 'invalid_arguments', toolbox_id: 'adder-tools' });
    await run.close();
    expect(toolbox.bus).toBeNull();
  });
});

describe('checkToolboxPackage', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'ovos-check-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  mkdirSync(path.join(work, 'node_modules', '@ovos-tools'), { recursive: true });
  symlinkSync(coreDir, path.join(work, 'node_modules', '@ovos-tools', 'core'), 'dir');
  const source = (id: string) => `import { ToolBox, defineTool, Type } from '@ovos-tools/core';
export class Hello extends ToolBox {
  static toolboxId = ${JSON.stringify(id)};
  discoverTools() {
    return [defineTool({ name: 'hi', description: 'Say hi.', argumentSchema: Type.Object({}), outputSchema: Type.Object({ text: Type.String() }),
      examples: [{ arguments: {}, result: { text: 'hi' } }], toolCall: () => ({ text: 'hi' }) })];
  }
}
`;
  const writePackage = (name: string, pkg: Record<string, unknown>, files: Record<string, string> = {}) => {
    const dir = path.join(work, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', type: 'module', ...pkg }));
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
    return dir;
  };
  const entry = (id: string, target = './index.js#Hello') => ({ entryPoints: { 'opm.agents.toolbox': { [id]: target } }, peerDependencies: { '@ovos-tools/core': '^1.0.0' } });

  test('a correct package passes, examples included', async () => {
    const dir = writePackage('good', entry('good-tools'), { 'index.js': source('good-tools') });
    expect(await checkToolboxPackage(dir, { examples: true })).toEqual({
      ok: true,
      packageDir: dir,
      packageName: 'good',
      packageVersion: '1.0.0',
      problems: [],
      warnings: [],
      toolboxes: [{ entryPointName: 'good-tools', target: './index.js#Hello', toolboxId: 'good-tools', tools: ['hi'], problems: [] }],
    });
  });

  test('every problem is reported: id mismatch, missing module, missing export, bad shape, core as a dependency', async () => {
    const dir = writePackage(
      'bad',
      {
        entryPoints: { 'opm.agents.toolbox': { 'other-id': './index.js#Hello', missing: './dist/nope.js#X', noexport: './index.js#Nope', escape: './../x.js#Y' } },
        dependencies: { '@ovos-tools/core': '^1.0.0' },
        files: ['lib', 'index.js'],
      },
      { 'index.js': source('bad-tools') },
    );
    const report = await checkToolboxPackage(dir);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual(['entryPoints["opm.agents.toolbox"]["escape"]: module path "./../x.js" must stay inside the package']);
    expect(report.warnings).toEqual([
      expect.stringContaining('move it to "peerDependencies"'),
      './dist/nope.js is not covered by package.json "files" (["lib","index.js"]), so npm pack would leave it out; add "dist"',
    ]);
    expect(report.toolboxes.map((t) => [t.entryPointName, t.problems])).toEqual([
      ['other-id', [expect.stringContaining('entry point "other-id" names a class whose toolboxId is "bad-tools"')]],
      ['missing', ['./dist/nope.js does not exist; build the package first (npm run build) or fix the entry point']],
      ['noexport', ['./index.js has no export "Nope" (exports: Hello)']],
    ]);
  });

  test('a directory without package.json or without entry points says what to do', async () => {
    expect((await checkToolboxPackage(path.join(work, 'nowhere'))).problems).toEqual([expect.stringMatching(/has no package\.json; give the directory of a toolbox package$/)]);
    const dir = writePackage('plain', { peerDependencies: { '@ovos-tools/core': '^1.0.0' } });
    expect((await checkToolboxPackage(dir)).problems).toEqual([expect.stringContaining('package.json declares no toolbox: add "entryPoints"')]);
  });

  test('an import that throws is a problem, not a crash', async () => {
    const dir = writePackage('throws', entry('throws'), { 'index.js': "throw new Error('boom at import');\n" });
    expect((await checkToolboxPackage(dir)).toolboxes[0]!.problems).toEqual(['importing ./index.js failed: Error: boom at import']);
  });

  test('parseEntryPoints keeps good declarations beside bad ones', () => {
    expect(parseEntryPoints({ entryPoints: { 'opm.agents.toolbox': { a: './a.js', b: 3 } } })).toEqual({
      declarations: [{ name: 'a', modulePath: './a.js', exportName: 'default' }],
      problems: ['entryPoints["opm.agents.toolbox"]["b"]: expected a string "./module.js#Export", received number'],
    });
  });
});

describe('countAbortControllers', () => {
  test('counts the controllers made while fn runs, returns its value, and restores the global even when fn throws', async () => {
    const Original = globalThis.AbortController;
    const { count, value } = await countAbortControllers(async () => {
      new AbortController();
      await Promise.resolve();
      AbortSignal.timeout(1_000); // not made through the constructor: not counted
      new AbortController();
      return 'done';
    });
    expect(count).toBe(2);
    expect(value).toBe('done');
    expect(globalThis.AbortController).toBe(Original);
    await expect(countAbortControllers(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(globalThis.AbortController).toBe(Original);
  });
});
