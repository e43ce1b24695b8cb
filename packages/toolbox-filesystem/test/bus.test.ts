import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { FakeBus, Message } from '@ovos-tools/core';
import { FileSystemToolBox } from '@ovos-tools/toolbox-filesystem';
import { makeWorld, type World } from './fixture.js';

let w: World;
let bus: FakeBus;
beforeEach(() => {
  w = makeWorld();
  bus = new FakeBus();
});
afterEach(() => {
  bus.close();
  w.cleanup();
});

test('discover over the bus lists the five tools with their schemas', async () => {
  new FileSystemToolBox({ config: { root_path: w.root, allow_write: false }, bus });
  const reply = await bus.waitForResponse(new Message('ovos.persona.tools.discover', {}));
  expect(reply?.data.toolbox_id).toBe('ovos-filesystem-tools');
  const tools = reply?.data.tools as Array<{ name: string; description: string; argument_schema: { title: string } }>;
  expect(tools.map((t) => t.name)).toEqual(['read_file', 'write_file', 'list_directory', 'search_in_files', 'find_files']);
  expect(tools[1]!.description).toBe('Write UTF-8 text content to a file (currently disabled — allow_write=False).');
  expect(tools[0]!.argument_schema.title).toBe('ReadFileArgs');
});

test('call over the bus: read_file result, denial as a value, and validation errors as OVOS strings', async () => {
  new FileSystemToolBox({ config: { root_path: w.root }, bus });
  // 30 s, not the bus's 3 s: a search starts a worker thread, which a loaded machine took longer than 3 s to do
  const call = (data: Record<string, unknown>) => bus.waitForResponse(new Message('ovos.persona.tools.ovos-filesystem-tools.call', data), undefined, 30_000);
  const ok = await call({ name: 'read_file', kwargs: { path: 'hello.txt' } });
  expect(ok?.type).toBe('ovos.persona.tools.ovos-filesystem-tools.call.response');
  expect(ok?.data).toEqual({ result: { content: 'hello world', path: path.join(w.root, 'hello.txt'), truncated: false, total_bytes: 11 }, toolbox_id: 'ovos-filesystem-tools' });
  const denied = await call({ name: 'read_file', kwargs: { path: '../outside/secret.txt' } });
  expect((denied?.data.result as { content: string }).content).toBe("Access denied: path '../outside/secret.txt' is outside the sandbox root.");
  const written = await call({ name: 'write_file', kwargs: { path: 'bus.txt', content: 'via bus' } });
  expect(written?.data.result).toMatchObject({ success: true, message: 'File written successfully.' });
  const search = await call({ name: 'search_in_files', kwargs: { pattern: 'via' } });
  expect((search?.data.result as { matches: unknown[] }).matches).toEqual([{ file: path.join(w.root, 'bus.txt'), line_number: '1', line: 'via bus' }]);
  const bad = await call({ name: 'read_file', kwargs: {} });
  expect(bad?.data.error).toMatch(/^ValueError: Tool input validation failed for 'read_file' in ToolBox 'ovos-filesystem-tools'/);
  const unknown = await call({ name: 'delete_file', kwargs: { path: 'x' } });
  expect(unknown?.data.error).toMatch(/^ValueError: Unknown tool 'delete_file' for ToolBox 'ovos-filesystem-tools'\./);
});
