import { describe, expect, test } from 'vitest';
import { parseProviderConfig } from './ProviderConfig.js';
import { rereadSettings } from './rereadSettings.js';

const AGENTS = { 'agent:a': { credential: { sha256: 'a'.repeat(64) }, tools: ['*'], rate_per_minute: 5 } };

describe('rereadSettings', () => {
  test('a config that cannot be read or is invalid: not ok, with every reason; nothing applied', () => {
    const r = rereadSettings(() => parseProviderConfig({ max_concurrency: 'lots', default_timeout_ms: -1 }), parseProviderConfig({}));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/'default_timeout_ms'.*'max_concurrency'|'max_concurrency'.*'default_timeout_ms'/);
    const unreadable = () => {
      throw new Error('cannot read config file x');
    };
    expect(rereadSettings(unreadable, parseProviderConfig({}))).toEqual({ ok: false, error: 'cannot read config file x' });
  });

  test('live keys take their new values; restart-only keys keep the running ones and are named', () => {
    const running = parseProviderConfig({ http: { listen: '127.0.0.1:7009' }, federation: { interval_ms: 1000 }, plugin_roots: ['/a'] });
    const r = rereadSettings(
      () => parseProviderConfig({ http: { listen: '127.0.0.1:7010' }, federation: false, plugin_roots: ['/b'], brain: { model: 'm' }, default_timeout_ms: 5, 'my-toolbox': { x: 1 } }),
      running,
    );
    expect(r.ok && r.needsRestart).toEqual(['http', 'brain', 'plugin_roots', 'federation']);
    if (!r.ok) return;
    expect(r.settings.http).toBe(running.http);
    expect(r.settings.brain).toBe(running.brain);
    expect(r.settings.discovery.pluginRoots).toEqual(['/a']);
    expect(r.settings.federation.enabled).toBe(true);
    expect(r.settings.policy.defaultTimeoutMs).toBe(5);
    expect(r.settings.toolboxConfigs).toEqual({ 'my-toolbox': { x: 1 } });
  });

  test("unchanged access keys keep the running access settings (and so the agents' rate windows); changed ones do not", () => {
    const running = parseProviderConfig({ agents: AGENTS });
    const same = rereadSettings(() => parseProviderConfig({ agents: AGENTS, default_timeout_ms: 10 }), running);
    expect(same.ok && same.settings.access).toBe(running.access);
    const changed = rereadSettings(() => parseProviderConfig({ agents: { ...AGENTS, 'agent:b': { credential: { sha256: 'b'.repeat(64) }, tools: ['x'] } } }), running);
    expect(changed.ok && changed.settings.access).not.toBe(running.access);
    expect(changed.ok && changed.settings.access.agents.map((a) => a.id)).toEqual(['agent:a', 'agent:b']);
  });
});
