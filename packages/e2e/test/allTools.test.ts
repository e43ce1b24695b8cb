import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BUNDLED_TOOLS, RawOvosClient, startSystem, type System } from './helpers/system.js';

// The product as a user meets it: `ovos-tools serve` started from the repository root finds the six bundled
// toolboxes; a separate client speaking only the OVOS wire format invokes every tool with realistic input.
let sys: System;
let client: RawOvosClient;
const invoke = async (name: string, args: Record<string, unknown>) => {
  const reply = await client.request('ovos.tools.invoke', { name, args }, 30_000);
  return reply.data as { name: string; result?: Record<string, unknown>; error?: string; toolbox_id?: string };
};

beforeAll(async () => {
  sys = await startSystem();
  client = await RawOvosClient.connect(sys.serve.url);
});
afterAll(async () => {
  client?.close();
  await sys?.stop();
});


test('serve loads the six bundled toolboxes and every tool is listed with its schemas', async () => {
  const reload = await client.request('ovos.tools.reload');
  expect([...(reload.data.loaded as string[])].sort()).toEqual(Object.keys(BUNDLED_TOOLS).sort());
  expect(reload.data.problems).toEqual([]);
  const list = await client.request('ovos.tools.list');
  const tools = list.data.tools as Array<{ name: string; toolbox_id: string; argument_schema: { type: string }; output_schema: { type: string } }>;
  for (const [toolbox, names] of Object.entries(BUNDLED_TOOLS)) {
    expect(tools.filter((t) => t.toolbox_id === toolbox).map((t) => t.name).sort()).toEqual([...names].sort());
  }
  for (const t of tools) {
    expect(t.argument_schema.type).toBe('object');
    expect(t.output_schema.type).toBe('object');
  }
  const summary = await client.request('ovos.tools.list', { summary: true });
  expect((summary.data.tools as unknown[]).length).toBe(tools.length);
});

let discoverRound = 0;
/**
 * Sends one `ovos.persona.tools.discover` and resolves with the answers to it: each answer keeps the request's
 * context, so a marker in it tells them from the answers to any other discover on the bus (the provider's own,
 * which a new bus connection triggers). Waits until one answer per bundled toolbox has arrived, however slow the
 * machine, then a moment more, so a toolbox answering twice would show.
 */
async function discoverAnswers() {
  const marker = `allTools-${process.pid}-${++discoverRound}`;
  client.send('ovos.persona.tools.discover', {}, { source: 'python-skill', destination: 'phal', allTools_round: marker });
  const ours = () => client.frames.filter((f) => f.type === 'ovos.persona.tools.discover.response' && f.context.allTools_round === marker);
  const deadline = Date.now() + 20_000;
  while (ours().length < Object.keys(BUNDLED_TOOLS).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 200));
  return ours();
}

test('the discover answer of every bundled toolbox carries exactly the keys a Python ToolBox sends (tools, toolbox_id; each tool name, description, argument_schema, output_schema)', async () => {
  const answers = await discoverAnswers();
  expect(answers.map((a) => a.data.toolbox_id).sort()).toEqual(Object.keys(BUNDLED_TOOLS).sort());
  for (const a of answers) {
    expect(Object.keys(a.data)).toEqual(['tools', 'toolbox_id']);
    for (const t of a.data.tools as Array<Record<string, unknown>>) expect(Object.keys(t)).toEqual(['name', 'description', 'argument_schema', 'output_schema']);
  }
});

describe('clock', () => {
  test('get_current_datetime', async () => {
    const r = await invoke('get_current_datetime', { timezone: 'Europe/Lisbon' });
    expect(r.result).toMatchObject({ timezone: 'Europe/Lisbon' });
    expect(r.result!.iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/);
    expect((await invoke('get_current_datetime', { timezone: 'Mars/Base' })).error).toMatch(/^ValueError: Tool input validation failed for 'get_current_datetime'.*Mars\/Base/);
  });
  test('convert_time across a DST boundary', async () => {
    const r = await invoke('convert_time', { time: '2026-03-29T09:00', from_timezone: 'America/New_York', to_timezone: 'Europe/Berlin' });
    expect(r.result).toMatchObject({ to_timezone: 'Europe/Berlin' });
    expect(String(r.result!.to_iso ?? JSON.stringify(r.result))).toContain('2026-03-29T15:00');
  });
  test('parse_datetime', async () => {
    const r = await invoke('parse_datetime', { text: 'next friday at 3pm', reference: '2026-11-18T10:00:00', timezone: 'Europe/Lisbon' });
    expect(r.result).toMatchObject({ date: '2026-11-27', time: '15:00:00' });
  });
});

describe('math', () => {
  test('evaluate_expression with Python operators, and a refused escape', async () => {
    expect((await invoke('evaluate_expression', { expression: '2**10 + 7 // 2' })).result).toMatchObject({ result: 1027, error: null });
    const bad = await invoke('evaluate_expression', { expression: '__import__("os")' });
    expect(bad.result!.result).toBeNull();
    expect(bad.result!.error).toBeTruthy();
  });
  test('unit_convert, statistics_summary, solve_equation', async () => {
    expect((await invoke('unit_convert', { value: 5, from_unit: 'km', to_unit: 'mi' })).result).toMatchObject({ category: 'length', error: null });
    expect((await invoke('unit_convert', { value: 100, from_unit: 'C', to_unit: 'F' })).result!.result).toBeCloseTo(212);
    expect((await invoke('unit_convert', { value: 1, from_unit: 'kg', to_unit: 'km' })).result!.error).toBe("Incompatible categories: 'mass' vs 'length'");
    expect((await invoke('statistics_summary', { numbers: [2, 4, 4, 4, 5, 5, 7, 9] })).result).toMatchObject({ count: 8, mean: 5, median: 4.5, minimum: 2, maximum: 9, total: 40 });
    expect((await invoke('solve_equation', { equation: 'x**2 - 4' })).result).toMatchObject({ solutions: [-2, 2] });
  });
});

describe('filesystem (rooted in a sandbox)', () => {
  test('list, read, search, find, write — and a refused escape', async () => {
    const listed = await invoke('list_directory', { path: 'notes' });
    expect((listed.result!.entries as string[]).map((e) => path.basename(e))).toEqual(['shopping.txt', 'todo.md']);
    expect((await invoke('read_file', { path: 'notes/shopping.txt' })).result!.content).toBe('milk\neggs\ncoffee beans\n');
    const found = await invoke('search_in_files', { pattern: 'coffee', path: '.' });
    expect(found.result!.total).toBe(2);
    expect((await invoke('find_files', { glob: '**/*.md' })).result!.total).toBe(1);
    const written = await invoke('write_file', { path: 'notes/new/idea.txt', content: 'solar kettle' });
    expect(written.result).toMatchObject({ success: true, message: 'File written successfully.' });
    expect(readFileSync(path.join(sys.sandbox, 'notes', 'new', 'idea.txt'), 'utf8')).toBe('solar kettle');
    expect((await invoke('read_file', { path: '../../../../etc/passwd' })).result!.content).toBe("Access denied: path '../../../../etc/passwd' is outside the sandbox root.");
  });
});

describe('shell (allow-listed)', () => {
  test('an allowed pipeline runs; anything else is refused', async () => {
    expect((await invoke('run_command', { command: 'echo hello | tr a-z A-Z' })).result).toMatchObject({ stdout: 'HELLO\n', returncode: 0, success: true });
    expect((await invoke('run_command', { command: 'echo hi; rm -rf /' })).result).toMatchObject({ returncode: -1, success: false });
  });
});

describe('web (local stand-ins)', () => {
  test('web_search and fetch_url', async () => {
    const search = await invoke('web_search', { query: 'openvoiceos', max_results: 3 });
    const results = search.result!.results as Array<{ title: string; url: string }>;
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(3);
    expect(results[0]!.title).not.toBe('Search error');
    const page = await invoke('fetch_url', { url: `${sys.webBase}/article` });
    expect(String(page.result!.content)).toMatch(/\S/);
    expect(page.result!.error ?? null).toBeNull();
    const ssrf = await invoke('fetch_url', { url: 'http://127.0.0.2:1/' });
    expect(String(ssrf.result!.error)).toMatch(/private|loopback|refus/i);
  });
});

describe('SKILL.md (brain wired by the provider)', () => {
  test('the skill tool asks the configured brain', async () => {
    const r = await invoke('summarise_text', { task: 'The cat sat on the mat all day.' });
    expect(r.result).toEqual({ result: 'echo: The cat sat on the mat all day.', skill_used: 'summarise-text' });
    expect(sys.chat.requests.at(-1)!.messages[0]).toEqual({ role: 'system', content: 'Summarise the task in one sentence.' });
  });
});

describe('the per-toolbox API beside the provider API', () => {
  test('ovos.persona.tools.discover answers once per toolbox; .call runs a tool', async () => {
    const replies = await discoverAnswers();
    expect(replies.map((r) => r.data.toolbox_id).sort()).toEqual(Object.keys(BUNDLED_TOOLS).sort());
    const call = await client.request('ovos.persona.tools.ovos-math-tools.call', { name: 'evaluate_expression', kwargs: { expression: 'sqrt(16)' } });
    expect(call.data).toMatchObject({ result: { result: 4 }, toolbox_id: 'ovos-math-tools' });
  });
});
