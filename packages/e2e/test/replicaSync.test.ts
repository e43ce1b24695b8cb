import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { freePort, scaleRoot, startRedis, startReplica } from '../fixtures/scale.mjs';

/**
 * Replicas that agree on what they serve (issue 45): `ovos-tools serve --http` replicas with one plugin root, one
 * config and one Redis (Debian's redis-server). A reload asked of one replica (HTTP, or `ovos-tools reload` on its
 * bus) reaches the others, which serve the new tool within 5 s and report the same digest on /health; a replica
 * cut from Redis during a reload catches up when Redis is back; a replica started after a reload serves the same; a
 * replica whose own rescan fails keeps serving its last good catalog and says so on /health and in its log.
 */
const skipReason = inject('scaleSkipReason');
if (skipReason) process.stdout.write(`[replicaSync.test] skipped: ${skipReason}\n`);

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '..', '..', 'provider', 'bin', 'ovos-tools.js');
const SECRET = 'replica-sync-operator-secret-0123456789';
const AUTH = { 'x-internal-secret': SECRET };

type Replica = Awaited<ReturnType<typeof startReplica>>;
interface Health {
  status: string;
  generation: number;
  digest: string;
  replicas: { replica: string; state: string; last_reload: { digest: string; replica: string; at: string } | null; detail?: string };
}

let root: string;
let config: string;
let redis: Awaited<ReturnType<typeof startRedis>>;
const replicas: Replica[] = [];

const replica = (name: string, env: Record<string, string> = {}) =>
  startReplica({ name, root, config, env: { OVOS_TOOLS_HTTP_SECRET: SECRET, ...env } }).then((r: Replica) => (replicas.push(r), r));
const health = async (r: Replica): Promise<Health> => (await fetch(`${r.url}/health`)).json() as Promise<Health>;
const reload = async (r: Replica) => {
  const res = await fetch(`${r.url}/internal/tools/reload`, { method: 'POST', headers: AUTH });
  expect(res.status).toBe(200);
  return (await res.json()) as { added: string[]; removed: string[]; digest: string; problems: unknown[] };
};
const serves = async (r: Replica, tool: string) => (await fetch(`${r.url}/internal/tools/${tool}`, { headers: AUTH })).status === 200;
/** Polls `check` every 50 ms until it holds; resolves with the ms it took, or throws after `withinMs`. */
async function within(withinMs: number, check: () => Promise<boolean>, what: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Installs a toolbox package into the shared root as npm would (its folder, then the install record), serving one
 * tool `<tool>`; `failOn`: the module throws on import in the replica whose OVOS_TOOLS_TEST_REPLICA is that.
 */
function install(name: string, tool: string, failOn?: string): void {
  const dir = path.join(root, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  const fail = failOn ? `if (process.env.OVOS_TOOLS_TEST_REPLICA === ${JSON.stringify(failOn)}) throw new Error('cannot load in this replica');\n` : '';
  const source = `${fail}import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class Toolbox extends ToolBox {
  static toolboxId = '${name}';
  discoverTools() {
    return [new AgentTool({ name: '${tool}', description: 'Answer pong.', argumentSchema: Type.Object({}), outputSchema: Type.Object({ result: Type.String() }), toolCall: () => ({ result: 'pong' }) })];
  }
}
`;
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', type: 'module', entryPoints: { 'opm.agents.toolbox': { [name]: './index.js#Toolbox' } } }));
  writeFileSync(path.join(dir, 'index.js'), source);
  const lockFile = path.join(root, 'node_modules', '.package-lock.json');
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { packages: Record<string, unknown> };
  lock.packages[`node_modules/${name}`] = { version: '1.0.0' };
  writeFileSync(lockFile, JSON.stringify(lock));
}

describe.skipIf(Boolean(skipReason))('replicas sharing one Redis serve the same catalog', () => {
  let a: Replica;
  let b: Replica;
  beforeAll(async () => {
    redis = await startRedis(await freePort());
    ({ root, config } = scaleRoot({ state: { redis: redis.url } }));
    [a, b] = await Promise.all([replica('a'), replica('b', { OVOS_TOOLS_TEST_REPLICA: 'b' })]);
  });
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.kill()));
    await redis?.kill();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test('started on the same root and config, both report the same digest, and no reload yet', async () => {
    const [ha, hb] = await Promise.all([health(a), health(b)]);
    expect(ha.digest).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(hb.digest).toBe(ha.digest);
    expect(ha.replicas).toMatchObject({ state: 'unknown', last_reload: null });
    expect(ha.replicas.replica).not.toBe(hb.replicas.replica);
  });

  test('a package installed and a reload asked of one replica: the other serves the new tool within 5 s, with the same digest', async () => {
    const before = (await health(a)).digest;
    install('extra-tools', 'extra_ping');
    const answer = await reload(a);
    expect(answer.added).toEqual(['extra_ping']);
    expect(answer.digest).not.toBe(before);
    const ms = await within(5000, () => serves(b, 'extra_ping'), 'replica b serving extra_ping');
    process.stdout.write(`[replicaSync.test] replica b served the new tool ${Math.round(ms)} ms after replica a's reload answered\n`);
    await within(5000, async () => (await health(b)).replicas.state === 'in_sync', 'replica b in sync');
    const [ha, hb] = await Promise.all([health(a), health(b)]);
    expect(hb.digest).toBe(answer.digest);
    expect(ha.digest).toBe(answer.digest);
    expect(ha.replicas).toMatchObject({ state: 'in_sync', last_reload: { digest: answer.digest, replica: ha.replicas.replica } });
    expect(hb.replicas).toMatchObject({ state: 'in_sync', last_reload: { digest: answer.digest, replica: ha.replicas.replica } });
    const call = await fetch(`${b.url}/internal/tools/call`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ tool_id: 'extra_ping', args: {} }) });
    expect(await call.json()).toMatchObject({ ok: true, result: { result: 'pong' } });
  });

  test('a config change reloaded through another door (ovos-tools reload on its bus) reaches the other replica', async () => {
    const file = JSON.parse(readFileSync(config, 'utf8')) as Record<string, unknown>;
    writeFileSync(config, JSON.stringify({ ...file, disabled_toolboxes: ['extra-tools'] }));
    const r = spawnSync(process.execPath, [cli, 'reload', '--bus-url', b.busUrl, '--json'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    const answer = JSON.parse(r.stdout) as { removed: string[]; digest: string };
    expect(answer.removed).toEqual(['extra_ping']);
    await within(5000, async () => !(await serves(a, 'extra_ping')), 'replica a no longer serving extra_ping');
    await within(5000, async () => (await health(a)).digest === answer.digest, 'replica a on the same digest');
    writeFileSync(config, JSON.stringify(file));
    const back = await reload(a);
    expect(back.added).toEqual(['extra_ping']);
    await within(5000, () => serves(b, 'extra_ping'), 'replica b serving extra_ping again');
  });

  test('a reload while Redis is down reaches the other replica once Redis is back (restarted empty)', async () => {
    await redis.kill();
    install('late-tools', 'late_ping');
    const answer = await reload(a); // Redis down: a reloads itself and tells the others once it is back
    expect(answer.added).toEqual(['late_ping']);
    await within(5000, async () => (await health(a)).replicas.state === 'unavailable', 'replica a says Redis is unavailable');
    expect(await serves(b, 'late_ping')).toBe(false);
    await redis.restart();
    const ms = await within(10_000, () => serves(b, 'late_ping'), 'replica b catching up after Redis came back');
    process.stdout.write(`[replicaSync.test] replica b caught up ${Math.round(ms)} ms after Redis restarted\n`);
    await within(5000, async () => (await health(b)).digest === answer.digest && (await health(b)).replicas.state === 'in_sync', 'replica b in sync');
  });

  test('a replica started after the reloads serves the same catalog and digest', async () => {
    const c = await replica('c');
    const [ha, hc] = await Promise.all([health(a), health(c)]);
    expect(hc.digest).toBe(ha.digest);
    expect(hc.replicas.state).toBe('in_sync');
    expect(await serves(c, 'late_ping')).toBe(true);
    await c.kill();
  });

  test('a replica whose own rescan fails keeps serving its last good catalog and says so on /health and in its log', async () => {
    const good = (await health(b)).digest;
    install('fragile-tools', 'fragile_ping', 'b');
    const answer = await reload(a);
    expect(answer.added).toEqual(['fragile_ping']);
    await within(5000, async () => (await health(b)).replicas.state === 'failed', 'replica b reporting its failed rescan');
    const hb = await health(b);
    expect(hb.digest).toBe(good);
    expect(hb.replicas.detail).toMatch(/failed here: this replica keeps serving its last good catalog/);
    expect(hb.replicas.last_reload?.digest).toBe(answer.digest);
    expect(await serves(b, 'fragile_ping')).toBe(false);
    expect(await serves(b, 'late_ping')).toBe(true);
    expect(b.out).toMatch(/replica sync: not put in service: fragile-tools: .*cannot load in this replica/);
    expect(b.out).toMatch(/replica sync: the reload announced by replica .* failed here; this replica keeps serving its last good catalog/);
  });
});
