import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FileSystemToolBox } from '@ovos-tools/toolbox-filesystem';
import { renderConfirmation, toolSpecJson } from '@ovos-tools/core';
import { makeWorld, type World } from './fixture.js';

let w: World;
beforeEach(() => {
  w = makeWorld();
});
afterEach(() => w.cleanup());

describe('toolbox identity and tool list (seed 001, wire spec §5.2)', () => {
  test('toolbox id is the entry-point name and five tools are discovered in OVOS order', () => {
    expect(FileSystemToolBox.toolboxId).toBe('ovos-filesystem-tools');
    const box = w.box();
    expect(box.toolboxId).toBe('ovos-filesystem-tools');
    expect(box.discoverTools().map((t) => t.name)).toEqual(['read_file', 'write_file', 'list_directory', 'search_in_files', 'find_files']);
  });

  test('descriptions are the OVOS texts; write_file says when it is disabled', () => {
    const desc = (box: FileSystemToolBox) => Object.fromEntries(box.toolJsonList.map((t) => [t.name, t.description]));
    expect(desc(w.box())).toEqual({
      read_file: 'Read the UTF-8 text content of a file.',
      write_file: 'Write UTF-8 text content to a file, creating parent directories as needed.',
      list_directory: 'List entries in a directory, optionally filtered by a glob pattern.',
      search_in_files: 'Search for a regex pattern across files under a directory.',
      find_files: 'Find files matching a glob pattern under a directory.',
    });
    expect(desc(w.box({ allow_write: false })).write_file).toBe('Write UTF-8 text content to a file (currently disabled — allow_write=False).');
  });

  test('write_file carries a spoken confirmation question in several languages; the others need none', () => {
    const tools = w.box().discoverTools();
    expect(tools.filter((t) => t.confirmation).map((t) => t.name)).toEqual(['write_file']);
    const write = tools.find((t) => t.name === 'write_file')!;
    expect(renderConfirmation(write, { path: 'notes.txt', content: 'x' }, ['en-GB'])).toEqual({ prompt: 'Overwrite or create the file notes.txt?', lang: 'en' });
    expect(renderConfirmation(write, { path: 'notas.txt', content: 'x' }, ['pt-BR'])).toEqual({ prompt: 'Substituir ou criar o arquivo notas.txt?', lang: 'pt-BR' });
    expect(toolSpecJson(write, 'ovos-filesystem-tools').confirmation).toMatchObject({ de: 'Die Datei {path} überschreiben oder anlegen?' });
  });

  test('argument schemas carry OVOS fields, titles, required lists and defaults', () => {
    const schemas = Object.fromEntries(w.box().toolJsonList.map((t) => [t.name, t.argument_schema as any]));
    expect(schemas.read_file.title).toBe('ReadFileArgs');
    expect(schemas.read_file.required).toEqual(['path']);
    expect(schemas.read_file.properties.path).toEqual({ type: 'string', title: 'Path', description: 'Absolute or relative path of the file to read.' });
    expect(schemas.write_file.required).toEqual(['path', 'content']);
    expect(schemas.list_directory.required).toEqual(['path']);
    expect(schemas.list_directory.properties.pattern.default).toBe('*');
    expect(schemas.search_in_files.required).toEqual(['pattern']);
    expect(schemas.search_in_files.properties.path.default).toBe('.');
    expect(schemas.search_in_files.properties.glob.default).toBe('**/*');
    expect(schemas.find_files.required).toEqual(['glob']);
    expect(schemas.find_files.properties.path.default).toBe('.');
    const outputs = Object.fromEntries(w.box().toolJsonList.map((t) => [t.name, t.output_schema as any]));
    expect(outputs.read_file.required).toEqual(['content', 'path']);
    expect(outputs.write_file.required).toEqual(['success', 'path', 'message']);
    expect(outputs.list_directory.required).toEqual(['entries', 'path']);
    expect(outputs.search_in_files.required).toEqual(['matches', 'total']);
    expect(outputs.find_files.required).toEqual(['files', 'total']);
  });

  test('constructs with no arguments: config {} and root = the dedicated workspace, created owner-only', () => {
    const saved = process.env.XDG_DATA_HOME;
    process.env.XDG_DATA_HOME = w.base;
    let box: FileSystemToolBox;
    try {
      box = new FileSystemToolBox();
    } finally {
      if (saved === undefined) delete process.env.XDG_DATA_HOME;
      else process.env.XDG_DATA_HOME = saved;
    }
    const workspace = path.join(w.base, 'ovos-tools', 'workspace');
    expect(box.config).toEqual({});
    expect(box.bus).toBeNull();
    expect(box.settings.roots).toEqual([workspace]);
    expect(fs.statSync(workspace).mode & 0o777).toBe(0o700);
    expect(box.settings.allowWrite).toBe(true);
  });
});

describe('OVOS test_tools.py examples', () => {
  test('read_file returns the file content and the resolved path', async () => {
    const r = await w.box().callTool('read_file', { path: 'hello.txt' });
    expect(r.content).toBe('hello world');
    expect(r.path).toBe(path.join(w.root, 'hello.txt'));
  });

  test('read_file of a missing file returns "Error reading file: ..." in content', async () => {
    const r = await w.box().callTool('read_file', { path: 'nonexistent.txt' });
    expect(r.content).toMatch(/^Error reading file: ENOENT: no such file or directory/);
    expect(r.path).toBe(path.join(w.root, 'nonexistent.txt'));
    expect(r.error).toBe(r.content);
  });

  test('path traversal is rejected with the OVOS text and the requested path', async () => {
    const r = await w.box().callTool('read_file', { path: '../../etc/passwd' });
    expect(r).toEqual({
      content: "Access denied: path '../../etc/passwd' is outside the sandbox root.",
      path: '../../etc/passwd',
      error: "Access denied: path '../../etc/passwd' is outside the sandbox root.",
    });
  });

  test('write_file then read_file round-trips, creating parent directories', async () => {
    const box = w.box();
    const wr = await box.callTool('write_file', { path: 'subdir/out.txt', content: 'round-trip' });
    expect(wr).toEqual({ success: true, path: path.join(w.root, 'subdir', 'out.txt'), message: 'File written successfully.', bytes_written: 10 });
    expect((await box.callTool('read_file', { path: 'subdir/out.txt' })).content).toBe('round-trip');
  });

  test('write_file is blocked when allow_write=False and writes nothing', async () => {
    const r = await w.box({ allow_write: false }).callTool('write_file', { path: 'nope.txt', content: 'x' });
    expect(r).toMatchObject({ success: false, path: 'nope.txt', message: 'Write access is disabled (allow_write=False).' });
    expect(fs.existsSync(path.join(w.root, 'nope.txt'))).toBe(false);
  });

  test('write_file outside the root: success false with the OVOS denial text', async () => {
    const r = await w.box().callTool('write_file', { path: '../outside/x.txt', content: 'x' });
    expect(r).toMatchObject({ success: false, path: '../outside/x.txt', message: "Access denied: path '../outside/x.txt' is outside the sandbox root." });
    expect(fs.existsSync(path.join(w.outside, 'x.txt'))).toBe(false);
  });

  test('list_directory returns full sorted paths of files and directories (dotfiles included)', async () => {
    fs.writeFileSync(path.join(w.root, 'a.py'), '');
    fs.writeFileSync(path.join(w.root, 'b.txt'), '');
    fs.writeFileSync(path.join(w.root, '.hidden'), '');
    const r = await w.box().callTool('list_directory', { path: '.' });
    expect(r.path).toBe(w.root);
    expect(r.entries).toEqual(['.hidden', 'a.py', 'b.txt', 'hello.txt', 'sub'].map((n) => path.join(w.root, n)));
  });

  test('list_directory respects the glob pattern filter', async () => {
    fs.writeFileSync(path.join(w.root, 'a.py'), '');
    fs.writeFileSync(path.join(w.root, 'b.txt'), '');
    const r = await w.box().callTool('list_directory', { path: '.', pattern: '*.py' });
    expect(r.entries).toEqual([path.join(w.root, 'a.py')]);
  });

  test('list_directory outside the root: entries [] and the requested path', async () => {
    const r = await w.box().callTool('list_directory', { path: '..' });
    expect(r).toMatchObject({ entries: [], path: '..', error: "Access denied: path '..' is outside the sandbox root." });
  });

  test('search_in_files finds matches; line_number is a string', async () => {
    fs.writeFileSync(path.join(w.root, 'code.py'), 'def foo():\n    return 42\n');
    const r = await w.box().callTool('search_in_files', { pattern: 'def foo', path: '.' });
    expect(r.total).toBe(1);
    expect(r.matches).toEqual([{ file: path.join(w.root, 'code.py'), line_number: '1', line: 'def foo():' }]);
  });

  test('search_in_files with no match returns total 0', async () => {
    fs.writeFileSync(path.join(w.root, 'code.py'), 'hello world\n');
    const r = await w.box().callTool('search_in_files', { pattern: 'zzznomatch', path: '.' });
    expect(r).toMatchObject({ matches: [], total: 0 });
  });

  test('search_in_files: an invalid regex returns empty results plus an error field', async () => {
    const r = await w.box().callTool('search_in_files', { pattern: '(unclosed' });
    expect(r.matches).toEqual([]);
    expect(r.total).toBe(0);
    expect(r.error).toMatch(/^Invalid regular expression: .*Unterminated group/);
  });

  test('search_in_files outside the root returns empty results', async () => {
    const r = await w.box().callTool('search_in_files', { pattern: 'SECRET', path: '../outside' });
    expect(r).toMatchObject({ matches: [], total: 0, error: "Access denied: path '../outside' is outside the sandbox root." });
  });

  test('find_files returns matching file paths (files only, sorted) and total', async () => {
    fs.writeFileSync(path.join(w.root, 'a.py'), '');
    fs.writeFileSync(path.join(w.root, 'b.py'), '');
    fs.writeFileSync(path.join(w.root, 'c.txt'), '');
    fs.mkdirSync(path.join(w.root, 'pkg.py'));
    fs.writeFileSync(path.join(w.root, 'sub', 'd.py'), '');
    const r = await w.box().callTool('find_files', { glob: '**/*.py', path: '.' });
    expect(r.files).toEqual([path.join(w.root, 'a.py'), path.join(w.root, 'b.py'), path.join(w.root, 'sub', 'd.py')]);
    expect(r.total).toBe(3);
  });

  test('find_files outside the root returns nothing', async () => {
    const r = await w.box().callTool('find_files', { glob: '**/*', path: w.outside });
    expect(r).toMatchObject({ files: [], total: 0 });
  });

  test('default arguments apply: search path "." and glob "**/*", find path "."', async () => {
    const box = w.box();
    const s = await box.callTool('search_in_files', { pattern: 'second' });
    expect(s.matches).toEqual([{ file: path.join(w.root, 'sub', 'inner.txt'), line_number: '2', line: 'second line' }]);
    const f = await box.callTool('find_files', { glob: '*.txt' });
    expect(f.files).toEqual([path.join(w.root, 'hello.txt')]);
  });

  test('a missing required argument is an OVOS validation error', async () => {
    await expect(w.box().callTool('read_file', {})).rejects.toThrow("Tool input validation failed for 'read_file' in ToolBox 'ovos-filesystem-tools'");
    await expect(w.box().callTool('read_file', { path: 42 })).rejects.toMatchObject({ code: 'invalid_arguments' });
  });
});
