import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeProvider } from './helpers/fakeProvider.js';
import { makePluginRoot, providerDir, type PluginRoot } from './helpers/pluginRoot.js';

// The provider builds the bundled OpenAI-compatible brain from its `brain` config and hands it to every
// toolbox; the SKILL.md toolbox uses it. A local OpenAI-compatible server checks each request it receives.
let root: PluginRoot;
let skillsDir: string;
let server: Server;
let baseUrl: string;
const requests: Array<{ url: string; auth: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }> = [];

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (d) => (text += d));
    req.on('end', () => resolve(text));
  });

beforeAll(async () => {
  root = makePluginRoot();
  mkdirSync(path.join(root.dir, 'node_modules', '@ovos-tools'), { recursive: true });
  symlinkSync(realpathSync(path.resolve(providerDir, '..', 'toolbox-skill-md')), path.join(root.dir, 'node_modules', '@ovos-tools', 'toolbox-skill-md'));
  root.recordInstall('@ovos-tools/toolbox-skill-md');
  skillsDir = mkdtempSync(path.join(os.tmpdir(), 'ovos-skills-'));
  mkdirSync(path.join(skillsDir, 'haiku'));
  writeFileSync(path.join(skillsDir, 'haiku', 'SKILL.md'), '---\nname: haiku-writer\ndescription: Writes a haiku about the task.\n---\n\nYou write one haiku. Nothing else.\n');
  server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req));
    requests.push({ url: req.url ?? '', auth: req.headers.authorization, body });
    const user = body.messages.find((m: { role: string }) => m.role === 'user')?.content ?? '';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: `haiku for: ${user}` }, finish_reason: 'stop' }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  root.cleanup();
  rmSync(skillsDir, { recursive: true, force: true });
});

const skillConfig = () => ({ extra_skill_md_paths: [path.join(skillsDir, 'haiku', 'SKILL.md')], search_roots: [], user_skills_dir: path.join(skillsDir, 'none') });

describe('brain wiring', () => {
  test('a configured brain reaches the SKILL.md toolbox; the request carries the skill body and the task', async () => {
    const { provider, ask } = await startFakeProvider(
      [root.dir],
      { brain: { base_url: baseUrl, model: 'tiny-model', api_key: 'k-123' }, 'ovos-skill-md-toolbox': skillConfig() },
      { brainFromConfig: true },
    );
    try {
      const list = await ask('ovos.tools.list');
      expect(list.tools).toContainEqual(expect.objectContaining({ name: 'haiku_writer', description: 'Writes a haiku about the task.', toolbox_id: 'ovos-skill-md-toolbox' }));
      const reply = await ask('ovos.tools.invoke', { name: 'haiku_writer', args: { task: 'autumn rain', context: 'in Lisbon' } });
      expect(reply).toMatchObject({ name: 'haiku_writer', result: { result: 'haiku for: autumn rain\n\nContext: in Lisbon', skill_used: 'haiku-writer' } });
      const last = requests.at(-1)!;
      expect(last.url).toBe('/v1/chat/completions');
      expect(last.auth).toBe('Bearer k-123');
      expect(last.body.model).toBe('tiny-model');
      expect(last.body.messages).toEqual([
        { role: 'system', content: 'You write one haiku. Nothing else.' },
        { role: 'user', content: 'autumn rain\n\nContext: in Lisbon' },
      ]);
    } finally {
      await provider.close();
    }
  });

  test('without a brain the tool list says why and invoking returns the OVOS error', async () => {
    const { provider, ask } = await startFakeProvider([root.dir], { 'ovos-skill-md-toolbox': skillConfig() });
    try {
      const spec = await ask('ovos.tools.get', { name: 'haiku_writer' });
      expect(spec.description).toMatch(/^Writes a haiku about the task\. \(unavailable/);
      const reply = await ask('ovos.tools.invoke', { name: 'haiku_writer', args: { task: 'x' } });
      expect(reply.error).toMatch(/^RuntimeError: Tool execution failed for 'haiku_writer' in ToolBox 'ovos-skill-md-toolbox'/);
      expect(reply.error).toContain('SkillMDToolBox: brain ChatEngine is not configured. Call set_brain() before invoking tools.');
    } finally {
      await provider.close();
    }
  });

  test('OpenAIChatEngine.warmUp loads the SDK ahead of the first chat, sends nothing, and never rejects', async () => {
    const { OpenAIChatEngine } = await import('../src/brain/OpenAIChatEngine.js');
    const before = requests.length;
    const engine = new OpenAIChatEngine({ baseUrl, model: 'm' });
    await engine.warmUp();
    expect(requests.length).toBe(before);
    expect(await engine.continueChat([{ role: 'user', content: 'warm' }])).toEqual({ content: 'haiku for: warm' });
    await expect(new OpenAIChatEngine({ baseUrl: 'not a url', model: 'm' }).warmUp()).resolves.toBeUndefined();
  });
});

