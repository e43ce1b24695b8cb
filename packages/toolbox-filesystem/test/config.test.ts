import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FileSystemToolBox } from '../src/FileSystemToolBox.js';
import { DEFAULT_LIMITS, FileSystemConfigError, MAX_TIMEOUT_MS, parseFileSystemConfig } from '../src/config.js';
import { makeWorld, type World } from './fixture.js';

let w: World;
beforeEach(() => {
  w = makeWorld();
});
afterEach(() => w.cleanup());

describe('config', () => {
  test('defaults: the dedicated workspace as root, writes allowed, protected paths unreadable, documented limits', () => {
    const saved = process.env.XDG_DATA_HOME;
    process.env.XDG_DATA_HOME = w.base;
    const c = parseFileSystemConfig({});
    if (saved === undefined) delete process.env.XDG_DATA_HOME;
    else process.env.XDG_DATA_HOME = saved;
    expect(c.roots).toEqual([path.join(w.base, 'ovos-tools', 'workspace')]);
    expect(c.defaultRoot).toBe(true);
    expect(c.allowReadProtected).toBe(false);
    expect(c.allowWrite).toBe(true);
    expect(c.maxReadBytes).toBe(DEFAULT_LIMITS.max_read_bytes);
    expect(DEFAULT_LIMITS).toEqual({
      max_read_bytes: 1048576,
      max_entries: 1000,
      max_scan_entries: 100000,
      max_search_files: 1000,
      max_search_bytes: 33554432,
      max_search_file_bytes: 4194304,
      max_matches: 1000,
      max_line_chars: 2000,
      search_timeout_ms: 10000,
    });
    expect(c.searchTimeoutMs).toBe(10000);
  });

  test('search_timeout_ms: a positive integer no larger than Node timers allow', () => {
    expect(parseFileSystemConfig({ search_timeout_ms: '2500' }).searchTimeoutMs).toBe(2500);
    expect(parseFileSystemConfig({ search_timeout_ms: MAX_TIMEOUT_MS }).searchTimeoutMs).toBe(2147483647);
    expect(() => parseFileSystemConfig({ search_timeout_ms: 0 })).toThrow("ovos-filesystem-tools config 'search_timeout_ms': must be >= 1, received 0");
    expect(() => parseFileSystemConfig({ search_timeout_ms: 2 ** 31 })).toThrow("ovos-filesystem-tools config 'search_timeout_ms': must be <= 2147483647, received 2147483648");
    expect(() => new FileSystemToolBox({ config: { search_timeout_ms: 'soon' } })).toThrow(FileSystemConfigError);
  });

  test('allow_write accepts booleans and boolean-like strings; "false" means false', () => {
    expect(parseFileSystemConfig({ allow_write: false }).allowWrite).toBe(false);
    expect(parseFileSystemConfig({ allow_write: 'false' }).allowWrite).toBe(false);
    expect(parseFileSystemConfig({ allow_write: 'No' }).allowWrite).toBe(false);
    expect(parseFileSystemConfig({ allow_write: 0 }).allowWrite).toBe(false);
    expect(parseFileSystemConfig({ allow_write: 'yes' }).allowWrite).toBe(true);
  });

  test('bad values throw a FileSystemConfigError naming the key', () => {
    expect(() => new FileSystemToolBox({ config: { root_path: 42 } })).toThrow(FileSystemConfigError);
    expect(() => parseFileSystemConfig({ root_path: 42 })).toThrow("ovos-filesystem-tools config 'root_path': must be string or array, received 42");
    expect(() => parseFileSystemConfig({ root_path: [] })).toThrow("ovos-filesystem-tools config 'root_path': must not have fewer than 1 items, received []");
    expect(() => parseFileSystemConfig({ root_path: ['a', ''] })).toThrow(`ovos-filesystem-tools config 'root_path': [1] must not have fewer than 1 characters, received ""`);
    expect(() => parseFileSystemConfig({ root_path: 'a\0b' })).toThrow(`ovos-filesystem-tools config 'root_path': must not contain a NUL byte, received "a\\u0000b"`);
    expect(() => parseFileSystemConfig({ root_path: ['a', 'b\0'] })).toThrow(`ovos-filesystem-tools config 'root_path': [1] must not contain a NUL byte, received "b\\u0000"`);
    expect(() => parseFileSystemConfig({ allow_write: 'maybe' })).toThrow("ovos-filesystem-tools config 'allow_write': must be boolean, received \"maybe\"");
    expect(() => parseFileSystemConfig({ max_read_bytes: 0 })).toThrow("ovos-filesystem-tools config 'max_read_bytes': must be >= 1, received 0");
    expect(() => parseFileSystemConfig({ max_matches: 1.5 })).toThrow("ovos-filesystem-tools config 'max_matches': must be integer, received 1.5");
    expect(() => parseFileSystemConfig({ max_matches: 'many' })).toThrow("ovos-filesystem-tools config 'max_matches': must be integer, received \"many\"");
    try {
      parseFileSystemConfig({ max_entries: -3 });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(FileSystemConfigError);
      expect((err as FileSystemConfigError).key).toBe('max_entries');
    }
    expect(parseFileSystemConfig({ max_matches: '12' }).maxMatches).toBe(12);
  });

  test('a root that does not exist gives an explanatory error value, not a crash', async () => {
    const box = new FileSystemToolBox({ config: { root_path: path.join(w.base, 'missing') } });
    const r = await box.callTool('read_file', { path: 'x.txt' });
    expect(r.content).toMatch(/^Error reading file: sandbox root '.*missing' is not accessible \(ENOENT\)/);
    const l = await box.callTool('list_directory', { path: '.' });
    expect(l.entries).toEqual([]);
    expect(l.error).toMatch(/sandbox root/);
  });

  test('a root given through a symlink works (real paths on both sides)', async () => {
    const alias = path.join(w.base, 'alias');
    fs.symlinkSync(w.root, alias);
    const box = new FileSystemToolBox({ config: { root_path: alias } });
    expect(await box.callTool('read_file', { path: 'hello.txt' })).toMatchObject({ content: 'hello world', path: path.join(w.root, 'hello.txt') });
    expect(await box.callTool('read_file', { path: path.join(alias, 'hello.txt') })).toMatchObject({ content: 'hello world' });
    expect((await box.callTool('read_file', { path: path.join(w.outside, 'secret.txt') })).content).toMatch(/^Access denied/);
  });
});

describe('multiple roots', () => {
  test('relative paths resolve against the first root; absolute paths are allowed inside any root', async () => {
    const box = w.box({ root_path: [w.root, w.root2] });
    expect((await box.callTool('read_file', { path: 'secret.txt' })).content).toMatch(/^Error reading file: ENOENT/);
    expect((await box.callTool('read_file', { path: path.join(w.root2, 'secret.txt') })).content).toBe('ROOT2 SECRET');
    expect((await box.callTool('read_file', { path: '../root2/secret.txt' })).content).toBe('ROOT2 SECRET');
    expect((await box.callTool('read_file', { path: 'sibling_link/secret.txt' })).content).toBe('ROOT2 SECRET');
    expect((await box.callTool('read_file', { path: path.join(w.outside, 'secret.txt') })).content).toMatch(/^Access denied/);
    expect((await box.callTool('read_file', { path: 'file_out' })).content).toMatch(/^Access denied/);
  });

  test('writes, listings and searches work in the second root and nowhere else', async () => {
    const box = w.box({ root_path: [w.root, w.root2] });
    const wr = await box.callTool('write_file', { path: path.join(w.root2, 'made/new.txt'), content: 'in root2' });
    expect(wr).toMatchObject({ success: true, path: path.join(w.root2, 'made', 'new.txt') });
    const l = await box.callTool('list_directory', { path: w.root2 });
    expect(l.entries).toEqual([path.join(w.root2, 'made'), path.join(w.root2, 'secret.txt')]);
    const s = await box.callTool('search_in_files', { pattern: 'root2|ROOT2', path: w.root2 });
    expect(s.total).toBe(2);
    const denied = await box.callTool('write_file', { path: path.join(w.outside, 'x.txt'), content: 'x' });
    expect(denied.success).toBe(false);
    expect(fs.existsSync(path.join(w.outside, 'x.txt'))).toBe(false);
  });

  test('with a single root, the prefix sibling root2 stays outside', async () => {
    const r = await w.box().callTool('read_file', { path: path.join(w.root2, 'secret.txt') });
    expect(r.content).toBe(`Access denied: path '${path.join(w.root2, 'secret.txt')}' is outside the sandbox root.`);
  });
});
