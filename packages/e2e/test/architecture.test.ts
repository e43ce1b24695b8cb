import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, test } from 'vitest';
import { repoRoot } from './helpers/system.js';

/**
 * The layering of the monorepo, checked on every `npm test` (style.md §1): no module cycle anywhere (of runtime imports); `core` depends
 * on no workspace package; `messagebus` knows nothing of tools; the provider depends on no toolbox; toolboxes import
 * neither the provider, the messagebus nor each other; inside the provider, the tool service knows no transport.
 */
// a workspace package is reached by path (relative import) or by name (`@ovos-tools/<name>`, not followed)
const pkg = (names: string) => `^(packages/|@ovos-tools/)(${names})(/|$)`;
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
  { name: 'service-knows-no-transport', severity: 'error', from: { path: '^packages/provider/src/(service|registry|policy|reload|hosts)/' }, to: { path: '^packages/provider/src/(transports|cli)/' } },
];

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
  test('no module cycle and no dependency against the layering in packages/*/src', async () => {
    const packages = ['core', 'messagebus', 'provider', 'toolbox-clock', 'toolbox-filesystem', 'toolbox-math', 'toolbox-shell', 'toolbox-skill-md', 'toolbox-web'];
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
      const violations = await check(['packages'], base);
      expect(violations).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^core-stands-alone: packages\/core\/src\/a\.ts → packages\/provider\/src\/serve\.ts/),
          expect.stringMatching(/^no-cycles: /),
          expect.stringMatching(/^toolboxes-use-core-only: packages\/toolbox-x\/src\/index\.ts → @ovos-tools\/provider/),
        ]),
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
