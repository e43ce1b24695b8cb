import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadProviderConfig } from './loadProviderConfig.js';
import { parseProviderConfig, userPluginRoot } from './ProviderConfig.js';
import { ProviderConfigError } from './ProviderConfigError.js';

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
    expect(s.policy).toEqual({ defaultTimeoutMs: 30_000, toolTimeouts: {}, maxConcurrency: 64, maxConcurrencyPerToolbox: 16, maxQueue: 50_000, logArguments: false });
    expect(s.hosts).toMatchObject({ isolation: 'worker', memoryLimitMb: 256, importTimeoutMs: 10_000, maxRestarts: 5 });
    expect(s.access).toEqual({ agents: [], busRequiresAgent: false, busReload: 'auto', digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(s.discovery.pluginRoots).toBeUndefined();
    expect(userPluginRoot()).toMatch(/ovos-tools\/plugins$/);
  });

  test('spin_wait_ms: 0.1 ms by default, 0 turns it off, negative or huge values are refused', () => {
    expect(parseProviderConfig({}).hosts.spinWaitMs).toBe(0.1);
    expect(parseProviderConfig({ spin_wait_ms: 0 }).hosts.spinWaitMs).toBe(0);
    expect(() => parseProviderConfig({ spin_wait_ms: -1 })).toThrow("provider config 'spin_wait_ms': must be >= 0, received -1");
    expect(() => parseProviderConfig({ spin_wait_ms: 1000 })).toThrow("provider config 'spin_wait_ms': must be <= 100, received 1000");
  });

  test('toolbox sections are the object-valued keys that are not provider keys', () => {
    const s = parseProviderConfig({ enabled: true, brain: { base_url: 'http://x/v1', model: 'm' }, 'ovos-math-tools': { k: 1 } });
    expect(s.toolboxConfigs).toEqual({ 'ovos-math-tools': { k: 1 } });
    expect(s.brain).toEqual({ baseUrl: 'http://x/v1', model: 'm', timeoutMs: 60_000 });
  });

  test('bus_reload, bus_requires_agent and mcp.agent; an mcp.agent that is not declared is refused', () => {
    const agents = { 'agent:kid': { credential: { sha256: 'a'.repeat(64) }, tools: ['*'] } };
    expect(parseProviderConfig({ bus_reload: 'deny', bus_requires_agent: 'yes', agents, mcp: { agent: 'agent:kid' } })).toMatchObject({
      access: { busReload: 'deny', busRequiresAgent: true, agents: [expect.objectContaining({ id: 'agent:kid' })] },
      mcp: { agent: 'agent:kid' },
    });
    expect(() => parseProviderConfig({ bus_reload: 'sometimes' })).toThrow(`provider config 'bus_reload': must be "auto", "allow" or "deny", received "sometimes"`);
    expect(() => parseProviderConfig({ agents, mcp: { agent: 'agent:ghost' } })).toThrow(
      `provider config 'mcp.agent': must name an agent declared in agents (agent:kid), received "agent:ghost"`,
    );
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
        "provider config 'toolbox_hosts.x.colour': unknown key (expected one of isolation, memory_limit_mb, env, allow_fs_read, allow_fs_write, allow_child_process, allow_worker, worker_group)",
        "provider config 'default_timeout_ms': must be > 0, received -1",
        "provider config 'tool_timeouts.a': must be > 0, received 0",
        "provider config 'max_concurrency': must be number, received \"many\"",
        "provider config 'log_arguments': must be boolean, received \"sometimes\"",
        "provider config 'isolation': must be \"inline\", \"worker\" or \"process\", received \"vm\"",
        'provider config \'toolbox_hosts.x.allow_fs_read[0]\': must match pattern "^[^,]*$", received "/a,b"',
        "provider config 'plugin_roots': must be array, received \"dir\"",
        "provider config 'http.secret': must be a string of at least 16 characters (or secret_env naming the variable that holds it)",
        "provider config 'brain.model': must be string, received 3",
      ]);
      expect((err as Error).message).toContain("provider config 'default_timeout_ms': must be > 0, received -1; ");
    }
    const lax = parseProviderConfig({ max_concurrency: '8', log_arguments: 'yes', federation: false, warm_up: 'false', toolbox_hosts: { x: { memory_limit_mb: 64.5, allow_worker: false, worker_group: 'light' } } });
    expect(lax).toMatchObject({ policy: { maxConcurrency: 8, logArguments: true }, federation: { enabled: false }, hosts: { warmUp: false, toolboxHosts: { x: { memoryLimitMb: 64, allowWorker: false, workerGroup: 'light' } } } });
    expect(parseProviderConfig({}).hosts.warmUp).toBe(true);
    expect(() => parseProviderConfig([])).toThrow("provider config '(section)': must be a JSON object, received []");
  });
});

describe('output budgets, the result store and MCP search (issue 27)', () => {
  test('defaults: no budget, the store’s own limits, no search_tools', () => {
    const s = parseProviderConfig({});
    expect(s.budget).toEqual({ maxOutputChars: undefined, store: {} });
    expect(s.mcp).toEqual({ agent: undefined, searchTool: false, sessions: {} });
  });

  test('max_output_chars, result_store, agents.<id>.max_output_chars and mcp.search_tool are read', () => {
    const s = parseProviderConfig({
      max_output_chars: 8000,
      result_store: { ttl_s: 60, max_bytes: 4_194_304, max_entries: 50, max_bytes_per_caller: 1_048_576 },
      agents: { 'agent:small': { credential: { sha256: 'a'.repeat(64) }, tools: ['*'], max_output_chars: 2000 } },
      mcp: { search_tool: true },
    });
    expect(s.budget).toEqual({ maxOutputChars: 8000, store: { ttlMs: 60_000, maxBytes: 4_194_304, maxEntries: 50, maxBytesPerOwner: 1_048_576 } });
    expect(s.access.agents[0]).toMatchObject({ id: 'agent:small', maxOutputChars: 2000 });
    expect(s.mcp.searchTool).toBe(true);
  });

  test('a budget below the marker’s own size, a bad store limit or a wrong type is refused, naming the key', () => {
    const problems = (raw: Record<string, unknown>) => {
      try {
        parseProviderConfig(raw);
      } catch (err) {
        return (err as ProviderConfigError).problems.join('\n');
      }
      throw new Error('expected a config error');
    };
    expect(problems({ max_output_chars: 50 })).toMatch(/provider config 'max_output_chars': .*106/);
    expect(problems({ result_store: { ttl_s: 0 } })).toMatch(/'result_store\.ttl_s'|'result_store'/);
    expect(problems({ result_store: { max_bytes: 2048, max_bytes_per_caller: 4096 } })).toMatch(/result_store\.max_bytes_per_caller': must be at most result_store\.max_bytes \(2048\), received 4096/);
    expect(problems({ mcp: { search_tool: 'yes please' } })).toMatch(/mcp/);
    expect(problems({ agents: { 'agent:x': { credential: { sha256: 'a'.repeat(64) }, tools: ['*'], max_output_chars: 10 } } })).toMatch(
      /agents\.agent:x\.max_output_chars': expected an integer from 106 \(the size of the 'truncated' marker itself\) to 2147483647, received 10/,
    );
  });
});
