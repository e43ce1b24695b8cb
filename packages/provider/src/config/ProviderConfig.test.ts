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

  test('toolbox sections are the object-valued keys that are not provider keys', () => {
    const s = parseProviderConfig({ enabled: true, brain: { base_url: 'http://x/v1', model: 'm' }, 'ovos-math-tools': { k: 1 }, stray: 5 });
    expect(s.toolboxConfigs).toEqual({ 'ovos-math-tools': { k: 1 } });
    expect(s.brain).toEqual({ baseUrl: 'http://x/v1', model: 'm' });
  });

  test('every wrong key is reported at once', () => {
    try {
      parseProviderConfig({ default_timeout_ms: -1, max_concurrency: 'many', tool_timeouts: { a: 0 }, plugin_roots: 'dir', log_arguments: 'yes', brain: { model: 3 } });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ProviderConfigError);
      expect((err as ProviderConfigError).problems).toEqual([
        'tool_timeouts.a: expected a positive number of milliseconds, received 0',
        'log_arguments: expected true or false',
        'brain.model: expected a string',
        'default_timeout_ms: expected a positive number, received -1',
        'max_concurrency: expected a positive number, received "many"',
        'plugin_roots: expected a list of strings, received "dir"',
      ]);
    }
    expect(() => parseProviderConfig([])).toThrow('the config must be a JSON object');
  });
});
