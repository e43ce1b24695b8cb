import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import { compileToolRule, toolRuleProblem } from './toolRule.js';
import { createAuthorizer } from './createAuthorizer.js';
import { hashCredential, sha256Hex } from './credential.js';
import { parseAgentsConfig } from './AgentDefinition.js';
import { AgentLimiter } from './AgentLimiter.js';
import { busCaller, busCallerOf } from '../transports/ovos-bus/busCaller.js';
import { parseHiveMindPeer } from '../transports/ovos-bus/hivemindPeer.js';
import { createSatelliteResolver, createAgentResolver } from './resolveAgent.js';
import { createAccessControl } from './AccessControl.js';
import { actingFor } from './callerKeys.js';
import { doorCaller } from './door.js';

const entry = (name: string, toolboxId = 'tb', tags: string[] = [], extra: Record<string, unknown> = {}): CatalogEntry => ({
  tool: { name, description: '', argumentSchema: {}, outputSchema: {}, tags, ...extra },
  toolboxId,
  kind: 'inline',
  source: toolboxId,
});

describe('tool rules', () => {
  it('match by name, glob, toolbox and tag', () => {
    expect(compileToolRule('read_file').matches(entry('read_file'))).toBe(true);
    expect(compileToolRule('read_file').matches(entry('read_files'))).toBe(false);
    expect(compileToolRule('*_file').matches(entry('write_file'))).toBe(true);
    expect(compileToolRule('fs.?').matches(entry('fs.a'))).toBe(true);
    expect(compileToolRule('fs.?').matches(entry('fsxa'))).toBe(false);
    expect(compileToolRule('toolbox:ovos-*').matches(entry('x', 'ovos-math-tools'))).toBe(true);
    expect(compileToolRule('toolbox:ovos-*').matches(entry('x', 'other'))).toBe(false);
    expect(compileToolRule('tag:read-only').matches(entry('x', 'tb', ['read-only']))).toBe(true);
    expect(compileToolRule('tag:read-only').matches(entry('x', 'tb', ['read-only-ish']))).toBe(false);
    expect(compileToolRule('annotation:destructive').matches(entry('x', 'tb', [], { destructive: true }))).toBe(true);
    expect(compileToolRule('annotation:destructive').matches(entry('x', 'tb', [], { destructive: false }))).toBe(false);
    expect(compileToolRule('annotation:destructive').matches(entry('x'))).toBe(false);
    expect(compileToolRule('annotation:read_only').matches(entry('x', 'tb', [], { readOnly: true }))).toBe(true);
    expect(compileToolRule('annotation:open_world').matches(entry('x', 'tb', [], { openWorld: true }))).toBe(true);
    expect(compileToolRule('annotation:bogus').matches(entry('x', 'tb', [], { bogus: true }))).toBe(false);
    expect(toolRuleProblem('annotation:bogus')).toMatch(/^unknown annotation in rule "annotation:bogus"/);
    expect(toolRuleProblem('annotation:idempotent')).toBeNull();
    expect(toolRuleProblem('anything*')).toBeNull();
  });
});

describe('agents config and credentials', () => {
  it('accepts sha256, scrypt and env credentials and resolves each to its agent', () => {
    const problems: string[] = [];
    const agents = parseAgentsConfig(
      {
        a: { credential: { sha256: sha256Hex('token-a') }, tools: ['*'] },
        b: { credential: { scrypt: hashCredential('token-b') }, tools: ['*'] },
        c: { credential: { env: 'C_TOKEN' }, tools: ['*'], max_concurrency: 1 },
      },
      problems,
      { C_TOKEN: 'token-c' },
    );
    expect(problems).toEqual([]);
    const resolve = createAgentResolver(agents);
    expect(['token-a', 'token-b', 'token-c', 'token-x', ''].map((t) => resolve(t)?.id)).toEqual(['a', 'b', 'c', undefined, undefined]);
  });

  it('leaves out agents with problems and names each one', () => {
    const problems: string[] = [];
    const agents = parseAgentsConfig(
      {
        plain: { credential: 'hunter2', tools: ['*'] },
        noTools: { credential: { sha256: sha256Hex('x') } },
        noEnv: { credential: { env: 'MISSING' }, tools: ['*'] },
        zeroRate: { credential: { sha256: sha256Hex('z') }, tools: ['*'], rate_per_minute: 0 },
        badRule: { credential: { sha256: sha256Hex('r') }, tools: ['annotation:bogus'], hivemind: { client: 'kitchen' } },
      },
      problems,
      {},
    );
    expect(agents).toEqual([]);
    expect(problems).toEqual([
      'agents.plain.credential: expected exactly one of {"sha256": "<hex>"}, {"scrypt": "scrypt$…"}, {"env": "<VARIABLE>"} (plain-text credentials are not accepted)',
      'agents.noTools.tools: expected a list of rules (tool names, globs, "toolbox:<id>", "tag:<tag>", "annotation:<hint>"; ["*"] for every tool)',
      'agents.zeroRate.rate_per_minute: expected a positive integer, received 0',
      expect.stringMatching(/^agents\.badRule\.tools\[0\]: unknown annotation in rule "annotation:bogus" \(expected one of annotation:destructive, /),
      `agents.badRule.hivemind.client: expected "<client_id>::<client name>" as in HiveMind's database (the middle of the peer HiveMind stamps, "<useragent>::<client_id>::<client name>::<session_id>"), received "kitchen"`,
      // the schema read the section first; what only the environment shows comes after
      'agents.noEnv.credential.env: environment variable MISSING is not set or empty',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });
});

describe('createAuthorizer', () => {
  const agents = parseAgentsConfig({ kid: { credential: { sha256: sha256Hex('k') }, tools: ['tag:read-only'] } }, []);
  const authorize = createAuthorizer({ agents });
  it('decides by caller and names the refusing rule', () => {
    expect(authorize({ transport: 'http', agentId: 'kid' }, entry('a', 'tb', ['read-only']))).toEqual({ allowed: true });
    expect(authorize({ transport: 'http', agentId: 'kid' }, entry('b'))).toEqual({ allowed: false, rule: 'agent "kid": tool "b" matches none of its rules ["tag:read-only"]' });
    expect(authorize({ transport: 'mcp', agentId: 'ghost' }, entry('a'))).toEqual({ allowed: false, rule: 'agent "ghost": not declared in agents' });
    expect(authorize({ transport: 'in-process' }, entry('b', 'tb', [], { allowedAgents: ['pm'] }))).toEqual({ allowed: true });
    expect(authorize({ transport: 'ovos-bus' }, entry('b', 'tb', [], { allowedAgents: ['pm'] })).allowed).toBe(false);
    expect(authorize({ transport: 'ovos-bus' }, entry('b')).allowed).toBe(true);
    expect(createAuthorizer({ agents, busRequiresAgent: true })({ transport: 'ovos-bus' }, entry('b'))).toEqual({ allowed: false, rule: 'no agent: the bus message names no agent' });
  });

  it('busCaller reads the advisory agent from a context field', () => {
    expect(busCaller({ agent_id: 'kid' })).toEqual({ transport: 'ovos-bus', agentId: 'kid' });
    expect(busCaller({ persona: 'kid' }, { contextField: 'persona' })).toEqual({ transport: 'ovos-bus', agentId: 'kid' });
    expect(busCaller({ agent_id: 3 })).toEqual({ transport: 'ovos-bus' });
    expect(busCaller(undefined)).toEqual({ transport: 'ovos-bus' });
    expect(busCallerOf()({ context: { agent_id: 'kid' } })).toEqual({ transport: 'ovos-bus', agentId: 'kid' });
    expect(busCaller({ agent_id: 'kid' }, { contextField: false })).toEqual({ transport: 'ovos-bus' });
  });

  it('a HiveMind peer: the client key is its stable middle, <client_id>::<client name>', () => {
    expect(parseHiveMindPeer('HiveMind-voice-sat::7::kitchen::s-1')).toEqual({
      peer: 'HiveMind-voice-sat::7::kitchen::s-1',
      useragent: 'HiveMind-voice-sat',
      clientId: '7',
      name: 'kitchen',
      sessionId: 's-1',
      client: '7::kitchen',
    });
    expect(parseHiveMindPeer('ua::7::a::b::s')?.client).toBe('7::a::b');
    for (const odd of ['kitchen::s-1', 'ua::7::s', 'ua::::kitchen::s', 'ua::7::kitchen::', '']) expect(parseHiveMindPeer(odd)).toBeUndefined();
  });

  it('busCaller: a HiveMind message is a satellite caller acting as its declared agent; its own agent_id is not read', () => {
    const agents = parseAgentsConfig({ sat: { hivemind: { client: '7::kitchen' }, tools: ['*'] } }, []);
    const satelliteAgent = createSatelliteResolver(agents);
    const peer = 'ua::7::kitchen::s-1';
    expect(busCaller({ peer, source: peer, agent_id: 'boss' }, { satelliteAgent })).toEqual({ transport: 'ovos-bus', agentId: 'sat', satellite: { peer, client: '7::kitchen' } });
    expect(busCaller({ peer: 'ua::8::garage::s', agent_id: 'boss' }, { satelliteAgent })).toEqual({ transport: 'ovos-bus', satellite: { peer: 'ua::8::garage::s', client: '8::garage' } });
    expect(busCaller({ peer: { forged: true } }, { satelliteAgent })).toEqual({ transport: 'ovos-bus', satellite: { peer: '{"forged":true}' } });
    expect(busCaller({ peer: '' , agent_id: 'boss' }, { satelliteAgent })).toEqual({ transport: 'ovos-bus', agentId: 'boss' });
  });

  it('a satellite without an agent may do nothing: no tool, no reload, no event stream, whatever bus_reload says', () => {
    const satellite = { peer: 'ua::8::garage::s', client: '8::garage' };
    const access = createAccessControl({ agents, busReload: 'allow' });
    expect(access.canUse({ transport: 'ovos-bus', satellite }, entry('a', 'tb', ['read-only'])).allowed).toBe(false);
    expect(access.allows({ transport: 'ovos-bus', satellite }, 'reload').allowed).toBe(false);
    expect(access.allows({ transport: 'ovos-bus', satellite }, 'events').allowed).toBe(false);
    expect(access.allows({ transport: 'ovos-bus' }, 'reload').allowed).toBe(true);
  });
});

describe('the HTTP door: its exposure is an input to access', () => {
  const agents = parseAgentsConfig({ kid: { credential: { sha256: sha256Hex('kid-token-0123456789') }, tools: ['*'] } }, []);
  const agentFor = createAgentResolver(agents);
  const secret = 'operator-secret-0123456789';

  it('doorCaller: an agent credential is its agent, the secret the operator, no credential anonymous on a loopback door only', () => {
    for (const exposure of ['loopback', 'credential', 'open'] as const) {
      const door = { exposure, secret, agentFor };
      expect(doorCaller(door, 'kid-token-0123456789')).toEqual({ transport: 'http', agentId: 'kid' });
      expect(doorCaller(door, secret)).toEqual({ transport: 'http', operator: true });
      expect(doorCaller(door, 'wrong-credential')).toBeUndefined();
    }
    expect(doorCaller({ exposure: 'loopback', agentFor }, undefined)).toEqual({ transport: 'http', door: 'loopback' });
    expect(doorCaller({ exposure: 'credential', secret, agentFor }, undefined)).toBeUndefined();
    expect(doorCaller({ exposure: 'open', agentFor }, undefined)).toBeUndefined();
    expect(doorCaller({ exposure: 'loopback', agentFor }, secret)).toBeUndefined(); // no secret configured: no operator by guessing
  });

  it('operator actions: the anonymous caller of a loopback door may, of any other door (or of none) may not; the secret may', () => {
    const access = createAccessControl({ agents });
    for (const action of ['reload', 'events', 'metrics'] as const) {
      expect(access.allows({ transport: 'http', door: 'loopback' }, action)).toEqual({ allowed: true });
      expect(access.allows({ transport: 'mcp', door: 'loopback' }, action)).toEqual({ allowed: true });
      expect(access.allows({ transport: 'http', operator: true }, action)).toEqual({ allowed: true });
      expect(access.allows({ transport: 'mcp' }, action)).toEqual({ allowed: true }); // MCP over stdio: this machine's process
      for (const caller of [{ transport: 'http', door: 'credential' }, { transport: 'mcp', door: 'open' }, { transport: 'http' }] as const) {
        const decision = access.allows(caller, action);
        expect(decision.allowed).toBe(false);
        expect(!decision.allowed && decision.rule).toContain(`${action} is for the operator: a request without a credential on an HTTP door other machines can reach`);
      }
    }
  });

  it('actingFor: a refused claim is one Refusal (code forbidden, the rule as its text), besides the rule alone', () => {
    const refused = actingFor({ transport: 'http', agentId: 'kid' }, 'boss');
    const rule = 'agent_id "boss" does not match the credential, which acts for agent "kid"';
    expect(refused).toEqual({ refused: rule, refusal: { error: { error: rule, code: 'forbidden' }, rule } });
    expect(actingFor({ transport: 'http', door: 'loopback' }, 'boss')).toEqual({ transport: 'http', door: 'loopback' });
  });
});

describe('AgentLimiter', () => {
  it('limits concurrency and rate per rolling minute', () => {
    let now = 0;
    const agents = parseAgentsConfig({ a: { credential: { sha256: sha256Hex('a') }, tools: ['*'], max_concurrency: 1, rate_per_minute: 2 } }, []);
    const limiter = new AgentLimiter(agents, () => now);
    const first = limiter.acquire('a');
    expect(first.ok).toBe(true);
    expect(limiter.acquire('a')).toEqual({ ok: false, rule: 'agent "a": max_concurrency 1 reached' });
    if (first.ok) first.release();
    const second = limiter.acquire('a');
    if (second.ok) second.release();
    expect(limiter.acquire('a')).toEqual({ ok: false, rule: 'agent "a": rate_per_minute 2 reached', retryAfterMs: 60_000 });
    now = 60_001;
    expect(limiter.acquire('a').ok).toBe(true);
    expect(limiter.acquire(undefined).ok).toBe(true);
  });
});
