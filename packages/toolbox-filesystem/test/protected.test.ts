import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FileSystemToolBox } from '../src/FileSystemToolBox.js';
import { FileSystemConfigError } from '../src/config.js';
import { makeWorld, type World } from './fixture.js';

// Protected paths: plugin roots, host-protected paths, the OVOS/ovos-tools config and data folders, and
// code-loading names (node_modules, package.json, SKILL.md, mycroft.conf, .pth, ...) are never written, and not
// read unless allow_read_protected. Every test looks at the disk afterwards, not only at the answer.
let w: World;
let home: string;
const saved = { XDG_DATA_HOME: process.env.XDG_DATA_HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
beforeEach(() => {
  w = makeWorld();
  home = path.join(w.base, 'home');
  fs.mkdirSync(home);
  process.env.XDG_DATA_HOME = path.join(home, '.local', 'share');
  process.env.XDG_CONFIG_HOME = path.join(home, '.config');
});
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  w.cleanup();
});

const write = (box: FileSystemToolBox, p: string) => box.callTool('write_file', { path: p, content: 'export const pwned = 1;\n' });

describe('code-loading names inside a root', () => {
  const names = [
    'node_modules/evil/package.json',
    'node_modules/evil/index.js',
    'sub/node_modules/.package-lock.json',
    'NODE_MODULES/x.js',
    'package.json',
    'sub/package-lock.json',
    'pnpm-lock.yaml',
    '.npmrc',
    '.config/mycroft/mycroft.conf',
    'skills/read_file/SKILL.md',
    'skills/x/skill.md',
    'site-packages/evil.pth',
    'sitecustomize.py',
    '.bashrc',
    '.profile',
    'repo/.git/hooks/pre-commit',
    'repo/.git/config',
  ];
  for (const name of names) {
    test(`write_file '${name}' is refused and nothing is created`, async () => {
      const box = w.box();
      const r = await write(box, name);
      expect(r.success).toBe(false);
      expect(r.message).toMatch(/^Access denied: path '.*' is protected \(.*\); ovos-filesystem-tools never writes there\.$/);
      expect(fs.existsSync(path.join(w.root, name))).toBe(false);
    });
  }

  test('ordinary files next to them are still written', async () => {
    const box = w.box();
    expect((await write(box, 'src/index.js')).success).toBe(true);
    expect((await write(box, 'repo/.git/HEAD')).success).toBe(true);
    expect((await write(box, 'docs/package.md')).success).toBe(true);
  });

  test('reads, listings, finds and searches do not see them; allow_read_protected opens reading only', async () => {
    fs.mkdirSync(path.join(w.root, 'node_modules', 'dep'), { recursive: true });
    fs.writeFileSync(path.join(w.root, 'node_modules', 'dep', 'index.js'), 'SECRET_IN_DEP');
    fs.writeFileSync(path.join(w.root, 'package.json'), '{"name":"SECRET_IN_PKG"}');
    const box = w.box();
    expect((await box.callTool('read_file', { path: 'package.json' })).content).toMatch(/is protected .*allow_read_protected: true/);
    expect((await box.callTool('read_file', { path: 'node_modules/dep/index.js' })).error).toMatch(/is protected/);
    expect((await box.callTool('list_directory', { path: 'node_modules' })).error).toMatch(/is protected/);
    const listed = (await box.callTool('list_directory', { path: '.', pattern: '**' })).entries as string[];
    expect(listed.some((e) => e.includes('node_modules') || e.endsWith('package.json'))).toBe(false);
    expect(listed).toContain(path.join(w.root, 'hello.txt'));
    expect((await box.callTool('find_files', { glob: '**/*.js*' })).files).toEqual([]);
    expect((await box.callTool('search_in_files', { pattern: 'SECRET_IN' })).matches).toEqual([]);

    const reader = w.box({ allow_read_protected: true });
    expect((await reader.callTool('read_file', { path: 'package.json' })).content).toBe('{"name":"SECRET_IN_PKG"}');
    expect((await reader.callTool('search_in_files', { pattern: 'SECRET_IN' })).total).toBe(2);
    expect((await write(reader, 'package.json')).success).toBe(false);
    expect(fs.readFileSync(path.join(w.root, 'package.json'), 'utf8')).toBe('{"name":"SECRET_IN_PKG"}');
    await Promise.all([box.close(), reader.close()]);
  });

  test('a symlink inside the root into node_modules is refused by its real path', async () => {
    fs.mkdirSync(path.join(w.root, 'node_modules', 'dep'), { recursive: true });
    fs.symlinkSync('node_modules/dep', path.join(w.root, 'innocent'));
    const r = await write(w.box(), 'innocent/index.js');
    expect(r.message).toMatch(/is protected/);
    expect(fs.existsSync(path.join(w.root, 'node_modules', 'dep', 'index.js'))).toBe(false);
  });
});

describe('protected locations', () => {
  test('a root that contains plugin roots and host-protected paths keeps them closed', async () => {
    const plugins = path.join(w.root, 'plugins');
    const conf = path.join(w.root, 'conf', 'provider.json');
    fs.mkdirSync(path.dirname(conf), { recursive: true });
    fs.writeFileSync(conf, '{"SECRET":1}');
    const box = new FileSystemToolBox({ config: { root_path: w.root }, pluginRoots: [plugins], protectedPaths: [conf] });
    expect((await write(box, 'plugins/evil.js')).message).toMatch(/protected location '.*plugins'/);
    expect((await write(box, conf)).message).toMatch(/protected location/);
    expect((await box.callTool('read_file', { path: 'conf/provider.json' })).error).toMatch(/is protected/);
    expect(fs.existsSync(plugins)).toBe(false);
    expect(fs.readFileSync(conf, 'utf8')).toBe('{"SECRET":1}');
  });

  test('the OVOS and ovos-tools config and data folders are protected without any host (XDG and ~/.config)', async () => {
    const box = new FileSystemToolBox({ config: { root_path: home } });
    for (const p of ['.config/mycroft/x.json', '.config/ovos-tools/config.json', '.local/share/ovos-tools/plugins/node.js', '.local/share/ovos-tools/skills/a.md', '.local/share/mycroft/skills/x.py']) {
      const r = await write(box, p);
      expect(r.message, p).toMatch(/protected location/);
      expect(fs.existsSync(path.join(home, p))).toBe(false);
    }
    // the workspace is carved out of the protected data folder
    expect((await write(box, '.local/share/ovos-tools/workspace/notes.txt')).success).toBe(true);
  });

  test('a protected folder reached through a symlinked parent is still protected', async () => {
    const realConfig = path.join(w.base, 'elsewhere-config');
    fs.mkdirSync(realConfig);
    fs.symlinkSync(realConfig, path.join(home, '.config'));
    const box = new FileSystemToolBox({ config: { root_path: [home, realConfig] } });
    expect((await write(box, path.join(realConfig, 'mycroft', 'mycroft.json'))).message).toMatch(/protected/);
    expect(fs.existsSync(path.join(realConfig, 'mycroft'))).toBe(false);
  });

  test('a root inside a protected location is refused at construction with a clear error', () => {
    const plugins = path.join(w.base, 'plugins');
    fs.mkdirSync(path.join(plugins, 'node_modules'), { recursive: true });
    const attempts: Array<[Record<string, unknown>, string[] | undefined]> = [
      [{ root_path: plugins }, [plugins]],
      [{ root_path: path.join(plugins, 'node_modules') }, undefined],
      [{ root_path: path.join(home, '.config', 'mycroft') }, undefined],
      [{ root_path: [w.root, path.join(home, '.local', 'share', 'ovos-tools', 'skills')] }, undefined],
    ];
    for (const [config, pluginRoots] of attempts) {
      expect(() => new FileSystemToolBox({ config, pluginRoots })).toThrow(FileSystemConfigError);
    }
    expect(() => new FileSystemToolBox({ config: { root_path: plugins }, pluginRoots: [plugins] })).toThrow(
      /config 'root_path': the root '.*plugins' cannot be used: it lies in the protected location '.*plugins'/,
    );
  });

  test('the default workspace is created and usable even though the data folder is protected by the host', async () => {
    const data = path.join(home, '.local', 'share', 'ovos-tools');
    const box = new FileSystemToolBox({ protectedPaths: [data], pluginRoots: [path.join(data, 'plugins')] });
    expect(box.settings.roots).toEqual([path.join(data, 'workspace')]);
    expect((await write(box, 'hello.txt')).success).toBe(true);
    expect((await write(box, '../plugins/node_modules/x/index.js')).success).toBe(false);
    expect(fs.existsSync(path.join(data, 'plugins'))).toBe(false);
  });
});
