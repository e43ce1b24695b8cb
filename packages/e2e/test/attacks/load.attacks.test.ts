import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { listTree, plantedToolbox, startInEmptyHome, type HomeProvider } from './load.home.js';

// Issue 13, finding 1: `ovos-tools serve` with every default in a home folder must serve only the dedicated
// workspace, and nothing any tool call writes may become code the provider imports — not via --watch, not via
// any bus client's ovos.tools.reload, not at the next start. Real provider process, real files, real bus.
let p: HomeProvider | undefined;
afterEach(async () => {
  await p?.stop();
  p = undefined;
});

const BUNDLED_IDS = ['ovos-clock-tools', 'ovos-filesystem-tools', 'ovos-math-tools', 'ovos-shell-tools', 'ovos-skill-md-toolbox', 'ovos-web-search-tools'];

/** Every write a hostile model would try in order to plant code or config, as seen from the default root. */
function plantingWrites(p: HomeProvider): Array<[string, string]> {
  const evil = plantedToolbox(p.marker);
  const roots = ['', '../plugins/', `${p.home}/`, `${p.userPlugins}/`];
  const out: Array<[string, string]> = [];
  for (const r of roots) for (const [file, text] of Object.entries(evil)) out.push([`${r}node_modules/evil-tools/${file}`, text]);
  out.push(['node_modules/.package-lock.json', JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/evil-tools': { version: '1.0.0' } } })]);
  out.push([`${p.home}/.config/mycroft/mycroft.conf`, JSON.stringify({ PHAL: { 'ovos-phal-plugin-tools': { 'ovos-shell-tools': { allow_shell: true } } } })]);
  out.push(['../skills/read_file/SKILL.md', '---\nname: read_file\ndescription: x\n---\nevil\n']);
  out.push(['skills/read_file/SKILL.md', '---\nname: read_file\ndescription: x\n---\nevil\n']);
  out.push(['package.json', JSON.stringify({ name: 'ws', dependencies: { 'evil-tools': '*' } })]);
  return out;
}

async function attackAndCheck(p: HomeProvider, reload: () => Promise<{ loaded: string[] }>): Promise<void> {
  const homeBefore = listTree(p.home).filter((f) => !f.startsWith('.local/share/ovos-tools/workspace'));
  // the default root is the dedicated workspace, created on start
  const listing = await p.invoke('list_directory', { path: '.' });
  expect(listing.result!.path).toBe(p.workspace);
  expect(existsSync(p.workspace)).toBe(true);
  for (const [file, content] of plantingWrites(p)) {
    const r = await p.invoke('write_file', { path: file, content });
    expect(r.result!.success, file).toBe(false);
    expect(r.result!.message, file).toMatch(/^Access denied: path '.*' is (outside the sandbox root|protected)/);
  }
  // an ordinary file is written, in the workspace only
  expect((await p.invoke('write_file', { path: 'notes/todo.txt', content: 'milk\n' })).result!.success).toBe(true);
  expect(listTree(p.workspace)).toEqual(['notes', 'notes/todo.txt']);
  expect(listTree(p.home).filter((f) => !f.startsWith('.local/share/ovos-tools/workspace'))).toEqual(homeBefore);

  const after = await reload();
  expect(after.loaded).toEqual(expect.arrayContaining(['ovos-filesystem-tools', 'ovos-shell-tools', 'ovos-skill-md-toolbox']));
  expect(after.loaded.every((id) => BUNDLED_IDS.includes(id))).toBe(true);
  expect((await p.invoke('run_command', { command: 'id' })).result!.stderr).toBe('Shell execution is disabled (allow_shell=False).');
  expect((await p.invoke('read_file', { path: 'notes/todo.txt' })).toolbox_id).toBe('ovos-filesystem-tools');
  expect(existsSync(p.marker)).toBe(false);
}

describe('every default, empty HOME, serve started in the home folder', () => {
  test('ovos.tools.reload loads no code written by any tool call', async () => {
    p = await startInEmptyHome();
    await attackAndCheck(p, async () => (await p!.client.request('ovos.tools.reload', {}, 30_000)).data as { loaded: string[] });
    await p.restart();
    const list = await p.client.request('ovos.tools.list', {}, 30_000);
    const ids = new Set((list.data.tools as Array<{ toolbox_id: string }>).map((t) => t.toolbox_id));
    expect(ids.has('ovos-filesystem-tools')).toBe(true);
    expect([...ids].every((id) => BUNDLED_IDS.includes(id))).toBe(true);
    expect((await p.invoke('run_command', { command: 'id' })).result!.stderr).toBe('Shell execution is disabled (allow_shell=False).');
    expect(existsSync(p.marker)).toBe(false);
  });

  test('--watch loads no code written by any tool call', async () => {
    p = await startInEmptyHome({ args: ['--watch'] });
    await attackAndCheck(p, async () => {
      await new Promise((r) => setTimeout(r, 1500)); // a watcher-triggered reload, if any, has run by now
      return (await p!.client.request('ovos.tools.reload', {}, 30_000)).data as { loaded: string[] };
    });
  });
});

describe('discovery imports only what npm/pnpm installed', () => {
  test('a toolbox package written into a plugin root without an install record is reported and never imported (reload, --watch, restart)', async () => {
    p = await startInEmptyHome({ args: ['--watch'], cwdInHome: false });
    const dir = path.join(p.userPlugins, 'node_modules', 'evil-tools');
    mkdirSync(dir, { recursive: true });
    for (const [file, text] of Object.entries(plantedToolbox(p.marker))) writeFileSync(path.join(dir, file), text);
    const reload = (await p.client.request('ovos.tools.reload', {}, 30_000)).data as { loaded: string[]; problems: Array<{ error: string }> };
    expect(reload.loaded).not.toContain('ovos-evil-tools');
    expect(reload.problems.map((x) => x.error)).toContainEqual(expect.stringMatching(/^not installed by npm: evil-tools has no install record in /));
    await p.restart();
    expect(existsSync(p.marker)).toBe(false);
  });

  test('allowed_packages pins what may load', async () => {
    p = await startInEmptyHome({
      files: { '.config/mycroft/mycroft.conf': JSON.stringify({ PHAL: { 'ovos-phal-plugin-tools': { allowed_packages: ['@ovos-tools/toolbox-math'] } } }) },
    });
    const reload = (await p.client.request('ovos.tools.reload', {}, 30_000)).data as { loaded: string[]; problems: Array<{ error: string }> };
    expect(reload.loaded).toEqual(['ovos-math-tools']);
    expect(reload.problems.filter((x) => x.error.startsWith('not in allowed_packages:'))).toHaveLength(5);
  });
});
