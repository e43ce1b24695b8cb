import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { answerTo, listen, RawOvosClient, startSystem, type System } from './helpers/system.js';

/**
 * The bundled toolboxes under the hostile inputs that froze the provider before toolboxes ran in their own hosts:
 * a page of 2,000 nested `<div>`s for `fetch_url`, a SKILL.md with 90k frontmatter keys, and `statistics_summary`
 * of millions of numbers. Each gets a result or a clear error within its limit, and other toolboxes keep answering:
 * when the hostile call runs long (it ends in a timeout), the clock's answers sent after it arrive before it.
 */
describe('hostile inputs to the bundled toolboxes stay inside their hosts', () => {
  let sys: System;
  let client: RawOvosClient;
  let page: Awaited<ReturnType<typeof listen>>;
  let skills: string;

  beforeAll(async () => {
    const nested = `<html><body>${'<div>'.repeat(2000)}deep${'</div>'.repeat(2000)}</body></html>`;
    page = await listen(() => ({ body: nested }));
    skills = mkdtempSync(path.join(os.tmpdir(), 'ovos-hostile-skills-'));
    mkdirSync(path.join(skills, 'huge'), { recursive: true });
    const keys = Array.from({ length: 90_000 }, (_, i) => `key_${i}: value number ${i}`).join('\n');
    writeFileSync(path.join(skills, 'huge', 'SKILL.md'), `---\nname: huge\ndescription: A skill with a huge frontmatter.\n${keys}\n---\nDo nothing.\n`);
    sys = await startSystem({
      import_timeout_ms: 15_000,
      tool_timeouts: { fetch_url: 4000, statistics_summary: 8000 },
      'ovos-web-search-tools': { allowed_hosts: [new URL(page.base).host], min_interval_ms: 0 },
      'ovos-skill-md-toolbox': { extra_skill_md_paths: [skills], search_roots: [], user_skills_dir: path.join(skills, 'none') },
    });
    client = await RawOvosClient.connect(sys.serve.url);
  });
  afterAll(async () => {
    client?.close();
    await sys?.stop();
    await new Promise((r) => page?.server.close(r));
    rmSync(skills, { recursive: true, force: true });
  });

  /** Sends a hostile invoke and three clock invokes right after it; resolves with the answers in arrival order. */
  async function alongside(name: string, args: Record<string, unknown>) {
    const hostileId = `hostile-${name}`;
    client.send('ovos.tools.invoke', { name, args }, { request_id: hostileId });
    const clockIds = [1, 2, 3].map((i) => `clock-${name}-${i}`);
    for (const id of clockIds) client.send('ovos.tools.invoke', { name: 'get_current_datetime', args: {} }, { request_id: id });
    const hostile = await answerTo(client, hostileId, 60_000);
    const clocks = await Promise.all(clockIds.map((id) => answerTo(client, id, 60_000)));
    const arrival = (id: string) => client.frames.findIndex((f) => f.type.endsWith('.response') && f.context.request_id === id);
    return { hostile: hostile.data, clocks: clocks.map((c) => c.data), clocksFirst: clockIds.every((id) => arrival(id) < arrival(hostileId)) };
  }

  test('fetch_url of a page of 2,000 nested <div>s: a result or a clear error within its limit; the clock answers meanwhile', async () => {
    const r = await alongside('fetch_url', { url: `${page.base}/nested` });
    for (const c of r.clocks) expect(c).toMatchObject({ name: 'get_current_datetime', result: { timezone: expect.any(String) } });
    if (r.hostile.code === 'timeout') expect(r.clocksFirst).toBe(true);
    else expect(r.hostile).toSatisfy((d: Record<string, unknown>) => typeof d.error === 'string' || typeof (d.result as Record<string, unknown>)?.content === 'string');
  });

  test('statistics_summary of 3 million numbers: a result or a clear error within its limit; the clock answers meanwhile', async () => {
    const r = await alongside('statistics_summary', { numbers: Array.from({ length: 3_000_000 }, (_, i) => i % 10) });
    for (const c of r.clocks) expect(c).toMatchObject({ result: { timezone: expect.any(String) } });
    if (r.hostile.code === 'timeout') expect(r.clocksFirst).toBe(true);
    else if (r.hostile.error) expect(r.hostile.error).toMatch(/numbers|items|limit|values/i);
    else expect(r.hostile.result).toMatchObject({ count: 3_000_000, mean: 4.5 });
  });

  test('a SKILL.md with 90k frontmatter keys does not keep the other toolboxes from loading and answering', async () => {
    const list = await client.request('ovos.tools.list', {}, 20_000);
    const toolboxes = new Set((list.data.tools as Array<{ toolbox_id: string }>).map((t) => t.toolbox_id));
    for (const id of ['ovos-clock-tools', 'ovos-math-tools', 'ovos-filesystem-tools', 'ovos-web-search-tools']) expect(toolboxes, JSON.stringify(list.data.problems)).toContain(id);
    expect(await client.request('ovos.tools.invoke', { name: 'evaluate_expression', args: { expression: '6*7' } }, 20_000)).toMatchObject({ data: { result: { result: 42 } } });
  });
});
