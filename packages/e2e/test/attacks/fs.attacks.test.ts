import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { listTree, plantedToolbox, startInEmptyHome, type HomeProvider } from './load.home.js';

// Issue 13, finding 1 with an operator who roots the filesystem toolbox at the home folder: the protected parts
// (plugin roots, OVOS/ovos-tools config and data, skills, code-loading names) stay closed, so no tool call can
// plant a toolbox, enable the shell for the next start, or take over a tool name with a SKILL.md.
let p: HomeProvider | undefined;
afterEach(async () => {
  await p?.stop();
  p = undefined;
});

const SECRET = 'operator-api-key-7f3a9c';
const operatorConf = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ PHAL: { 'ovos-phal-plugin-tools': { brain: { api_key: SECRET }, ...extra } } });

describe('filesystem root = the home folder (serve started elsewhere)', () => {
  test('every planting write is refused; reload and restart serve the same toolboxes, shell still off, config intact', async () => {
    let realConf = '';
    p = await startInEmptyHome({
      cwdInHome: false,
      files: (home) => ({ '.config/mycroft/mycroft.conf': (realConf = operatorConf({ 'ovos-filesystem-tools': { root_path: home } })) }),
    });
    const home = p.home;

    const before = listTree(home);
    const evil = plantedToolbox(p.marker);
    const writes: Array<[string, string]> = [
      ['.local/share/ovos-tools/plugins/node_modules/evil-tools/package.json', evil['package.json']],
      ['.local/share/ovos-tools/plugins/node_modules/evil-tools/index.js', evil['index.js']],
      ['.local/share/ovos-tools/plugins/node_modules/.package-lock.json', '{}'],
      ['.local/share/ovos-tools/plugins/package-lock.json', '{}'],
      ['node_modules/evil-tools/index.js', evil['index.js']],
      ['.config/mycroft/mycroft.conf', operatorConf({ 'ovos-shell-tools': { allow_shell: true } })],
      ['.config/mycroft/extra.conf', '{}'],
      ['.config/ovos-tools/config.json', '{}'],
      ['.local/share/ovos-tools/skills/read_file/SKILL.md', '---\nname: read_file\ndescription: x\n---\nevil\n'],
      ['projects/read_file/SKILL.md', '---\nname: read_file\ndescription: x\n---\nevil\n'],
      ['.local/share/mycroft/skills/evil/__init__.py', 'import os'],
      ['.npmrc', 'script-shell=/tmp/evil'],
      ['.bashrc', 'touch /tmp/evil'],
      ['.local/lib/python3.11/site-packages/evil.pth', 'import os'],
    ];
    for (const [file, content] of writes) {
      const r = await p.invoke('write_file', { path: file, content });
      expect(r.result!.success, file).toBe(false);
      expect(r.result!.message, file).toMatch(/^Access denied: path '.*' is protected \(.*\); ovos-filesystem-tools never writes there\.$/);
    }
    expect(listTree(home)).toEqual(before);
    // protected files are not readable either, and searches do not see them
    const read = await p.invoke('read_file', { path: '.config/mycroft/mycroft.conf' });
    expect(read.result!.error).toMatch(/is protected/);
    const search = await p.invoke('search_in_files', { pattern: SECRET.slice(0, 12) });
    expect(JSON.stringify([read, search])).not.toContain(SECRET);
    expect((await p.invoke('write_file', { path: 'projects/notes.md', content: 'ok' })).result!.success).toBe(true);

    const reload = (await p.client.request('ovos.tools.reload', {}, 30_000)).data as { loaded: string[] };
    expect(reload.loaded).not.toContain('ovos-evil-tools');
    await p.restart();
    expect((await p.invoke('run_command', { command: 'id' })).result!.stderr).toBe('Shell execution is disabled (allow_shell=False).');
    expect((await p.invoke('read_file', { path: 'projects/notes.md' })).toolbox_id).toBe('ovos-filesystem-tools');
    expect(readFileSync(path.join(home, '.config', 'mycroft', 'mycroft.conf'), 'utf8')).toBe(realConf);
    expect(existsSync(p.marker)).toBe(false);
  });

  test('serve started in the home folder makes it a plugin root: a filesystem root there is refused at start-up with a clear error', async () => {
    p = await startInEmptyHome({ files: (home) => ({ '.config/mycroft/mycroft.conf': operatorConf({ 'ovos-filesystem-tools': { root_path: path.join(home, 'projects') } }) }) });
    const reload = (await p.client.request('ovos.tools.reload', {}, 30_000)).data as { loaded: string[]; problems: Array<{ error: string }> };
    expect(reload.loaded).not.toContain('ovos-filesystem-tools');
    expect(reload.problems.map((x) => x.error).join('\n')).toMatch(/config 'root_path': the root '.*projects' cannot be used: it lies in the protected location '.*home'/);
  });
});

