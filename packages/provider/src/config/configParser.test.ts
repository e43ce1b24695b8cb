import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hostileShape, MAX_CONFIG_DEPTH } from './hostileShape.js';
import { loadProviderConfig } from './loadProviderConfig.js';
import { misspeltNames } from './misspeltNames.js';
import { parseProviderConfig } from './ProviderConfig.js';
import { ProviderConfigError } from './ProviderConfigError.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ovos-config-parser-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};
const issuesOf = (raw: unknown, env: NodeJS.ProcessEnv = process.env) => {
  try {
    parseProviderConfig(raw, env);
    return [];
  } catch (err) {
    expect(err).toBeInstanceOf(ProviderConfigError);
    return (err as ProviderConfigError).issues;
  }
};

describe('hostileShape (issue 45)', () => {
  test('prototype keys at any level, in objects and lists, each by its path', () => {
    const raw = JSON.parse('{"__proto__": {"x": 1}, "a": [{"constructor": 1}], "b": {"c": {"prototype": {}}}}');
    expect(hostileShape(raw).map((i) => [i.path, i.keyword])).toEqual([
      ['__proto__', 'prototypeKey'],
      ['a[0].constructor', 'prototypeKey'],
      ['b.c.prototype', 'prototypeKey'],
    ]);
  });

  test('the depth limit: the limit itself passes, one more is refused once, a million levels do not overflow', () => {
    expect(hostileShape(nested(MAX_CONFIG_DEPTH))).toEqual([]);
    expect(hostileShape(nested(MAX_CONFIG_DEPTH + 1))).toMatchObject([{ keyword: 'maxDepth' }]);
    expect(hostileShape({ x: nested(1_000_000), y: nested(100) })).toHaveLength(1);
  });

  test('parseProviderConfig refuses them first, so a __proto__ never becomes a toolbox section', () => {
    expect(issuesOf(JSON.parse('{"__proto__": {"ovos-shell-tools": {"allow_shell": true}}}'))).toMatchObject([{ path: '__proto__', keyword: 'prototypeKey' }]);
    expect(issuesOf({ 'ovos-x-tools': nested(10_000) })[0]).toMatchObject({ keyword: 'maxDepth', message: expect.stringContaining(`deeper than ${MAX_CONFIG_DEPTH} levels`) });
  });

  test('loadProviderConfig refuses a mycroft.conf section with __proto__ before merging it (Object.assign would make it the prototype)', () => {
    const conf = path.join(dir, 'mycroft.conf');
    writeFileSync(conf, '{"PHAL": {"ovos-phal-plugin-tools": {"__proto__": {"ovos-shell-tools": {"allow_shell": true}}}}}');
    expect(() => loadProviderConfig(undefined, [conf])).toThrow(/provider config '__proto__': the key "__proto__" is refused .* \(in .*mycroft\.conf\)/);
  });
});

describe('problems as data, each mistake once (issues 43 and 44)', () => {
  test('an issue carries path, keyword, message and the key meant', () => {
    expect(issuesOf({ defualt_timeout_ms: 5 })).toEqual([
      { path: 'defualt_timeout_ms', keyword: 'unknownKey', message: "unknown key; did you mean 'default_timeout_ms'?", suggestion: 'default_timeout_ms' },
    ]);
    expect(issuesOf({ log_level: 'debug' })[0]).toMatchObject({ path: 'log_level', keyword: 'setElsewhere', suggestion: expect.stringContaining('OVOS_TOOLS_LOG_LEVEL') });
  });

  test('the rules across keys and what the environment shows are data too, each at its path', () => {
    expect(issuesOf({ state: { redis: 'redis://h', redis_env: 'X' }, agents: { a: { tools: ['*'] } }, mcp: { agent: 'b' } })).toEqual([
      expect.objectContaining({ path: 'agents.a', keyword: 'crossField', message: expect.stringMatching(/^needs a credential/) }),
      { path: 'mcp.agent', keyword: 'crossField', message: 'must name an agent declared in agents (a), received "b"' },
      { path: 'state.redis_env', keyword: 'crossField', message: 'give either redis or redis_env, not both' },
    ]);
    const env = { TOK: '' };
    expect(issuesOf({ agents: { a: { credential: { env: 'TOK' }, tools: ['*'] } }, state: { redis_env: 'NOPE' } }, env)).toEqual([
      { path: 'agents.a.credential.env', keyword: 'env', message: 'environment variable TOK is not set or empty' },
      { path: 'state.redis_env', keyword: 'env', message: 'environment variable NOPE is not set or empty' },
    ]);
    // a secret written in plain text is never repeated
    const plain = issuesOf({ agents: { a: { credential: 'hunter2-plain', tools: ['*'] } }, http: { secret: 'hunter2' } });
    expect(plain.map((i) => i.path)).toEqual(['agents.a.credential', 'http.secret']);
    expect(JSON.stringify(plain)).not.toContain('hunter2');
  });

  test('a misspelt agent key is one problem, not also "missing" (tools, credential)', () => {
    expect(issuesOf({ agents: { a: { credential: { sha256: 'a'.repeat(64) }, tool: ['*'] } } }).map((i) => i.path)).toEqual(['agents.a.tool']);
    expect(issuesOf({ agents: { a: { credentail: { sha256: 'a'.repeat(64) }, tools: ['*'] } } }).map((i) => i.path)).toEqual(['agents.a.credentail']);
  });
});

describe('misspeltNames (issue 43)', () => {
  const installed = ['ovos-shell-tools', 'ovos-clock-tools'];
  const settings = (raw: unknown) => parseProviderConfig(raw);

  test('a disabled toolbox within two edits of an installed one is refused, naming it; far or exact names are not', () => {
    expect(misspeltNames(settings({ disabled_toolboxes: ['ovos-shel-tools', 'ovos-shell-tools', 'some-other-thing', 'ovos-*'] }), installed)).toEqual([
      expect.objectContaining({ path: 'disabled_toolboxes[0]', keyword: 'misspeltName', suggestion: 'ovos-shell-tools' }),
    ]);
  });

  test('agent rules: toolbox:<typo> and a bare entry-point-like typo; tool names, globs, tags and short names pass', () => {
    const agents = { ops: { credential: { sha256: 'a'.repeat(64) }, tools: ['toolbox:ovos-clok-tools', 'ovos-shell-tool', 'now', 'tag:x', 'toolbox:ovos-*'], confirm: ['toolbox:ovos-shel-tools'] } };
    expect(misspeltNames(settings({ agents }), installed).map((i) => [i.path, i.suggestion])).toEqual([
      ['agents.ops.tools[0]', 'toolbox:ovos-clock-tools'],
      ['agents.ops.tools[1]', 'toolbox:ovos-shell-tools'],
      ['agents.ops.confirm[0]', 'toolbox:ovos-shell-tools'],
    ]);
    expect(misspeltNames(settings({ agents }), installed, ['ovos-shell-tool']).map((i) => i.path)).not.toContain('agents.ops.tools[1]');
    expect(misspeltNames(settings({ confirmation: { tools: ['toolbox:ovos-shel-tools', 'toolbox:ovos-shell-tools'] } }), installed).map((i) => i.path)).toEqual(['confirmation.tools[0]']);
  });
});
