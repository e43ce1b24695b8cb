import { describe, expect, test } from 'vitest';
import { parseProviderConfig } from './ProviderConfig.js';
import { reloadSettings } from './reloadSettings.js';

const AGENTS = { 'agent:a': { credential: { sha256: 'a'.repeat(64) }, tools: ['*'] } };

describe('reloadSettings: each part by the rule its feature declares', () => {
  test('a config that cannot be read or is invalid keeps the running settings and says why', () => {
    const r = reloadSettings(() => parseProviderConfig({ max_concurrency: 'lots', default_timeout_ms: -1 }), parseProviderConfig({}));
    expect(r).toEqual({ ok: false, error: expect.stringContaining("provider config 'default_timeout_ms': must be > 0, received -1") });
    const unreadable = () => {
      throw new Error('cannot read config file x');
    };
    expect(reloadSettings(unreadable, parseProviderConfig({}))).toEqual({ ok: false, error: 'cannot read config file x' });
  });

  test('live keys take their new values; restart-only keys keep the running ones and are named with why', () => {
    const running = parseProviderConfig({ http: { listen: '127.0.0.1:7009' }, federation: { interval_ms: 1000 }, plugin_roots: ['/a'], result_store: { ttl_s: 5 } });
    const r = reloadSettings(
      () =>
        parseProviderConfig({
          http: { listen: '127.0.0.1:7010' },
          federation: { enabled: false, interval_ms: 2000 },
          plugin_roots: ['/b'],
          brain: { model: 'm' },
          default_timeout_ms: 5,
          max_output_chars: 500,
          result_store: { ttl_s: 6 },
          'my-toolbox': { x: 1 },
        }),
      running,
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.needsRestart.map((n) => n.key).sort()).toEqual(['brain', 'federation', 'http', 'plugin_roots', 'result_store']);
    expect(r.needsRestart.find((n) => n.key === 'http')?.why).toBe('the HTTP API listens with the address and secret it started with');
    expect(r.settings.http).toBe(running.http);
    expect(r.settings.brain).toBe(running.brain);
    expect(r.settings.discovery.pluginRoots).toEqual(['/a']);
    expect(r.settings.federation).toEqual({ ...running.federation, intervalMs: 2000 });
    expect(r.settings.budget).toEqual({ maxOutputChars: 500, store: running.budget.store });
    expect(r.settings.policy.defaultTimeoutMs).toBe(5);
    expect(r.settings.toolboxConfigs).toEqual({ 'my-toolbox': { x: 1 } });
  });

  test("unchanged access keys keep the running access settings (and so the agents' rate windows); changed ones do not", () => {
    const running = parseProviderConfig({ agents: AGENTS });
    const same = reloadSettings(() => parseProviderConfig({ agents: AGENTS, default_timeout_ms: 10 }), running);
    expect(same.ok && same.settings.access).toBe(running.access);
    const changed = reloadSettings(() => parseProviderConfig({ agents: { ...AGENTS, 'agent:b': { credential: { sha256: 'b'.repeat(64) }, tools: ['x'] } } }), running);
    expect(changed.ok && changed.settings.access).not.toBe(running.access);
    expect(changed.ok && changed.settings.access.agents.map((a) => a.id)).toEqual(['agent:a', 'agent:b']);
  });
});
