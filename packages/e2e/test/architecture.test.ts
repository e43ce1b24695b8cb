import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, test } from 'vitest';
import { longFunctions, longFunctionsIn } from './helpers/functionLengths.js';
import { reexportingFiles, reexportsIn } from './helpers/reexports.js';
import { repoRoot } from './helpers/system.js';

/**
 * The layering of the monorepo, checked on every `npm test` (style.md §1): no module cycle anywhere (of runtime imports); `core` depends
 * on no workspace package; `messagebus` knows nothing of tools; the provider depends on no toolbox; toolboxes import
 * neither the provider, the messagebus nor each other; inside the provider, the tool service knows no transport.
 */
// a workspace package is reached by path (relative import) or by name (`@ovos-tools/<name>`, not followed)
const pkg = (names: string) => `^(packages/|@ovos-tools/)(${names})(/|$)`;
/**
 * The provider's folders by floor, ground first: the service's vocabulary and the leaves that need nothing else; the
 * rules and parts the service is made of; what builds on access (confirmation, output budgets, registry generations);
 * the shared state and the transports; the config; the composition; the CLI.
 */
const PROVIDER_FLOORS = [
  ['service', 'discovery', 'loading', 'metrics', 'brain'],
  ['access', 'federation', 'policy', 'registry', 'search', 'watch', 'hosts'],
  ['confirm', 'budget', 'catalog'],
  ['state', 'transports'],
  ['config'],
  ['compose'],
  ['cli'],
];

const RULES: IForbiddenRuleType[] = [
  // a cycle of runtime imports (type-only imports are erased and cannot form one)
  { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } } },
  { name: 'core-stands-alone', severity: 'error', from: { path: '^packages/core/' }, to: { path: pkg('messagebus|provider|toolbox-[^/]+|e2e') } },
  { name: 'messagebus-knows-no-tools', severity: 'error', from: { path: '^packages/messagebus/' }, to: { path: pkg('provider|toolbox-[^/]+') } },
  { name: 'provider-depends-on-no-toolbox', severity: 'error', from: { path: '^packages/provider/' }, to: { path: pkg('toolbox-[^/]+') } },
  {
    name: 'toolboxes-use-core-only',
    severity: 'error',
    from: { path: '^packages/(toolbox-[^/]+)/' },
    to: { path: pkg('provider|messagebus|toolbox-[^/]+'), pathNot: '^(packages/|@ovos-tools/)$1(/|$)' },
  },
  // a search-ranker package (issue 42) is found at run time like a toolbox: it uses core only, and the provider's sources never import it
  { name: 'search-rankers-use-core-only', severity: 'error', from: { path: '^packages/search-semantic/' }, to: { path: pkg('provider|messagebus|toolbox-[^/]+') } },
  { name: 'provider-imports-no-search-ranker', severity: 'error', from: { path: '^packages/provider/src/' }, to: { path: pkg('search-semantic') } },
  // in the provider and the packages above core, no cycle at all, type-only imports included: no file imports one
  // that imports it back (core keeps two type-only pairs: Message and its MalformedMessageError, Message and replyContext)
  { name: 'no-cycles-at-all', severity: 'error', from: { path: '^packages/(provider|messagebus|toolbox-[^/]+|create-ovos-toolbox)/' }, to: { circular: true } },
  // the provider's floors, low to high, as its imports really run (issue 37); an import may only go down or stay on its floor
  ...floorRules('packages/provider/src', PROVIDER_FLOORS),
  // on the same floor, the catalog (registry generations over time) and the transports know nothing of each other
  { name: 'provider-catalog-knows-no-transport', severity: 'error', from: { path: '^packages/provider/src/catalog/' }, to: { path: '^packages/provider/src/transports/' } },
  { name: 'provider-transports-know-no-catalog', severity: 'error', from: { path: '^packages/provider/src/transports/' }, to: { path: '^packages/provider/src/catalog/' } },
  // transports turn a credential into a caller and an outcome into a wire answer; every allow/deny decision is access
  // control's, asked through the service: of access, a transport may use only the credential lookup and the agents' shape
  {
    name: 'provider-transports-decide-nothing',
    severity: 'error',
    from: { path: '^packages/provider/src/transports/' },
    to: { path: '^packages/provider/src/access/', pathNot: '^packages/provider/src/access/(resolveAgent|credential|AgentDefinition|door)\\.ts$' },
  },
];

/** Transport sources must not decide who may do what: these shapes are access decisions (or comparisons of callers). */
const DECISION_SHAPES = [/allowed:\s*(true|false)\b/, /\.agentId\s*[!=]==/, /[!=]==\s*[\w.]*\.agentId\b/, /\ballowedAgents\b/];

/** The `file: line` of every decision shape in the transport sources under `dir`. */
function decisionsIn(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (DECISION_SHAPES.some((shape) => shape.test(line))) found.push(`${path.relative(dir, file)}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

/** The most lines a function may span (style.md; issue 44), in these packages' sources. */
const MAX_FUNCTION_LINES = 80;
const FUNCTION_RULE_PACKAGES = ['core', 'messagebus', 'provider'];

/**
 * The `file:line: text` of every call in the transport sources under `dir` that the service decides instead
 * (issue 44): who may be anonymous (`isLoopbackHost(`: the door's exposure is access's), and waiting for the first
 * load (`.ready()`: list, get, search and invoke wait inside the service).
 */
function transportDecisionCalls(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ts|js)$/.test(entry.name) || /\.test\./.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/\bisLoopbackHost\(|\.ready\(\)/.test(line)) found.push(`${path.relative(dir, file)}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

/**
 * One rule per floor: a module on floor i may not import a module on any floor above it. `floors[0]` is the ground
 * floor (the vocabulary everything uses); folders are relative to `base`.
 */
function floorRules(base: string, floors: string[][]): IForbiddenRuleType[] {
  return floors.slice(0, -1).map((floor, i) => ({
    name: `provider-floor-${i}-imports-no-higher-floor`,
    severity: 'error' as const,
    comment: `${floor.join(', ')} may not import ${floors.slice(i + 1).flat().join(', ')}`,
    from: { path: `^${base}/(${floor.join('|')})/` },
    to: { path: `^${base}/(${floors.slice(i + 1).flat().join('|')})/` },
  }));
}

async function check(dirs: string[], baseDir: string): Promise<string[]> {
  const result = await cruise(dirs, {
    baseDir,
    ruleSet: { forbidden: RULES },
    validate: true,
    exclude: { path: ['node_modules', '\\.test\\.ts$', '/dist/', '/test/'] },
    doNotFollow: { path: ['node_modules'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => c.name).join(' → ')})` : ''}`);
}

describe('architecture', () => {
  test('no transport source contains an allow/deny decision (issue 37: they are access control’s, asked through the service)', () => {
    expect(decisionsIn(path.join(repoRoot, 'packages/provider/src/transports'))).toEqual([]);
  });

  test('the decision scan finds a decision written in a transport', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ovos-arch-decisions-'));
    try {
      writeFileSync(path.join(dir, 'route.ts'), "if (session.caller.agentId !== caller.agentId) return reject(res, 403, 'Forbidden');\nreturn { allowed: true };\n");
      expect(decisionsIn(dir)).toEqual([expect.stringMatching(/^route\.ts:1: /), expect.stringMatching(/^route\.ts:2: /)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('no implementation file re-exports: only a package entry point (its package.json exports) passes names on', () => {
    expect(reexportingFiles(repoRoot)).toEqual([]);
  });

  test('the re-export scan finds every way to pass a name on, outside the entry points, and skips tests', () => {
    const text = [
      "import { a } from './a.js';",
      "import * as ns from './ns.js';",
      'const own = 1;',
      'export { own };',
      'export const mine = 2;',
      "export { b } from './b.js';",
      "export type { C } from './c.js';",
      "export * from './d.js';",
      "export * as e from './e.js';",
      'export { a };',
      'export { ns as alias };',
    ].join('\n');
    expect(reexportsIn('x.ts', text).map((hit) => hit.split(':')[0])).toEqual(['6', '7', '8', '9', '10', '11']);
    const root = mkdtempSync(path.join(os.tmpdir(), 'ovos-arch-reexports-'));
    try {
      const file = (rel: string, body: string) => {
        mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        writeFileSync(path.join(root, rel), body);
      };
      const exportsMap = { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './sub': { types: './dist/sub/index.d.ts', import: './dist/sub/index.js' } };
      file('packages/a/package.json', JSON.stringify({ name: 'a', exports: exportsMap }));
      file('packages/a/src/index.ts', "export { x } from './impl.js';\n");
      file('packages/a/src/sub/index.ts', "export { y } from '../impl.js';\n");
      file('packages/a/src/impl.ts', "export const x = 1;\nexport const y = 2;\nexport { z } from './z.js';\n");
      file('packages/a/src/folder/index.ts', "export { x } from '../impl.js';\n");
      file('packages/a/src/impl.test.ts', "export { x } from './impl.js';\n");
      expect(reexportingFiles(root)).toEqual([
        "packages/a/src/folder/index.ts:1: export { x } from '../impl.js';",
        "packages/a/src/impl.ts:3: export { z } from './z.js';",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test(`no function in ${FUNCTION_RULE_PACKAGES.join(', ')} sources spans more than ${MAX_FUNCTION_LINES} lines (tests excepted)`, () => {
    const long = longFunctions(repoRoot, FUNCTION_RULE_PACKAGES, MAX_FUNCTION_LINES);
    expect(long).toEqual([]);
  });

  test('the function count finds a long function of any kind, nested ones too, and skips tests', () => {
    const body = (n: number) => '  x++;\n'.repeat(n - 2);
    const text = [
      `export function fits() {\n${body(MAX_FUNCTION_LINES)}}`,
      `export function long() {\n${body(MAX_FUNCTION_LINES + 1)}}`,
      `export const arrow = () => {\n${body(MAX_FUNCTION_LINES + 5)}};`,
      `class C {\n  method() {\n${body(MAX_FUNCTION_LINES + 2)}  }\n}`,
      `export function outer() {\n  const inner = function () {\n${body(MAX_FUNCTION_LINES + 1)}  };\n}`,
    ].join('\n');
    const hits = longFunctionsIn('a.ts', text, MAX_FUNCTION_LINES);
    expect(hits.map((h) => h.split(':')[0])).toEqual(['long', 'arrow', 'method', 'outer', 'inner']);
    expect(hits[0]).toMatch(/^long:\d+: 81 lines$/);
    const root = mkdtempSync(path.join(os.tmpdir(), 'ovos-arch-functions-'));
    try {
      mkdirSync(path.join(root, 'packages/core/src'), { recursive: true });
      writeFileSync(path.join(root, 'packages/core/src/a.ts'), text);
      writeFileSync(path.join(root, 'packages/core/src/a.test.ts'), text);
      expect(longFunctions(root, ['core'], MAX_FUNCTION_LINES).filter((h) => h.includes('a.test.ts'))).toEqual([]);
      expect(longFunctions(root, ['core'], MAX_FUNCTION_LINES)).toHaveLength(5);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('no transport decides who may be anonymous or waits for the first load (no isLoopbackHost(, no .ready())', () => {
    expect(transportDecisionCalls(path.join(repoRoot, 'packages/provider/src/transports'))).toEqual([]);
  });

  test('the transport call scan finds isLoopbackHost( and .ready() written in a transport', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ovos-arch-calls-'));
    try {
      writeFileSync(path.join(dir, 'route.ts'), "const open = isLoopbackHost(host);\nconst notReady = await service.ready();\nconst fine = service.readyState;\n");
      writeFileSync(path.join(dir, 'route.test.ts'), 'await service.ready();\n');
      expect(transportDecisionCalls(dir)).toEqual([expect.stringMatching(/^route\.ts:1: /), expect.stringMatching(/^route\.ts:2: /)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('no module cycle and no dependency against the layering in packages/*/src', async () => {
    const packages = readdirSync(path.join(repoRoot, 'packages')).filter((p) => existsSync(path.join(repoRoot, 'packages', p, 'src')));
    expect(packages).toEqual(expect.arrayContaining(['core', 'messagebus', 'provider', 'toolbox-mcp', 'toolbox-http', 'create-ovos-toolbox']));
    expect(await check(packages.map((p) => `packages/${p}/src`), repoRoot)).toEqual([]);
  });

  test('the check fails on a back-edge and on a cycle', async () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'ovos-arch-'));
    try {
      const file = (rel: string, text: string) => {
        mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
        writeFileSync(path.join(base, rel), text);
      };
      file('packages/core/src/a.ts', "import { b } from './b.js';\nimport { serve } from '../../provider/src/serve.js';\nexport const a = () => b + serve;\n");
      file('packages/core/src/b.ts', "import { a } from './a.js';\nexport const b = typeof a;\n");
      file('packages/provider/src/serve.ts', 'export const serve = 1;\n');
      file('packages/toolbox-x/src/index.ts', "import { ToolsProvider } from '@ovos-tools/provider';\nexport const x = ToolsProvider;\n");
      // a lower provider floor importing a higher one (the policy reading the config assembler), and a type-only cycle
      file('packages/provider/src/config/ProviderConfig.ts', 'export const settings = 1;\n');
      file('packages/provider/src/policy/ExecutionPolicy.ts', "import { settings } from '../config/ProviderConfig.js';\nexport const policy = settings;\n");
      file('packages/provider/src/transports/http/server.ts', "import { Reloader } from '../../catalog/Reloader.js';\nexport const s = Reloader;\n");
      file('packages/provider/src/catalog/Reloader.ts', 'export const Reloader = 1;\n');
      file('packages/provider/src/service/A.ts', "import type { B } from './B.js';\nexport type A = { b?: B };\n");
      file('packages/provider/src/service/B.ts', "import type { A } from './A.js';\nexport type B = { a?: A };\n");
      // a transport importing an access rule (a decision of its own in the making)
      file('packages/provider/src/transports/http/claims.ts', "import { actingFor } from '../../access/callerKeys.js';\nexport const c = actingFor;\n");
      file('packages/provider/src/access/callerKeys.ts', 'export const actingFor = 1;\n');
      // each floor importing the floor above it
      PROVIDER_FLOORS.slice(0, -1).forEach((floor, i) => {
        file(`packages/provider/src/${floor[0]}/up${i}.ts`, `import { above } from '../${PROVIDER_FLOORS[i + 1]![0]}/above${i}.js';\nexport const up = above;\n`);
        file(`packages/provider/src/${PROVIDER_FLOORS[i + 1]![0]}/above${i}.ts`, 'export const above = 1;\n');
      });
      const violations = await check(['packages'], base);
      expect(violations).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^core-stands-alone: packages\/core\/src\/a\.ts → packages\/provider\/src\/serve\.ts/),
          expect.stringMatching(/^no-cycles: /),
          expect.stringMatching(/^toolboxes-use-core-only: packages\/toolbox-x\/src\/index\.ts → @ovos-tools\/provider/),
          expect.stringMatching(/^provider-floor-1-imports-no-higher-floor: packages\/provider\/src\/policy\/ExecutionPolicy\.ts → packages\/provider\/src\/config\/ProviderConfig\.ts/),
          expect.stringMatching(/^provider-transports-know-no-catalog: packages\/provider\/src\/transports\/http\/server\.ts → packages\/provider\/src\/catalog\/Reloader\.ts/),
          expect.stringMatching(/^no-cycles-at-all: packages\/provider\/src\/service\/A\.ts → packages\/provider\/src\/service\/B\.ts/),
          expect.stringMatching(/^provider-transports-decide-nothing: packages\/provider\/src\/transports\/http\/claims\.ts → packages\/provider\/src\/access\/callerKeys\.ts/),
          ...PROVIDER_FLOORS.slice(0, -1).map((floor, i) =>
            expect.stringMatching(new RegExp(`^provider-floor-${i}-imports-no-higher-floor: packages/provider/src/${floor[0]}/up${i}\\.ts → packages/provider/src/${PROVIDER_FLOORS[i + 1]![0]}/above${i}\\.ts`)),
          ),
        ]),
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
