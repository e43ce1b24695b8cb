import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The provider package directory. Plugin roots are created below it so installed packages resolve `@ovos-tools/core`. */
export const providerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A temporary plugin root `<provider>/.test-plugins/<random>` with a `package.json`, removed by `cleanup()`. */
export interface PluginRoot {
  dir: string;
  /**
   * Writes `node_modules/<name>/package.json` plus files (path → text), records the install the way npm does
   * (see {@link PluginRoot.recordInstall}) and returns the package dir.
   */
  addPackage(name: string, pkg: Record<string, unknown>, files?: Record<string, string>): string;
  /** Adds `node_modules/<name>` (version, default none) to `node_modules/.package-lock.json`, npm's install record. */
  recordInstall(name: string, version?: string): void;
  removePackage(name: string): void;
  cleanup(): void;
}

/** Creates a {@link PluginRoot}. */
export function makePluginRoot(): PluginRoot {
  const base = path.join(providerDir, '.test-plugins');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(path.join(base, 'root-'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'test-plugin-root', private: true }));
  const lockFile = path.join(dir, 'node_modules', '.package-lock.json');
  const editLock = (edit: (packages: Record<string, unknown>) => void) => {
    mkdirSync(path.dirname(lockFile), { recursive: true });
    const lock = existsSync(lockFile) ? JSON.parse(readFileSync(lockFile, 'utf8')) : { name: 'test-plugin-root', lockfileVersion: 3, requires: true, packages: {} };
    edit(lock.packages);
    writeFileSync(lockFile, JSON.stringify(lock, null, 2));
  };
  const root: PluginRoot = {
    dir,
    recordInstall(name, version) {
      editLock((packages) => {
        packages[`node_modules/${name}`] = version === undefined ? { link: true } : { version };
      });
    },
    addPackage(name, pkg, files = {}) {
      const pkgDir = path.join(dir, 'node_modules', ...name.split('/'));
      mkdirSync(pkgDir, { recursive: true });
      writeFileSync(path.join(pkgDir, 'package.json'), JSON.stringify({ name, version: '1.0.0', type: 'module', ...pkg }, null, 2));
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(pkgDir, file)), { recursive: true });
        writeFileSync(path.join(pkgDir, file), text);
      }
      const version = (pkg.version as string | undefined) ?? '1.0.0';
      root.recordInstall(name, version);
      return pkgDir;
    },
    removePackage(name) {
      rmSync(path.join(dir, 'node_modules', ...name.split('/')), { recursive: true, force: true });
      editLock((packages) => {
        delete packages[`node_modules/${name}`];
      });
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return root;
}

/** package.json fields declaring one toolbox entry point. */
export function toolboxEntry(entryPoint: string, target = './index.js#Toolbox'): Record<string, unknown> {
  return { entryPoints: { 'opm.agents.toolbox': { [entryPoint]: target } } };
}

/**
 * JS source of a toolbox module exporting `Toolbox` with id `toolboxId` and the given tools, each written as
 * `name: 'js expression of the toolCall function'`. Tools take `{a?: integer, b?: integer, ms?: integer}`
 * and return `{result}` of any type.
 */
export function toolboxSource(toolboxId: string, tools: Record<string, string>, extra = ''): string {
  const defs = Object.entries(tools)
    .map(
      ([name, fn]) => `new AgentTool({ name: ${JSON.stringify(name)}, description: ${JSON.stringify(`${name} tool`)},
        argumentSchema: Type.Object({ a: Type.Optional(Type.Integer()), b: Type.Optional(Type.Integer()), ms: Type.Optional(Type.Integer()) }),
        outputSchema: Type.Object({ result: Type.Any() }), tags: ['test', ${JSON.stringify(name)}], toolCall: ${fn} })`,
    )
    .join(',\n');
  return `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
${extra}
export class Toolbox extends ToolBox {
  static toolboxId = ${JSON.stringify(toolboxId)};
  discoverTools() { return [${defs}]; }
}
`;
}

/** The golden-sample toolboxes of wire spec §9: `math_tools` (add) and `fail_tools` (fail). */
export function addGoldenToolboxes(root: PluginRoot): void {
  root.addPackage('math-tools', toolboxEntry('math_tools', './index.js#MathTools'), {
    'index.js': `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class MathTools extends ToolBox {
  static toolboxId = 'math_tools';
  discoverTools() {
    return [new AgentTool({ name: 'add', description: 'Add two integers.',
      argumentSchema: Type.Object({ a: Type.Integer({ description: 'First operand', title: 'A' }), b: Type.Integer({ description: 'Second operand', title: 'B' }) }, { title: 'AddArgs' }),
      outputSchema: Type.Object({ result: Type.Integer({ description: 'Sum of a and b', title: 'Result' }) }, { title: 'AddOutput' }),
      toolCall: ({ a, b }) => ({ result: a + b }) })];
  }
}
`,
  });
  root.addPackage('fail-tools', toolboxEntry('fail_tools', './index.js#FailTools'), {
    'index.js': `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class FailTools extends ToolBox {
  static toolboxId = 'fail_tools';
  discoverTools() {
    return [new AgentTool({ name: 'fail', description: 'Always raises.', argumentSchema: Type.Object({}), outputSchema: Type.Object({}),
      toolCall: () => { throw new Error('boom'); } })];
  }
}
`,
  });
}
