import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { FakeBus, Message, silentLogger, type JsonObject } from '@ovos-tools/core';
import { hashCredential, parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { CONFIRM_TOKEN_META_KEY, ERROR_CODE_META_KEY, LANG_META_KEY } from '@ovos-tools/provider/mcp';
import { startHttpServer, type HttpServerHandle } from '@ovos-tools/provider/http';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, type PluginRoot } from './helpers/pluginRoot.js';
import { cliPath, startServe } from './helpers/serve.js';

/**
 * Confirmation over the real transports (issue 28): a destructive tool under a confirming policy never runs without the
 * token of that very call; a replayed, expired, other-caller, other-session, changed-arguments or other-tool token is
 * refused with a clear error (and a fresh question); a confirmed call runs once. The OVOS bus (FakeBus), HTTP and MCP
 * over HTTP with and without elicitation, through one provider.
 */
const VOICE = 'voice-token-0123456789abcdef';
const VOICE2 = 'voice2-token-0123456789abcdef';
const TRUSTED = 'trusted-token-0123456789abcdef';

/** A toolbox whose tools count their runs in `globalThis.__confirmRuns` (inline hosts share the test's globals). */
function dangerToolbox(toolboxId: string): string {
  return `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
const count = (key) => { const runs = (globalThis.__confirmRuns ??= {}); runs[key] = (runs[key] ?? 0) + 1; return runs[key]; };
export class Toolbox extends ToolBox {
  static toolboxId = ${JSON.stringify(toolboxId)};
  discoverTools() {
    return [
      new AgentTool({ name: 'wipe_note', description: 'Delete a note.', destructive: true,
        argumentSchema: Type.Object({ name: Type.String(), force: Type.Optional(Type.Boolean()) }),
        outputSchema: Type.Object({ runs: Type.Integer(), context_keys: Type.Array(Type.String()) }),
        confirmation: { en: 'Delete the note {name}?', pt: 'Apagar a nota {name}?' },
        toolCall: (args, ctx) => ({ runs: count('wipe_note:' + args.name), context_keys: Object.keys(ctx.context) }) }),
      new AgentTool({ name: 'zap', description: 'Zap it.', destructive: true,
        argumentSchema: Type.Object({ target: Type.String() }), outputSchema: Type.Object({ runs: Type.Integer() }),
        toolCall: (args) => ({ runs: count('zap:' + args.target) }) }),
      new AgentTool({ name: 'peek', description: 'Look.', readOnly: true,
        argumentSchema: Type.Object({}), outputSchema: Type.Object({ runs: Type.Integer() }), toolCall: () => ({ runs: count('peek') }) }),
    ];
  }
}
`;
}

const runs = (key: string): number => ((globalThis as { __confirmRuns?: Record<string, number> }).__confirmRuns ?? {})[key] ?? 0;

let root: PluginRoot;
let provider: ToolsProvider;
let bus: FakeBus;
let http: HttpServerHandle;

async function startProvider(config: Record<string, unknown>) {
  const b = new FakeBus();
  const settings = parseProviderConfig({ isolation: 'inline', federation: false, bus_agent_field: 'agent_id', ...config });
  const p = new ToolsProvider({ bus: b, pluginRoots: [root.dir], settings, logger: silentLogger, brain: null });
  await p.start();
  return { bus: b, provider: p, settings };
}

beforeAll(async () => {
  root = makePluginRoot();
  root.addPackage('danger-tools', toolboxEntry('danger'), { 'index.js': dangerToolbox('danger') });
  const started = await startProvider({
    agents: {
      'agent:voice': { credential: { sha256: hashCredential(VOICE, 'sha256') }, tools: ['*'], voice: true },
      'agent:voice2': { credential: { sha256: hashCredential(VOICE2, 'sha256') }, tools: ['*'], voice: true },
      'agent:trusted': { credential: { sha256: hashCredential(TRUSTED, 'sha256') }, tools: ['*'], voice: true, confirm: 'never' },
    },
  });
  bus = started.bus;
  provider = started.provider;
  http = await startHttpServer(provider.service, { port: 0, agents: started.settings.access.agents, logger: silentLogger });
});

afterAll(async () => {
  await http?.close();
  await provider?.close();
  root?.cleanup();
});

beforeEach(() => {
  (globalThis as { __confirmRuns?: Record<string, number> }).__confirmRuns = {};
});

const ask = async (b: FakeBus, type: string, data: JsonObject, context: JsonObject = {}): Promise<JsonObject> =>
  (await b.waitForResponse(new Message(type, data, context), undefined, 5000))!.data;
const asVoice = (extra: JsonObject = {}): JsonObject => ({ agent_id: 'agent:voice', session: { session_id: 'kitchen-1' }, ...extra });

describe('the OVOS bus', () => {
  test('a destructive call of a voice persona is not run without the token; the confirmed call runs once; a replay is refused', async () => {
    const first = await ask(bus, 'ovos.tools.invoke', { name: 'wipe_note', args: { name: 'groceries' } }, asVoice({ lang: 'pt-BR' }));
    expect(first).toMatchObject({ name: 'wipe_note', code: 'confirmation_required', prompt: 'Apagar a nota groceries?', prompt_lang: 'pt', toolbox_id: 'danger' });
    expect(first.confirm_token).toMatch(/^oct1\./);
    expect(first.error).toContain("Tool 'wipe_note' was not run");
    expect(first.error).not.toContain(first.confirm_token as string);
    expect(runs('wipe_note:groceries')).toBe(0);

    const confirmed = await ask(bus, 'ovos.tools.invoke', { name: 'wipe_note', args: { name: 'groceries' }, confirm_token: first.confirm_token }, asVoice());
    expect(confirmed).toMatchObject({ name: 'wipe_note', result: { runs: 1 } });
    expect(runs('wipe_note:groceries')).toBe(1);

    const replay = await ask(bus, 'ovos.tools.invoke', { name: 'wipe_note', args: { name: 'groceries' }, confirm_token: first.confirm_token }, asVoice());
    expect(replay).toMatchObject({ code: 'confirmation_required', error: expect.stringMatching(/^PermissionError: The confirm_token was already used: a confirmation allows one call\. /) });
    expect(replay.confirm_token).not.toBe(first.confirm_token);
    expect(runs('wipe_note:groceries')).toBe(1);
  });

  test('a token is refused for changed arguments, another caller, another session and another tool; key order does not matter', async () => {
    const { confirm_token: token } = await ask(bus, 'ovos.tools.invoke', { name: 'wipe_note', args: { name: 'a', force: true } }, asVoice());
    const attempt = (args: JsonObject, context: JsonObject, name = 'wipe_note') => ask(bus, 'ovos.tools.invoke', { name, args, confirm_token: token }, context);
    expect((await attempt({ name: 'b', force: true }, asVoice())).error).toMatch(/^PermissionError: The arguments differ from the ones the user confirmed/);
    expect((await attempt({ name: 'a' }, asVoice())).error).toMatch(/^PermissionError: The arguments differ/);
    expect((await attempt({ name: 'a', force: true }, asVoice({ agent_id: 'agent:voice2' }))).error).toMatch(/^PermissionError: The confirm_token was issued to another caller/);
    expect((await attempt({ name: 'a', force: true }, asVoice({ session: { session_id: 'bedroom-2' } }))).error).toMatch(/^PermissionError: The confirm_token was issued in another session/);
    expect((await attempt({ target: 'x' }, asVoice(), 'zap')).error).toMatch(/^PermissionError: The confirm_token was issued for tool 'wipe_note' of ToolBox 'danger', not this one/);
    expect(runs('wipe_note:a') + runs('wipe_note:b') + runs('zap:x')).toBe(0);
    // every refusal above left the token unused: the exact call, keys in another order, still runs once
    expect(await attempt({ force: true, name: 'a' }, asVoice())).toMatchObject({ result: { runs: 1 } });
  });

  test('bad input: a malformed token is invalid_request; a forged one asks again; a template placeholder typo never loads', async () => {
    for (const bad of ['nope', 42, { t: 1 }, 'oct1.x.y', `oct1.${'A'.repeat(2000)}.${'B'.repeat(43)}`]) {
      const answer = await ask(bus, 'ovos.tools.invoke', { name: 'wipe_note', args: { name: 'a' }, confirm_token: bad as never }, asVoice());
      expect(answer).toMatchObject({ code: 'invalid_request', error: expect.stringMatching(/^ValueError: Invalid field 'confirm_token': expected /) });
      expect(answer).not.toHaveProperty('confirm_token');
    }
    // a malformed token is refused even where no confirmation is needed, so a typo never goes unnoticed
    expect(await ask(bus, 'ovos.tools.invoke', { name: 'peek', args: {}, confirm_token: 'nope' }, asVoice())).toMatchObject({ code: 'invalid_request' });
    const { confirm_token: token } = await ask(bus, 'ovos.tools.invoke', { name: 'wipe_note', args: { name: 'a' } }, asVoice());
    const [prefix, payload] = (token as string).split('.');
    const forged = `${prefix}.${payload}.${'A'.repeat(43)}`;
    expect((await ask(bus, 'ovos.tools.invoke', { name: 'wipe_note', args: { name: 'a' }, confirm_token: forged }, asVoice())).error).toMatch(
      /^PermissionError: The confirm_token was not issued by this provider/,
    );
    expect(runs('wipe_note:a')).toBe(0);

    const typo = makePluginRoot();
    try {
      typo.addPackage('typo-tools', toolboxEntry('typo'), {
        'index.js': `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class Toolbox extends ToolBox {
  static toolboxId = 'typo';
  discoverTools() { return [new AgentTool({ name: 'oops', description: 'x', argumentSchema: Type.Object({ path: Type.String() }), outputSchema: Type.Object({}),
    confirmation: 'Delete {pth}?', toolCall: () => ({}) })]; }
}`,
      });
      const p = new ToolsProvider({ bus: null, pluginRoots: [typo.dir], settings: parseProviderConfig({ isolation: 'inline', federation: false }), logger: silentLogger, brain: null });
      const report = await p.start();
      await p.close();
      expect(report.problems[0]?.error).toContain("tool 'oops': confirmation: unknown placeholder {pth}: the arguments are path");
    } finally {
      typo.cleanup();
    }
  });

  test('who must confirm: a trusted agent (confirm: "never") and a stock bus client are not asked; the per-toolbox topic asks too', async () => {
    expect(await ask(bus, 'ovos.tools.invoke', { name: 'wipe_note', args: { name: 't' } }, { agent_id: 'agent:trusted' })).toMatchObject({ result: { runs: 1 } });
    expect(await ask(bus, 'ovos.tools.invoke', { name: 'wipe_note', args: { name: 't' } }, {})).toMatchObject({ result: { runs: 2 } });
    expect(await ask(bus, 'ovos.tools.invoke', { name: 'peek', args: {} }, asVoice())).toMatchObject({ result: { runs: 1 } });
    const call = await ask(bus, 'ovos.persona.tools.danger.call', { name: 'zap', kwargs: { target: 'moon' } }, asVoice());
    expect(call).toMatchObject({ toolbox_id: 'danger', code: 'confirmation_required', prompt: 'Allow zap with target: moon?', prompt_lang: 'en' });
    const done = await ask(bus, 'ovos.persona.tools.danger.call', { name: 'zap', kwargs: { target: 'moon' }, confirm_token: call.confirm_token }, asVoice());
    expect(done).toEqual({ result: { runs: 1 }, toolbox_id: 'danger' });
  });

  test('an expired token is refused and a new question asked (ttl_seconds)', async () => {
    const short = await startProvider({ agents: { 'agent:voice': { credential: { sha256: hashCredential(VOICE, 'sha256') }, tools: ['*'], voice: true } }, confirmation: { ttl_seconds: 0.2 } });
    try {
      const first = await ask(short.bus, 'ovos.tools.invoke', { name: 'wipe_note', args: { name: 'old' } }, asVoice());
      await new Promise((r) => setTimeout(r, 400));
      const late = await ask(short.bus, 'ovos.tools.invoke', { name: 'wipe_note', args: { name: 'old' }, confirm_token: first.confirm_token }, asVoice());
      expect(late).toMatchObject({ code: 'confirmation_required', error: expect.stringMatching(/^PermissionError: The confirm_token expired 1 s ago \(a confirmation is accepted for 0.2 s\)/) });
      expect(runs('wipe_note:old')).toBe(0);
    } finally {
      await short.provider.close();
    }
  });

  test('voice_bus: a bus caller naming no agent is a voice persona (opt-in); confirmation.tools applies to every caller', async () => {
    const opted = await startProvider({ confirmation: { voice_bus: true, tools: ['peek'] } });
    try {
      expect(await ask(opted.bus, 'ovos.tools.invoke', { name: 'wipe_note', args: { name: 'x' } })).toMatchObject({ code: 'confirmation_required', prompt: 'Delete the note x?' });
      expect(await ask(opted.bus, 'ovos.tools.invoke', { name: 'peek', args: {} })).toMatchObject({ code: 'confirmation_required', prompt: 'Allow peek?' });
      expect(runs('wipe_note:x') + runs('peek')).toBe(0);
      const out = await opted.provider.service.invoke({ name: 'peek', args: {} });
      expect(out).toMatchObject({ ok: false, error: { code: 'confirmation_required' } });
      expect(await opted.provider.service.invoke({ name: 'wipe_note', args: { name: 'x' } })).toMatchObject({ ok: true });
    } finally {
      await opted.provider.close();
    }
  });
});

describe('HTTP', () => {
  const call = (token: string, body: JsonObject, headers: Record<string, string> = {}) =>
    fetch(`${http.url}/internal/tools/call`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(
      async (r) => ({ status: r.status, body: (await r.json()) as JsonObject }),
    );

  test('the same envelope with ok:false, the token and the prompt (Accept-Language); confirmed runs once; the tool never sees the token', async () => {
    const first = await call(VOICE, { tool_id: 'wipe_note', args: { name: 'h' } }, { 'accept-language': 'de;q=0.5, pt-PT, en;q=0.8' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: false, code: 'confirmation_required', tool_id: 'wipe_note', prompt: 'Apagar a nota h?', prompt_lang: 'pt' });
    expect(runs('wipe_note:h')).toBe(0);
    const done = await call(VOICE, { tool_id: 'wipe_note', args: { name: 'h' }, confirm_token: first.body.confirm_token, note: 'kept' });
    expect(done.body).toMatchObject({ ok: true, result: { runs: 1 } });
    const keys = (done.body.result as { context_keys: string[] }).context_keys;
    expect(keys).toContain('note');
    expect(keys).not.toContain('confirm_token');
    const replay = await call(VOICE, { tool_id: 'wipe_note', args: { name: 'h' }, confirm_token: first.body.confirm_token });
    expect(replay.body).toMatchObject({ ok: false, code: 'confirmation_required', error: expect.stringContaining('already used') });
    expect(runs('wipe_note:h')).toBe(1);
  });

  test('GET /internal/tools/{id} and ovos.tools.get show the template', async () => {
    const res = await fetch(`${http.url}/internal/tools/wipe_note`, { headers: { authorization: `Bearer ${VOICE}` } });
    expect((await res.json()).confirmation).toEqual({ en: 'Delete the note {name}?', pt: 'Apagar a nota {name}?' });
    expect((await ask(bus, 'ovos.tools.get', { name: 'wipe_note' })).confirmation).toEqual({ en: 'Delete the note {name}?', pt: 'Apagar a nota {name}?' });
  });

  test('changed arguments, another agent and a malformed token are refused; the session comes from context.session.session_id', async () => {
    const { body } = await call(VOICE, { tool_id: 'wipe_note', args: { name: 'h2' }, context: { session: { session_id: 's1' } } });
    const token = body.confirm_token;
    expect((await call(VOICE, { tool_id: 'wipe_note', args: { name: 'h3' }, confirm_token: token, context: { session: { session_id: 's1' } } })).body.error).toContain('The arguments differ');
    expect((await call(VOICE2, { tool_id: 'wipe_note', args: { name: 'h2' }, confirm_token: token, context: { session: { session_id: 's1' } } })).body.error).toContain('another caller');
    expect((await call(VOICE, { tool_id: 'wipe_note', args: { name: 'h2' }, confirm_token: token })).body.error).toContain('another session');
    expect((await call(VOICE, { tool_id: 'wipe_note', args: { name: 'h2' }, confirm_token: ['x'] })).body).toMatchObject({ ok: false, code: 'invalid_request' });
    expect(runs('wipe_note:h2') + runs('wipe_note:h3')).toBe(0);
    expect((await call(VOICE, { tool_id: 'wipe_note', args: { name: 'h2' }, confirm_token: token, context: { session: { session_id: 's1' } } })).body).toMatchObject({ ok: true });
  });
});

describe('MCP over HTTP', () => {
  async function mcp(elicit?: (message: string) => { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }, headers: Record<string, string> = {}) {
    const c = new Client({ name: 'confirm-test', version: '1' }, { capabilities: elicit ? { elicitation: { form: {} } } : {} });
    const asked: string[] = [];
    if (elicit) {
      c.setRequestHandler('elicitation/create', async (request) => {
        const message = (request.params as { message: string }).message;
        asked.push(message);
        return elicit(message) as never;
      });
    }
    await c.connect(new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${VOICE}`, ...headers } } }));
    return { c, asked };
  }
  const meta = (r: { _meta?: unknown }) => (r._meta ?? {}) as Record<string, unknown>;

  test('without elicitation: an isError result with the token and prompt in _meta; calling again with it runs once', async () => {
    const { c } = await mcp();
    try {
      const first = await c.callTool({ name: 'wipe_note', arguments: { name: 'm' }, _meta: { [LANG_META_KEY]: ['pt'] } });
      expect(first.isError).toBe(true);
      expect(meta(first)).toMatchObject({ [ERROR_CODE_META_KEY]: 'confirmation_required', 'org.openvoiceos/confirm_prompt': 'Apagar a nota m?', 'org.openvoiceos/confirm_prompt_lang': 'pt' });
      const token = meta(first)[CONFIRM_TOKEN_META_KEY] as string;
      expect(JSON.stringify(first.content)).not.toContain(token);
      expect(runs('wipe_note:m')).toBe(0);
      const done = await c.callTool({ name: 'wipe_note', arguments: { name: 'm' }, _meta: { [CONFIRM_TOKEN_META_KEY]: token } });
      expect(done.structuredContent).toMatchObject({ runs: 1 });
      const replay = await c.callTool({ name: 'wipe_note', arguments: { name: 'm' }, _meta: { [CONFIRM_TOKEN_META_KEY]: token } });
      expect(meta(replay)[ERROR_CODE_META_KEY]).toBe('confirmation_required');
      const changed = await c.callTool({ name: 'wipe_note', arguments: { name: 'n' }, _meta: { [CONFIRM_TOKEN_META_KEY]: token } });
      expect((changed.content as Array<{ text: string }>)[0]!.text).toMatch(/^PermissionError: The arguments differ from the ones the user confirmed/);
      expect(runs('wipe_note:m')).toBe(1);
      expect(runs('wipe_note:n')).toBe(0);
    } finally {
      await c.close();
    }
  });

  test('the prompt language: _meta["org.openvoiceos/lang"], else the HTTP Accept-Language of the MCP request', async () => {
    const { c } = await mcp(undefined, { 'accept-language': 'pt-BR,en;q=0.5' });
    try {
      const viaHeader = await c.callTool({ name: 'wipe_note', arguments: { name: 'l' } });
      expect(meta(viaHeader)['org.openvoiceos/confirm_prompt']).toBe('Apagar a nota l?');
      const viaMeta = await c.callTool({ name: 'wipe_note', arguments: { name: 'l' }, _meta: { [LANG_META_KEY]: 'en' } });
      expect(meta(viaMeta)['org.openvoiceos/confirm_prompt']).toBe('Delete the note l?');
    } finally {
      await c.close();
    }
  });

  test('with elicitation: the user is asked the prompt; yes runs the call once, no (or cancel, or an unticked box) does not', async () => {
    let answer: { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> } = { action: 'accept', content: { confirm: true } };
    const { c, asked } = await mcp(() => answer);
    try {
      const yes = await c.callTool({ name: 'wipe_note', arguments: { name: 'e' } });
      expect(yes.structuredContent).toMatchObject({ runs: 1 });
      expect(asked).toEqual(['Delete the note e?']);
      expect(runs('wipe_note:e')).toBe(1);
      for (const [a, shown] of [
        [{ action: 'decline' }, 'decline'],
        [{ action: 'cancel' }, 'cancel'],
        [{ action: 'accept', content: { confirm: false } }, 'accept without confirm: true'],
      ] as const) {
        answer = a;
        const no = await c.callTool({ name: 'wipe_note', arguments: { name: 'e' } });
        expect(no.isError).toBe(true);
        expect(meta(no)[ERROR_CODE_META_KEY]).toBe('confirmation_declined');
        expect((no.content as Array<{ text: string }>)[0]!.text).toBe(`PermissionError: the user did not confirm tool 'wipe_note' (answer: ${shown}); it was not run. Do not call it again unless the user asks for it`);
      }
      expect(runs('wipe_note:e')).toBe(1);
      expect(asked).toHaveLength(4);
      // a tool that needs no confirmation asks nothing
      answer = { action: 'decline' };
      expect((await c.callTool({ name: 'peek', arguments: {} })).structuredContent).toMatchObject({ runs: 1 });
      expect(asked).toHaveLength(4);
    } finally {
      await c.close();
    }
  });
});

describe('descriptors cross the host boundary', () => {
  test('a worker and a process toolbox keep their confirmation template', async () => {
    const iso = makePluginRoot();
    iso.addPackage('danger-w', toolboxEntry('danger_w'), { 'index.js': dangerToolbox('danger_w') });
    iso.addPackage('danger-p', toolboxEntry('danger_p'), { 'index.js': dangerToolbox('danger_p') });
    const settings = parseProviderConfig({
      isolation: 'worker',
      federation: false,
      toolbox_hosts: { danger_p: { isolation: 'process' } },
      confirmation: { tools: ['annotation:destructive'] },
      duplicate_tool_names: 'precedence',
    });
    const p = new ToolsProvider({ bus: null, pluginRoots: [iso.dir], settings, logger: silentLogger, brain: null });
    try {
      await p.start();
      expect(p.service.toolboxes().map((t) => [t.toolboxId, t.kind])).toEqual(expect.arrayContaining([['danger_w', 'worker'], ['danger_p', 'process']]));
      for (const toolboxId of ['danger_w', 'danger_p']) {
        const out = await p.service.invoke({ name: 'wipe_note', toolboxId, args: { name: 'w' }, context: { lang: 'pt' } });
        expect(out).toMatchObject({ ok: false, error: { code: 'confirmation_required' }, confirmation: { prompt: 'Apagar a nota w?', lang: 'pt' } });
        const done = await p.service.invoke({ name: 'wipe_note', toolboxId, args: { name: 'w' }, confirmToken: !out.ok ? out.confirmation!.token : undefined });
        expect(done).toMatchObject({ ok: true, result: { runs: 1 }, toolboxId });
      }
    } finally {
      await p.close();
      iso.cleanup();
    }
  });
});

describe('the CLI', () => {
  test('ovos-tools invoke prints the question and the command that confirms it; --confirm-token runs the call once', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ovos-confirm-cli-'));
    const config = path.join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ federation: false, confirmation: { voice_bus: true } }));
    const serve = await startServe(['--plugins', root.dir, '--config', config]);
    try {
      const run = (...args: string[]) => spawnSync(process.execPath, [cliPath, ...args, '--bus-url', serve.url], { encoding: 'utf8', timeout: 20_000 });
      const asked = run('invoke', 'wipe_note', '{"name": "cli"}');
      expect(asked.status).toBe(1);
      expect(asked.stdout).toBe('');
      const lines = asked.stderr.trim().split('\n');
      expect(lines[0]).toMatch(/Delete the note cli\?$/);
      expect(lines[1]).toBe("The provider wants this call confirmed; it was not run. If yes, run within the token's lifetime:");
      const token = /--confirm-token (oct1\.\S+)/.exec(lines[2]!)![1]!;
      expect(lines[2]).toBe(`  ovos-tools invoke wipe_note '{"name": "cli"}' --confirm-token ${token}`);
      const done = run('invoke', 'wipe_note', '{"name": "cli"}', '--confirm-token', token);
      expect(done.status).toBe(0);
      expect(JSON.parse(done.stdout)).toMatchObject({ runs: 1 });
      // a replayed token: why it was refused, not the question again
      const again = run('invoke', 'wipe_note', '{"name": "cli"}', '--confirm-token', token);
      expect(again.status).toBe(1);
      expect(again.stderr).toBe(
        'ovos-tools: the --confirm-token was not accepted: The confirm_token was already used: a confirmation allows one call. ' +
          'The call was not run; it needs a new confirmation: run the command again without --confirm-token to be asked\n',
      );
    } finally {
      await serve.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
