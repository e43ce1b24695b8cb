import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadProviderConfig } from './loadProviderConfig.js';
import { parseProviderConfig, ProviderConfigError, userPluginRoot } from './ProviderConfig.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ovos-provider-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: unknown) => {
  const p = path.join(dir, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
};

describe('loadProviderConfig', () => {
  test('merges the PHAL → ovos-phal-plugin-tools sections of the mycroft.conf files, later winning', () => {
    const system = file('system.conf', { PHAL: { 'ovos-phal-plugin-tools': { enabled: true, default_timeout_ms: 1000, 'ovos-math-tools': { a: 1 } } } });
    const user = file('user.conf', '// user overrides\n{ "PHAL": { "ovos-phal-plugin-tools": { "default_timeout_ms": 2000 } }, "websocket": {} }');
    expect(loadProviderConfig(undefined, [system, user, path.join(dir, 'missing.conf')])).toEqual({
      enabled: true,
      default_timeout_ms: 2000,
      'ovos-math-tools': { a: 1 },
    });
  });

  test('--config accepts the section itself or a whole mycroft.conf', () => {
    expect(loadProviderConfig(file('section.json', { max_concurrency: 3 }))).toEqual({ max_concurrency: 3 });
    expect(loadProviderConfig(file('whole.json', { PHAL: { 'ovos-phal-plugin-tools': { max_queue: 9 } } }))).toEqual({ max_queue: 9 });
  });

  test('an unreadable or invalid --config file is a clear error', () => {
    expect(() => loadProviderConfig(path.join(dir, 'nope.json'))).toThrow(/cannot read config file .*nope\.json/);
    expect(() => loadProviderConfig(file('bad.json', '{ "a": '))).toThrow(ProviderConfigError);
    expect(() => loadProviderConfig(file('list.json', '[1]'))).toThrow(/the top level must be a JSON object/);
  });
});

describe('parseProviderConfig', () => {
  test('defaults', () => {
    const s = parseProviderConfig({});
    expect(s).toMatchObject({ defaultTimeoutMs: 30_000, maxConcurrency: 64, maxConcurrencyPerToolbox: 16, maxQueue: 50_000, logArguments: false, importTimeoutMs: 10_000 });
    expect(s.pluginRoots).toBeUndefined();
    expect(userPluginRoot()).toMatch(/ovos-tools\/plugins$/);
  });

  test('spin_wait_ms: 0.1 ms by default, 0 turns it off, negative or huge values are refused', () => {
    expect(parseProviderConfig({}).spinWaitMs).toBe(0.1);
    expect(parseProviderConfig({ spin_wait_ms: 0 }).spinWaitMs).toBe(0);
    expect(() => parseProviderConfig({ spin_wait_ms: -1 })).toThrow("provider config 'spin_wait_ms': must be >= 0, received -1");
    expect(() => parseProviderConfig({ spin_wait_ms: 1000 })).toThrow("provider config 'spin_wait_ms': must be <= 100, received 1000");
  });

  test('toolbox sections are the object-valued keys that are not provider keys', () => {
    const s = parseProviderConfig({ enabled: true, brain: { base_url: 'http://x/v1', model: 'm' }, 'ovos-math-tools': { k: 1 }, stray: 5 });
    expect(s.toolboxConfigs).toEqual({ 'ovos-math-tools': { k: 1 } });
    expect(s.brain).toEqual({ baseUrl: 'http://x/v1', model: 'm' });
  });

  test('every wrong key is reported at once, in the toolbox kit\'s one style', () => {
    try {
      parseProviderConfig({
        default_timeout_ms: -1,
        max_concurrency: 'many',
        tool_timeouts: { a: 0 },
        plugin_roots: 'dir',
        log_arguments: 'sometimes',
        brain: { model: 3 },
        isolation: 'vm',
        toolbox_hosts: { x: { isolation: 'process', allow_fs_read: ['/a,b'], colour: 'red' } },
        http: { secret: 'short' },
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ProviderConfigError);
      expect((err as ProviderConfigError).problems).toEqual([
        "provider config 'default_timeout_ms': must be > 0, received -1",
        "provider config 'tool_timeouts': [a] must be > 0, received 0",
        "provider config 'max_concurrency': must be number, received \"many\"",
        "provider config 'log_arguments': must be boolean, received \"sometimes\"",
        "provider config 'plugin_roots': must be array, received \"dir\"",
        "provider config 'brain': [model] must be string, received 3",
        "provider config 'isolation': must be \"inline\", \"worker\" or \"process\", received \"vm\"",
        expect.stringMatching(/^provider config 'toolbox_hosts': \[x\.allow_fs_read\.0\] must match pattern/),
        "provider config 'toolbox_hosts': [x.colour] is not a host setting (expected isolation, memory_limit_mb, env, allow_fs_read, allow_fs_write, allow_child_process, allow_worker, worker_group), received \"red\"",
        "provider config 'http.secret': expected a string of at least 16 characters",
      ]);
      expect((err as Error).message).toContain("provider config 'default_timeout_ms': must be > 0, received -1; ");
    }
    const lax = parseProviderConfig({ max_concurrency: '8', log_arguments: 'yes', federation: false, warm_up: 'false', toolbox_hosts: { x: { memory_limit_mb: 64.5, allow_worker: false, worker_group: 'light' } } });
    expect(lax).toMatchObject({ maxConcurrency: 8, logArguments: true, federation: { enabled: false }, warmUp: false, toolboxHosts: { x: { memoryLimitMb: 64, allowWorker: false, workerGroup: 'light' } } });
    expect(parseProviderConfig({}).warmUp).toBe(true);
    expect(() => parseProviderConfig([])).toThrow("provider config '(section)': must be a JSON object, received []");
  });
});
