import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { linkedPluginRoot, repoRoot, startServe, type ServeProcess } from './helpers/system.js';

// What `ovos-tools serve` says at start about a config that loads but names things wrongly: a toolbox-mcp server
// entry with an unknown key, and names that match nothing installed.
const fixtureServer = path.join(repoRoot, 'packages', 'toolbox-mcp', 'test', 'fixtures', 'fixtureServer.mjs');
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('serve logs at start', () => {
  test('a toolbox-mcp server entry with an unknown key, and config names that match nothing installed', async () => {
    const root = linkedPluginRoot(['toolbox-mcp']);
    cleanups.push(() => root.cleanup());
    const work = mkdtempSync(path.join(os.tmpdir(), 'ovos-startup-warnings-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    const configFile = path.join(work, 'config.json');
    writeFileSync(
      configFile,
      JSON.stringify({
        'ovos-mcp-tools': { servers: { first: { command: process.execPath, args: [fixtureServer], include: ['add'], includ: ['x'] } } },
        'ovos-clock-tools': { a: 1 },
        // a name far from every installed one is a warning (one within two edits of an installed name is refused: configRefusals.test.ts)
        disabled_toolboxes: ['ovos-gone-tools'],
      }),
    );
    const serve: ServeProcess = await startServe(['--plugins', root.dir, '--config', configFile, '--embedded-bus', 'always']);
    cleanups.push(() => serve.stop());
    const out = serve.output();
    expect(out).toContain("ovos-mcp-tools: toolbox 'first': servers.first.includ: unknown key for a stdio server");
    expect(out).toContain("config: a toolbox section names 'ovos-clock-tools', which no installed toolbox has");
    expect(out).toContain("config: disabled_toolboxes names 'ovos-gone-tools', which no installed toolbox has");
  });
});
