import { silentLogger, type Logger } from '@ovos-tools/core';
import { parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { catalogDigest } from '../src/catalog/catalogDigest.js';
import { RegistryGeneration } from '../src/registry/RegistryGeneration.js';
import { PluginWatcher } from '../src/watch/PluginWatcher.js';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';
import { startRedis, type RedisServer } from './helpers/redisServer.mjs';
import { freePort } from './helpers/serve.js';

/**
 * Replicas that follow each other's reloads through the Redis they share (issue 45), two providers in one process
 * on one real redis-server and one plugin root (the e2e replicaSync test runs real `serve --http` processes): one
 * replica watching the root is enough for all; an announcement that is not one is ignored and logged; the catalog
 * digest leaves out secrets and what is a replica's own. Needs Debian's redis-server.
 */
const skipReason = inject('redisSkipReason');
if (skipReason) process.stdout.write(`[replicaSync.test] skipped: ${skipReason}\n`);

/** A logger keeping its lines (`LEVEL message`). */
function keptLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
  return { lines, debug: at('DEBUG'), info: at('INFO'), warn: at('WARN'), error: at('ERROR') };
}

describe.skipIf(Boolean(skipReason))('replicas on one Redis', () => {
  let redis: RedisServer;
  let root: PluginRoot;
  let a: ToolsProvider;
  let b: ToolsProvider;
  let bLog: ReturnType<typeof keptLogger>;
  let watcher: PluginWatcher;
  /** Replica b's config file cannot be read while this is set. */
  let bConfigBroken = false;
  const served = async (p: ToolsProvider) => {
    const listed = await p.service.list();
    return listed.ok ? listed.entries.map((e) => e.tool.name).sort() : [];
  };

  beforeAll(async () => {
    redis = await startRedis(await freePort());
    root = makePluginRoot();
    root.addPackage('first-tools', toolboxEntry('first'), { 'index.js': toolboxSource('first', { first_ping: '() => ({ result: "pong" })' }) });
    const settings = parseProviderConfig({ isolation: 'inline', state: { redis: redis.url, key_prefix: 'sync-test:' } });
    bLog = keptLogger();
    a = new ToolsProvider({ bus: null, pluginRoots: [root.dir], settings, logger: silentLogger, logLevel: 'silent', brain: null });
    const readSettings = () => {
      if (bConfigBroken) throw new Error('Unexpected token } in JSON at position 12');
      return settings;
    };
    b = new ToolsProvider({ bus: null, pluginRoots: [root.dir], settings, readSettings, configLabel: 'b.json', logger: bLog, logLevel: 'silent', brain: null });
    await Promise.all([a.start(), b.start()]);
    // only replica a watches the shared root, as `serve --watch` does
    watcher = new PluginWatcher(a.pluginRoots, () => a.reload(), silentLogger);
    await watcher.ready();
  });
  afterAll(async () => {
    await watcher?.close();
    await Promise.all([a?.close(), b?.close()]);
    await redis?.kill();
    root?.cleanup();
  });

  test('a package installed under one watching replica is served by the other, with the same digest', async () => {
    expect(a.health().digest).toBe(b.health().digest);
    root.addPackage('second-tools', toolboxEntry('second'), { 'index.js': toolboxSource('second', { second_ping: '() => ({ result: "pong" })' }) });
    await expect.poll(() => served(b), { timeout: 15_000, interval: 100 }).toEqual(['first_ping', 'second_ping']);
    await expect.poll(() => (b.health().replicas as { state: string }).state, { timeout: 5000, interval: 50 }).toBe('in_sync');
    expect(b.health().digest).toBe(a.health().digest);
    expect(b.health().generation).toBe(2);
  });

  test('a replica that cannot read its config for a reload another announced keeps serving its last good catalog, and says so', async () => {
    const good = b.health().digest;
    bConfigBroken = true;
    root.addPackage('third-tools', toolboxEntry('third'), { 'index.js': toolboxSource('third', { third_ping: '() => ({ result: "pong" })' }) });
    const answer = await a.reload(); // the watcher may reload a too: either announcement does
    expect(answer.added).toContain('third_ping');
    await expect.poll(() => (b.health().replicas as { state: string }).state, { timeout: 10_000, interval: 50 }).toBe('failed');
    expect(b.health().digest).toBe(good);
    expect(await served(b)).toEqual(['first_ping', 'second_ping']);
    expect(bLog.lines).toContainEqual(expect.stringMatching(/^ERROR replica sync: not put in service: config: config not reloaded, the running config is kept: .*Unexpected token/));
    expect(bLog.lines).toContainEqual(expect.stringMatching(/^ERROR replica sync: the reload announced by replica .* failed here; this replica keeps serving its last good catalog \(sha256:/));
    // fixed: the next reload, asked of any replica, brings it in step
    bConfigBroken = false;
    await a.reload();
    await expect.poll(() => (b.health().replicas as { state: string }).state, { timeout: 10_000, interval: 50 }).toBe('in_sync');
    expect(await served(b)).toEqual(['first_ping', 'second_ping', 'third_ping']);
  });

  test('something on the channel that is not an announcement is ignored and logged', async () => {
    const raw = new Redis(redis.url);
    try {
      // the watcher's own reload of a (of the package the test before added) may still be on its way to b: stop the
      // watcher, and count from when b's generation has stayed the same for a second and a half
      await watcher.close();
      let seen = -1;
      await expect
        .poll(async () => {
          const now = b.health().generation;
          const quiet = now === seen;
          seen = now;
          return quiet;
        }, { timeout: 30_000, interval: 1500 })
        .toBe(true);
      const before = b.health().generation;
      await raw.publish('sync-test:catalog:reload', '{"id": 5}');
      await expect.poll(() => bLog.lines.filter((l) => l.includes('ignored a malformed announcement')).length, { timeout: 5000, interval: 50 }).toBe(1);
      expect(bLog.lines.find((l) => l.includes('malformed'))).toBe('WARN replica sync: ignored a malformed announcement on sync-test:catalog:reload');
      expect(b.health().generation).toBe(before);
    } finally {
      raw.disconnect();
    }
  });
});

describe('the catalog digest', () => {
  const empty = new RegistryGeneration(1, [], []);
  const digest = (config: Record<string, unknown>) => catalogDigest(empty, parseProviderConfig({ isolation: 'inline', ...config }), () => undefined);

  test('equal for the same config, whatever the secrets, the listening address and the Redis URL', () => {
    const base = digest({ agents: { app: { credential: { sha256: 'a'.repeat(64) }, tools: ['*'] } }, confirmation: { secret: 'x'.repeat(32) } });
    expect(base).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(digest({ agents: { app: { credential: { sha256: 'b'.repeat(64) }, tools: ['*'] } }, confirmation: { secret: 'y'.repeat(32) } })).toBe(base);
    expect(
      digest({
        agents: { app: { credential: { sha256: 'a'.repeat(64) }, tools: ['*'] } },
        confirmation: { secret: 'x'.repeat(32) },
        http: { listen: '127.0.0.1:7012', secret: 'z'.repeat(32) },
        state: { redis: 'redis://:password@10.0.0.9:6379/0' },
      }),
    ).toBe(base);
  });

  test('another for what changes what is served: an agent’s tools, a disabled toolbox, a toolbox’s config', () => {
    const base = digest({ agents: { app: { credential: { sha256: 'a'.repeat(64) }, tools: ['*'] } } });
    const others = [
      digest({ agents: { app: { credential: { sha256: 'a'.repeat(64) }, tools: ['add'] } } }),
      digest({ agents: { app: { credential: { sha256: 'a'.repeat(64) }, tools: ['*'] } }, disabled_toolboxes: ['clock'] }),
      digest({ agents: { app: { credential: { sha256: 'a'.repeat(64) }, tools: ['*'] } }, clock: { zone: 'UTC' } }),
    ];
    expect(new Set([base, ...others]).size).toBe(4);
  });
});
