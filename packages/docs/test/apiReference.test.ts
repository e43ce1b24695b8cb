import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/markdownFiles.js';

/**
 * The API reference (`pnpm docs:api`: TypeDoc over `@ovos-tools/core` and its entries, the provider's programmatic
 * API and `@ovos-tools/messagebus`) builds with TypeDoc's validation on and every warning an error: an export without
 * a TSDoc comment, a `{@link}` that resolves to nothing, or a public type that is referenced but not exported fails it.
 * TypeDoc does not type-check the sources again (`skipErrorChecking` in typedoc.json: `pnpm typecheck` does, beside
 * this test), which took two thirds of its time.
 */
const here = path.join(repoRoot, 'packages', 'docs');
const typedoc = path.join(here, 'node_modules', '.bin', 'typedoc');
const out = mkdtempSync(path.join(os.tmpdir(), 'ovos-api-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function build(outDir: string, ...extra: string[]) {
  const r = spawnSync(typedoc, ['--options', 'typedoc.json', '--out', outDir, ...extra], { cwd: here, encoding: 'utf8', timeout: 300_000 });
  return { code: r.status, output: `${r.stdout}${r.stderr}`.replace(/\x1b\[[0-9;]*m/g, '') };
}

describe('the API reference', () => {
  // as long as the build itself may take (spawnSync's 300 s): 20 CPU seconds took 137 s on a loaded machine
  it('builds from the TSDoc with no warning, and has a page for every entry', { timeout: 300_000 }, () => {
    const r = build(path.join(out, 'api'));
    expect(r.output).not.toMatch(/\[warning\]|\[error\]/);
    expect(r.code, r.output).toBe(0);
    const modules = readdirSync(path.join(out, 'api', 'modules')).join('\n');
    for (const entry of ['_ovos-tools_core.index', '_ovos-tools_core.contract', '_ovos-tools_core.net', '_ovos-tools_core.node', '_ovos-tools_core.worker', '_ovos-tools_core.testing', '_ovos-tools_provider.index', '_ovos-tools_messagebus.index']) {
      expect(modules).toContain(entry);
    }
    expect(existsSync(path.join(out, 'api', 'classes', '_ovos-tools_core.index.ToolBox.html'))).toBe(true);
  });

  it('fails on an undocumented export', () => {
    const r = build(path.join(out, 'undocumented'), '--entryPoints', 'fixtures/undocumented');
    expect(r.code, r.output).not.toBe(0);
    expect(r.output).toMatch(/UNDOCUMENTED \(Variable\), defined in .* does not have any documentation/);
  });

  it('fails on a link to nothing', () => {
    const r = build(path.join(out, 'broken-link'), '--entryPoints', 'fixtures/broken-link');
    expect(r.code, r.output).not.toBe(0);
    expect(r.output).toContain('Failed to resolve link to "noSuchThing"');
  });
});
