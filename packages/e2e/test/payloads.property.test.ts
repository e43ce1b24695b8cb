import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { answerTo, RawOvosClient, startSystem, type System } from './helpers/system.js';

// Property: whatever a client puts in `data` on any topic, the provider answers a request exactly once with a
// well-formed response and never crashes; malformed frames are dropped without harming anyone.
// The web toolbox is disabled here so generated URLs can never cause a DNS lookup.
let sys: System;
let client: RawOvosClient;
const TOOLBOXES = ['ovos-clock-tools', 'ovos-filesystem-tools', 'ovos-math-tools', 'ovos-shell-tools', 'ovos-skill-md-toolbox'];
const TOOL_NAMES = ['get_current_datetime', 'convert_time', 'parse_datetime', 'evaluate_expression', 'unit_convert', 'statistics_summary', 'solve_equation', 'read_file', 'list_directory', 'search_in_files', 'find_files', 'write_file', 'run_command', 'summarise_text'];

beforeAll(async () => {
  sys = await startSystem({
    disabled_toolboxes: ['ovos-web-search-tools'],
    'ovos-shell-tools': { allow_shell: false },
    default_timeout_ms: 5000,
  });
  client = await RawOvosClient.connect(sys.serve.url);
});
afterAll(async () => {
  client?.close();
  await sys?.stop();
});

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const exactlyOne = (d: Record<string, unknown>) => ('result' in d) !== ('error' in d) && (!('error' in d) || typeof d.error === 'string') && (!('result' in d) || isObject(d.result));

/** What a well-formed answer looks like, per topic. */
function wellFormed(topic: string, d: Record<string, unknown>): boolean {
  if (topic === 'ovos.tools.list') return Array.isArray(d.tools) && (!('error' in d) || typeof d.error === 'string');
  if (topic === 'ovos.tools.get') return typeof d.error === 'string' ? typeof d.code === 'string' : typeof d.name === 'string' && isObject(d.argument_schema);
  if (topic === 'ovos.tools.invoke') return 'name' in d && exactlyOne(d);
  return typeof d.toolbox_id === 'string' && exactlyOne(d); // ovos.persona.tools.<id>.call
}

const value = fc.jsonValue({ maxDepth: 3 });
const name = fc.oneof(fc.constantFrom(...TOOL_NAMES), value);
const args = fc.oneof(
  fc.dictionary(fc.oneof(fc.constantFrom('expression', 'numbers', 'path', 'glob', 'pattern', 'text', 'timezone', 'value', 'from_unit', 'to_unit', 'equation', 'task', 'command', 'time'), fc.string()), value),
  value,
);
const data = fc.oneof(
  fc.record({ name, args }, { requiredKeys: [] }),
  fc.record({ name, kwargs: args }, { requiredKeys: [] }),
  fc.record({ summary: value, tags: value }, { requiredKeys: [] }),
  fc.dictionary(fc.string(), value),
);
const topic = fc.constantFrom('ovos.tools.list', 'ovos.tools.get', 'ovos.tools.invoke', 'ovos.tools.invoke', ...TOOLBOXES.map((id) => `ovos.persona.tools.${id}.call`));

describe('generated payloads on every topic', () => {
  test('2,000 requests: each answered exactly once, well-formed, and the provider stays up', async () => {
    const samples = fc.sample(fc.tuple(topic, data), { numRuns: 2000, seed: 20261122 });
    const BATCH = 250;
    for (let start = 0; start < samples.length; start += BATCH) {
      const batch = samples.slice(start, start + BATCH).map(([t, d], i) => ({ t, d: d as Record<string, unknown>, id: `fuzz-${start + i}` }));
      for (const { t, d, id } of batch) client.send(t, d, { request_id: id });
      const ids = new Set(batch.map((b) => b.id));
      const deadline = Date.now() + 60_000;
      const answered = () => client.frames.filter((f) => f.type.endsWith('.response') && ids.has(f.context.request_id as string));
      while (answered().length < batch.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 100));
      const replies = answered();
      const byId = new Map<string, number>();
      for (const f of replies) byId.set(f.context.request_id as string, (byId.get(f.context.request_id as string) ?? 0) + 1);
      for (const { t, d, id } of batch) {
        expect(byId.get(id), `${t} ${JSON.stringify(d)} answered once`).toBe(1);
        const reply = replies.find((f) => f.context.request_id === id)!;
        expect(reply.type).toBe(`${t}.response`);
        expect(wellFormed(t, reply.data), `${t} ${JSON.stringify(d)} → ${JSON.stringify(reply.data)}`).toBe(true);
      }
      client.frames.length = 0;
    }
    expect(sys.serve.proc.exitCode).toBeNull();
  });

  test('reload and discover with arbitrary data answer once each', async () => {
    for (const d of fc.sample(fc.dictionary(fc.string(), value), { numRuns: 5, seed: 7 })) {
      const r = await client.request('ovos.tools.reload', d as Record<string, unknown>, 30_000);
      expect((r.data.loaded as string[]).sort()).toEqual(TOOLBOXES);
    }
    client.frames.length = 0;
    client.send('ovos.persona.tools.discover', { junk: [1, { a: null }] }, { request_id: 'disc' });
    const answers = () => client.frames.filter((f) => f.type === 'ovos.persona.tools.discover.response' && f.context.request_id === 'disc');
    // every toolbox's answer, however loaded the machine (no fixed window), then a moment for a second answer to show
    for (const deadline = Date.now() + 20_000; answers().length < TOOLBOXES.length && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    const replies = answers();
    expect(replies.map((f) => f.data.toolbox_id).sort()).toEqual(TOOLBOXES);
  });
});

describe('malformed frames', () => {
  test('are dropped by the provider, which keeps serving', async () => {
    const fixed = [
      '',
      'not json',
      '[]',
      '[1,2,3]',
      '42',
      'null',
      '"ovos.tools.invoke"',
      '{}',
      '{"type":5}',
      '{"type":""}',
      '{"type":"ovos.tools.invoke","data":[]}',
      '{"type":"ovos.tools.invoke","data":"x"}',
      '{"type":"ovos.tools.invoke","data":{"name":"evaluate_expression"},"context":[1]}',
      '{"type":"ovos.tools.list","context":"x"}',
      `{"type":"ovos.tools.get","data":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      '{"type":"ovos.tools.invoke","data":{"name":"evaluate_expression","args":{"expression":"1+"}}',
    ];
    const random = fc.sample(fc.string({ maxLength: 200 }), { numRuns: 500, seed: 99 });
    for (const frame of [...fixed, ...random]) client.sendRaw(frame);
    client.send('ovos.tools.invoke', { name: 'x'.repeat(200_000) }, { request_id: 'long-name' });
    client.send('ovos.tools.invoke', { name: 'evaluate_expression', args: { expression: '6*7' } }, { request_id: 'after-garbage' });
    expect((await answerTo(client, 'long-name', 30_000)).data).toMatchObject({ code: 'unknown_tool' });
    expect((await answerTo(client, 'after-garbage', 30_000)).data.result).toMatchObject({ result: 42 });
    expect(sys.serve.proc.exitCode).toBeNull();
  });
});
