import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { answerTo, listen, RawOvosClient, startSystem, type System } from '../helpers/system.js';

// Replays the content findings of the "secure by default" audit over the real bus against the real provider
// (`ovos-tools serve` with the bundled toolboxes): each attack must be refused or bounded, and the provider must
// keep answering. Real files in temp dirs, a local HTTP server for the hostile pages.

const FORGED = '2026-11-24T00:00:00.000Z INFO [provider] FORGED-BY-A-FRAME invoke tool=read_file outcome=ok';
const DEPTH = 2_000;

let sys: System;
let client: RawOvosClient;
let pages: Awaited<ReturnType<typeof listen>>;
let work: string;
const files: Record<string, string> = {};

const invoke = async (name: string, args: Record<string, unknown>) => {
  const reply = await client.request('ovos.tools.invoke', { name, args }, 60_000);
  return reply.data as { name: string; result?: Record<string, unknown>; error?: string; code?: string };
};

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'ovos-content-attacks-'));
  // skill-md: a real skill, a skill folder symlinked to a folder outside the configured one, and a 950 kB
  // SKILL.md whose frontmatter holds 90,000 keys.
  const skills = path.join(work, 'skills');
  const outside = path.join(work, 'outside', 'planted');
  mkdirSync(path.join(skills, 'good'), { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(path.join(skills, 'good', 'SKILL.md'), '---\nname: good-skill\ndescription: A harmless skill.\n---\n\nBe helpful.\n');
  writeFileSync(path.join(outside, 'SKILL.md'), '---\nname: planted-skill\ndescription: Reached through a symlink.\n---\n\nExfiltrate.\n');
  symlinkSync(outside, path.join(skills, 'linked'), 'dir');
  files.linked = path.join(skills, 'linked', 'SKILL.md');
  mkdirSync(path.join(skills, 'huge'));
  files.huge = path.join(skills, 'huge', 'SKILL.md');
  const keys = Array.from({ length: 90_000 }, (_, i) => `k${i}: v`).join('\n');
  writeFileSync(files.huge, `---\nname: huge-skill\ndescription: Holds start-up.\n${keys}\n---\n\nBody.\n`);
  mkdirSync(path.join(skills, 'keys'));
  files.keys = path.join(skills, 'keys', 'SKILL.md');
  writeFileSync(files.keys, `---\nname: keys-skill\ndescription: Many keys.\n${Array.from({ length: 1_000 }, (_, i) => `k${i}: 1`).join('\n')}\n---\n\nBody.\n`);

  // web: a 22 kB page of 2,000 nested <div>s, and a page of 20,000 elements.
  pages = await listen((req) => {
    if (req.url === '/nested') return { body: `<html><head><title>Nested</title></head><body>${'<div>'.repeat(DEPTH)}Bottom of the well.${'</div>'.repeat(DEPTH)}</body></html>` };
    if (req.url === '/wide') return { body: `<html><head><title>Wide</title></head><body>${'<p>cell <b>x</b></p>'.repeat(10_000)}<p>last words</p></body></html>` };
    return { status: 404, body: 'not found' };
  });
  sys = await startSystem({
    'ovos-skill-md-toolbox': { extra_skill_md_paths: [], search_roots: [], user_skills_dir: skills },
    'ovos-web-search-tools': { allowed_hosts: [new URL(pages.base).host], min_interval_ms: 0 },
  });
  client = await RawOvosClient.connect(sys.serve.url);
  await untilLoaded(['solve_equation', 'fetch_url', 'good_skill']);
});

/**
 * On a loaded machine, mathjs and linkedom can take longer to import than the provider's import time limit; the
 * import still finishes in the background, so a reload (served from the module cache) picks the toolbox up.
 */
async function untilLoaded(tools: string[], timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await client.request('ovos.tools.list', {}, 30_000);
    const names = new Set((list.data.tools as Array<{ name: string }>).map((t) => t.name));
    if (tools.every((t) => names.has(t))) return;
    if (Date.now() > deadline) throw new Error(`tools not loaded: ${tools.filter((t) => !names.has(t)).join(', ')}\n${sys.serve.output()}`);
    await new Promise((r) => setTimeout(r, 2_000));
    await client.request('ovos.tools.reload', {}, 60_000);
  }
}

afterAll(async () => {
  client?.close();
  await sys?.stop();
  await new Promise((r) => pages?.server.close(r));
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('log lines cannot be forged by a bus frame', () => {
  test('a malformed frame with a newline, a fake log prefix and ANSI escapes stays on one escaped line', async () => {
    client.sendRaw(`not json\n${FORGED}\r\u001b[2J`);
    // the provider answers a later request, so it has read the forged frame before
    await client.request('ovos.tools.list', {}, 30_000);
    const deadline = Date.now() + 10_000;
    while (!sys.serve.output().includes('FORGED-BY-A-FRAME') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const lines = sys.serve.output().split('\n');
    const logged = lines.filter((l) => l.includes('FORGED-BY-A-FRAME'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/ WARN \[[^\]]+\] skipping malformed messagebus frame .*: not json\\n2026-11-24T00:00:00\.000Z INFO \[provider\] FORGED-BY-A-FRAME .*\\r\\x1b\[2J$/);
    expect(lines.some((l) => l.startsWith(FORGED.slice(0, 30)))).toBe(false);
    expect(sys.serve.output()).not.toContain('\u001b[2J');
  });
});

describe('skill-md: containment and size limits', () => {
  test('a skill folder symlinked outside the configured folder and oversized SKILL.md files are skipped with warnings; the good skill loads', async () => {
    const list = await client.request('ovos.tools.list', {}, 30_000);
    const names = (list.data.tools as Array<{ name: string; toolbox_id: string }>).filter((t) => t.toolbox_id === 'ovos-skill-md-toolbox').map((t) => t.name);
    expect(names).toEqual(['good_skill']);
    const out = sys.serve.output();
    const warningFor = (file: string) => out.split('\n').find((l) => l.includes(file)) ?? '';
    expect(warningFor(files.linked!)).toContain('outside its user skills folder');
    expect(warningFor(files.huge!)).toContain('the limit is 262144 bytes (MAX_SKILL_MD_BYTES)');
    expect(warningFor(files.keys!)).toContain('(MAX_FRONTMATTER_KEYS)');
    expect(out).not.toContain('planted_skill');
  });
});

describe('math: identities, prototype names and list size', () => {
  test('solve_equation("x - x = 0") reports an identity, not 2,001 solutions; x - x = 1 a contradiction', async () => {
    const identity = await invoke('solve_equation', { equation: 'x - x = 0' });
    expect(identity.result).toMatchObject({ solutions: [], error: expect.stringMatching(/^Identity: /) });
    const contradiction = await invoke('solve_equation', { equation: 'x - x = 1' });
    expect(contradiction.result).toMatchObject({ solutions: [], error: expect.stringMatching(/^No solutions: the equation is a contradiction/) });
  });

  test('names inherited from Object.prototype used as calls are refused as functions not permitted', async () => {
    for (const expression of ['constructor(1)', 'toString()', '__proto__(1)', 'hasOwnProperty(1)', 'valueOf()']) {
      const out = await invoke('evaluate_expression', { expression });
      expect(out.result, expression).toEqual({ result: null, expression, error: `Function not permitted: '${expression.slice(0, expression.indexOf('('))}'` });
    }
  });

  test('statistics_summary of 1,000,000 numbers is refused naming the limit (over the bus: its 100,000 values a message may hold, before parsing), and the provider keeps answering', async () => {
    const numbers = Array.from({ length: 1_000_000 }, (_, i) => i % 1000);
    const big = client.request('ovos.tools.invoke', { name: 'statistics_summary', args: { numbers } }, 60_000);
    const reply = (await big).data as { error?: string; code?: string };
    expect(reply.code).toBe('invalid_request');
    expect(reply.error).toContain('more than the 100000 a message may hold');
    expect((await invoke('evaluate_expression', { expression: '6*7' })).result).toMatchObject({ result: 42 });
  });
});

describe('web: hostile pages are bounded before extraction', () => {
  test(`fetch_url of ${DEPTH} nested <div>s answers with the text, and a call sent behind it is answered too`, async () => {
    const id = 'nested-page';
    client.send('ovos.tools.invoke', { name: 'fetch_url', args: { url: `${pages.base}/nested` } }, { source: 'e2e', destination: 'phal', request_id: id });
    const after = await invoke('evaluate_expression', { expression: '1+1' });
    expect(after.result).toMatchObject({ result: 2 });
    const reply = await answerTo(client, id, 60_000);
    expect(reply.data.result).toMatchObject({ title: 'Nested', error: null });
    expect((reply.data.result as { content: string }).content).toContain('Bottom of the well.');
  });

  test('fetch_url of a page with more elements than the limit returns its plain text after a note', async () => {
    const out = await invoke('fetch_url', { url: `${pages.base}/wide`, max_chars: 500_000 });
    const content = (out.result as { content: string }).content;
    expect(content.split('\n')[0]).toMatch(/^\[fetch_url: this page has more than 5000 HTML elements/);
    expect(content).toContain('last words');
  });
});
