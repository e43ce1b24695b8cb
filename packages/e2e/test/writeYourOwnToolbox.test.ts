import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { makePluginRoot } from '../../provider/test/helpers/pluginRoot.js';
import { answerTo, RawOvosClient, repoRoot, startServe } from './helpers/system.js';

// docs/writing-a-toolbox.md's example is a real package in examples/hello-toolbox: the page shows
// its files verbatim, and this test packs it, installs it while the provider runs, reloads and invokes it.
const example = path.join(repoRoot, 'examples', 'hello-toolbox');
const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

test('docs/writing-a-toolbox.md shows the example files verbatim', () => {
  const readme = readFileSync(path.join(repoRoot, 'docs', 'writing-a-toolbox.md'), 'utf8');
  for (const file of ['index.js', 'package.json']) expect(readme).toContain(readFileSync(path.join(example, file), 'utf8').trim());
});

test('the example toolbox installs at runtime and answers', async () => {
  const packDir = mkdtempSync(path.join(os.tmpdir(), 'ovos-hello-'));
  cleanups.push(() => rmSync(packDir, { recursive: true, force: true }));
  execFileSync('npm', ['pack', '--pack-destination', packDir, '--loglevel=error'], { cwd: example });
  const tarball = path.join(packDir, readdirSync(packDir).find((f) => f.endsWith('.tgz'))!);
  const root = makePluginRoot();
  cleanups.push(() => root.cleanup());
  const config = path.join(packDir, 'config.json');
  writeFileSync(config, JSON.stringify({ 'ovos-hello-tools': { greeting: 'Olá' } }));
  const serve = await startServe(['--plugins', root.dir, '--config', config, '--embedded-bus', 'always']);
  cleanups.push(() => serve.stop());
  const client = await RawOvosClient.connect(serve.url);
  cleanups.push(() => client.close());
  execFileSync('npm', ['install', tarball, '--no-audit', '--no-fund', '--legacy-peer-deps', '--loglevel=error'], { cwd: root.dir });
  expect((await client.request('ovos.tools.reload')).data).toMatchObject({ loaded: ['ovos-hello-tools'], total_tools: 1 });
  client.send('ovos.tools.invoke', { name: 'greet', args: { name: 'Ada', times: '2' } }, { request_id: 'greet' });
  expect((await answerTo(client, 'greet')).data).toMatchObject({ name: 'greet', result: { message: 'Olá, Ada! Olá, Ada!' }, toolbox_id: 'ovos-hello-tools' });
  client.send('ovos.tools.invoke', { name: 'greet', args: { name: '' } }, { request_id: 'empty' });
  expect((await answerTo(client, 'empty')).data.error).toMatch(/^ValueError: Tool input validation failed for 'greet' in ToolBox 'ovos-hello-tools': name: /);
  const spec = await client.request('ovos.tools.get', { name: 'greet' });
  expect(spec.data).toMatchObject({ tags: ['example'], annotations: { read_only: true }, examples: [{ arguments: { name: 'Ada' }, result: { message: 'Hello, Ada!' } }] });
});
