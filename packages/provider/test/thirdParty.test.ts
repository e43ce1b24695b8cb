import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, providerDir, type PluginRoot } from './helpers/pluginRoot.js';
import { RawOvosClient, startServe } from './helpers/serve.js';

// A third-party toolbox packed with `npm pack` and installed with `npm install` into a plugin root while the
// provider runs: reload (and, separately, --watch) picks it up, uninstall and reload removes it — no restart.
let tarball: string;
let packDir: string;

const npm = (cwd: string, ...args: string[]) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--legacy-peer-deps', '--loglevel=error'], { cwd, encoding: 'utf8', timeout: 120_000 });

beforeAll(() => {
  packDir = mkdtempSync(path.join(os.tmpdir(), 'ovos-pack-'));
  npm(path.join(providerDir, 'test', 'fixtures', 'ovos-dice-tools'), 'pack', '--pack-destination', packDir);
  tarball = path.join(packDir, readdirSync(packDir).find((f) => f.endsWith('.tgz'))!);
});
afterAll(() => rmSync(packDir, { recursive: true, force: true }));

describe.each([
  ['ovos.tools.reload', false, false],
  ['serve --watch', true, false],
  ['serve --watch, into a plugin folder created after start', true, true],
])('install at runtime with %s', (_how, watch, createdLater) => {
  let root: PluginRoot;
  beforeAll(() => {
    root = makePluginRoot();
  });
  afterAll(() => root.cleanup());

  test('install, invoke, uninstall', async () => {
    // a plugin folder that does not exist yet: the first `npm install --prefix` creates it (and two parents)
    const dir = createdLater ? path.join(root.dir, 'not', 'yet', 'plugins') : root.dir;
    const serve = await startServe(['--plugins', dir, '--embedded-bus', 'always', ...(watch ? ['--watch'] : [])]);
    const client = await RawOvosClient.connect(serve.url);
    try {
      expect((await client.request('ovos.tools.list')).data.tools).toEqual([]);
      const changed = client.next('ovos.tools.changed', 30_000);
      npm(root.dir, 'install', '--prefix', dir, tarball);
      expect(existsSync(path.join(dir, 'node_modules', 'ovos-dice-tools', 'index.js'))).toBe(true);
      // the install's burst of file events is debounced into one reload: generation 1 at start, 2 after it
      if (watch) expect((await changed).data).toMatchObject({ added: ['roll_dice'], loaded: ['ovos-dice-tools'], generation: 2 });
      else expect((await client.request('ovos.tools.reload')).data).toMatchObject({ loaded: ['ovos-dice-tools'], total_tools: 1, added: ['roll_dice'] });
      const roll = await client.request('ovos.tools.invoke', { name: 'roll_dice', args: { count: 3, seed: 7 } });
      expect(roll.data).toMatchObject({ name: 'roll_dice', toolbox_id: 'ovos-dice-tools' });
      const { faces, total } = roll.data.result as { faces: number[]; total: number };
      expect(faces).toHaveLength(3);
      expect(total).toBe(faces.reduce((a, b) => a + b, 0));

      const removed = client.next('ovos.tools.changed', 30_000);
      npm(root.dir, 'uninstall', '--prefix', dir, 'ovos-dice-tools');
      if (watch) expect((await removed).data).toMatchObject({ removed: ['roll_dice'], loaded: [], generation: 3 });
      else expect((await client.request('ovos.tools.reload')).data).toMatchObject({ loaded: [], total_tools: 0, removed: ['roll_dice'] });
      expect((await client.request('ovos.tools.invoke', { name: 'roll_dice', args: { count: 1 } })).data.error).toBe("Unknown tool: 'roll_dice'");
      if (watch) {
        // one reload per npm operation: the next is the 4th generation, and npm's writes never looked unrecorded
        expect((await client.request('ovos.tools.reload')).data).toMatchObject({ generation: 4 });
        expect(serve.output()).not.toMatch(/not installed by npm|being installed/);
      }
    } finally {
      client.close();
      await serve.stop();
    }
  });
});
