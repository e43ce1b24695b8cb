import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeBus, Message, type ChatEngine } from '@ovos-tools/core';
import { SkillMDToolBox } from '@ovos-tools/toolbox-skill-md';
import { NO_BRAIN_MESSAGE, UNAVAILABLE_SUFFIX } from '../src/tools/skillTool.js';
import { cleanup, isolatedToolBox, RecordingBrain, recordingLogger, skillMd, tempDir, write } from './fixtures.js';

afterEach(cleanup);

/** An extra-paths directory holding `<slug-ish dir>/SKILL.md` for each given text. */
function skillsDir(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [sub, text] of Object.entries(files)) write(path.join(dir, sub, 'SKILL.md'), text);
  return dir;
}

describe('invalid files', () => {
  it('are logged with path and reason, listed in problems, and skipped; valid files still load', () => {
    const dir = skillsDir({
      a_good: skillMd('good', 'A valid skill.'),
      b_nofm: '# No frontmatter here\n',
      c_yaml: '---\nname: bad-yaml\ndescription: [oops\n---\nbody\n',
      d_noname: '---\ndescription: no name\n---\nbody\n',
      e_nodesc: '---\nname: no-desc\n---\nbody\n',
      f_numname: '---\nname: 42\ndescription: numeric name\n---\nbody\n',
      g_blank: '\n---\nname: blank-first\ndescription: leading blank line\n---\nbody\n',
    });
    const logger = recordingLogger();
    const tb = isolatedToolBox({ extra_skill_md_paths: [dir] }, { logger });
    expect([...tb.tools.keys()]).toEqual(['good']);
    const file = (sub: string) => path.join(dir, sub, 'SKILL.md');
    expect(tb.problems.map((p) => [p.path, p.source])).toEqual(
      ['b_nofm', 'c_yaml', 'd_noname', 'e_nodesc', 'f_numname', 'g_blank'].map((s) => [file(s), 'extra']),
    );
    expect(tb.problems.map((p) => p.reason)).toEqual([
      expect.stringMatching(/^no YAML frontmatter/),
      expect.stringMatching(/^invalid YAML frontmatter: .*line 3/),
      'invalid frontmatter: name: required property is missing',
      'invalid frontmatter: description: required property is missing',
      expect.stringMatching(/^invalid frontmatter: name: .*string/),
      expect.stringMatching(/^no YAML frontmatter: .*blank lines before it/),
    ]);
    expect(logger.warnings).toHaveLength(6);
    expect(logger.warnings[0]).toBe(`SkillMDToolBox: skipped ${file('b_nofm')}: ${tb.problems[0]!.reason}`);

    // Discovery runs on every bus discover request: a persisting problem is logged once, not every time.
    tb.refreshTools();
    expect(logger.warnings).toHaveLength(6);
  });
});

describe('tool names', () => {
  it('uses the OVOS slug rule and skips names whose slug is empty or longer than 64 characters', () => {
    const long = 'x'.repeat(65);
    const dir = skillsDir({
      a: skillMd('web-search', 'Search the web.'),
      b: skillMd('My Cool Tool', 'Cool.'),
      c: skillMd('"!!!"', 'Punctuation only.'),
      d: skillMd(long, 'Too long.'),
      e: skillMd('y'.repeat(64), 'Exactly 64.'),
    });
    const tb = isolatedToolBox({ extra_skill_md_paths: [dir] });
    expect([...tb.tools.keys()]).toEqual(['web_search', 'my_cool_tool', 'y'.repeat(64)]);
    expect(tb.problems.map((p) => p.reason)).toEqual([
      'the tool name made from name "!!!" is empty; use a name with letters or digits and at most 64 characters',
      expect.stringMatching(/is 65 characters long \(at most 64\)/),
    ]);
  });

  it('on a slug collision the later file wins (OVOS), with a warning and a problem naming both files', () => {
    const dir = skillsDir({
      first: skillMd('web-search', 'First description.', 'First body.'),
      second: skillMd('Web Search', 'Second description.', 'Second body.'),
    });
    const logger = recordingLogger();
    const tb = isolatedToolBox({ extra_skill_md_paths: [dir] }, { logger });
    const first = path.join(dir, 'first', 'SKILL.md');
    const second = path.join(dir, 'second', 'SKILL.md');
    expect([...tb.tools.keys()]).toEqual(['web_search']);
    expect(tb.getTool('web_search')?.description).toBe('Second description.' + UNAVAILABLE_SUFFIX);
    expect(tb.skills.map((s) => s.path)).toEqual([second]);
    expect(tb.problems).toHaveLength(1);
    expect(tb.problems[0]).toMatchObject({ path: second, source: 'extra' });
    expect(tb.problems[0]!.reason).toContain(`tool name 'web_search' collision: ${second} (name "Web Search") replaces ${first} (name "web-search")`);
    expect(logger.warnings).toEqual([expect.stringContaining(first)]);
    expect(logger.warnings[0]).toContain(second);
  });
});

describe('parse cache', () => {
  it('parses unchanged files once and re-parses touched or new ones', () => {
    const dir = skillsDir({ a: skillMd('alpha', 'Alpha.'), b: skillMd('beta', 'Beta.'), c: 'no frontmatter' });
    const tb = isolatedToolBox({ extra_skill_md_paths: [dir] });
    expect(tb.tools.size).toBe(2);
    expect(tb.parseCount).toBe(3);

    tb.refreshTools();
    tb.refreshTools();
    expect(tb.parseCount).toBe(3);
    expect(tb.problems).toHaveLength(1); // the invalid file stays reported from the cache

    const a = path.join(dir, 'a', 'SKILL.md');
    fs.writeFileSync(a, skillMd('alpha', 'Alpha, revised.'));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(a, later, later);
    tb.refreshTools();
    expect(tb.parseCount).toBe(4);
    expect(tb.getTool('alpha')?.description).toBe('Alpha, revised.' + UNAVAILABLE_SUFFIX);

    write(path.join(dir, 'd', 'SKILL.md'), skillMd('delta', 'Delta.'));
    tb.refreshTools();
    expect(tb.parseCount).toBe(5);
    expect([...tb.tools.keys()]).toEqual(['alpha', 'beta', 'delta']);

    tb.invalidateCache();
    tb.refreshTools();
    expect(tb.parseCount).toBe(9);
  });
});

describe('invocation', () => {
  function oneSkill(brain: ChatEngine | null): SkillMDToolBox {
    const dir = skillsDir({ s: skillMd('web-search', 'Search the web.', '# Web search\n\nYou search the web carefully.') });
    return isolatedToolBox({ extra_skill_md_paths: [dir] }, { brain });
  }

  it('sends the skill body as system prompt and the task as user content', async () => {
    const brain = new RecordingBrain();
    const tb = oneSkill(brain);
    expect(tb.getTool('web_search')?.description).toBe('Search the web.');
    const out = await tb.callTool('web_search', { task: 'find the OVOS docs' });
    expect(out).toEqual({ result: 'answer to: find the OVOS docs', skill_used: 'web-search' });
    expect(brain.calls).toHaveLength(1);
    expect(brain.calls[0]!.messages).toEqual([
      { role: 'system', content: '# Web search\n\nYou search the web carefully.' },
      { role: 'user', content: 'find the OVOS docs' },
    ]);
    expect(brain.calls[0]!.options?.signal).toBeInstanceOf(AbortSignal);
  });

  it('appends the context as "\\n\\nContext: ..." and treats null or "" as no context', async () => {
    const brain = new RecordingBrain();
    const tb = oneSkill(brain);
    await tb.callTool('web_search', { task: 'find it', context: 'only .org sites' });
    await tb.callTool('web_search', { task: 'plain', context: null });
    await tb.callTool('web_search', { task: 'empty', context: '' });
    expect(brain.calls.map((c) => c.messages[1])).toEqual([
      { role: 'user', content: 'find it\n\nContext: only .org sites' },
      { role: 'user', content: 'plain' },
      { role: 'user', content: 'empty' },
    ]);
  });

  it('exposes the OVOS argument and output schemas', () => {
    const json = oneSkill(null).toolJsonList[0]!;
    expect(json.argument_schema).toMatchObject({ title: 'SkillCallArgs', required: ['task'] });
    expect(Object.keys((json.argument_schema as { properties: object }).properties)).toEqual(['task', 'context']);
    expect(json.output_schema).toMatchObject({ title: 'SkillCallOutput', required: ['result', 'skill_used'] });
  });

  it('passes the call signal through, so a timeout aborts the model request', async () => {
    let seen: AbortSignal | undefined;
    const slow: ChatEngine = {
      continueChat: (_m, o) =>
        new Promise((_resolve, reject) => {
          seen = o?.signal;
          o?.signal?.addEventListener('abort', () => reject(new Error('aborted by signal')));
        }),
    };
    const tb = oneSkill(slow);
    await expect(tb.callTool('web_search', { task: 't' }, { timeoutMs: 50 })).rejects.toMatchObject({ code: 'timeout' });
    expect(seen?.aborted).toBe(true);
  });

  it('reports a failing chat engine as an execution failure naming the cause', async () => {
    const tb = oneSkill({ continueChat: async () => Promise.reject(new Error('HTTP 500 from model server')) });
    await expect(tb.callTool('web_search', { task: 't' })).rejects.toMatchObject({
      code: 'execution_failed',
      message: expect.stringContaining('HTTP 500 from model server'),
    });
  });
});

describe('brain wiring', () => {
  it('without a brain, descriptions say why and a bus call answers the OVOS RuntimeError', async () => {
    const dir = skillsDir({ s: skillMd('web-search', 'Search the web.') });
    const bus = new FakeBus();
    const tb = new SkillMDToolBox({
      config: { search_roots: [], user_skills_dir: tempDir(), extra_skill_md_paths: [dir] },
      bus,
      logger: recordingLogger(),
    });
    const discovered = await bus.waitForResponse(new Message('ovos.persona.tools.discover'), 'ovos.persona.tools.discover.response');
    expect(discovered?.data).toMatchObject({
      toolbox_id: 'ovos-skill-md-toolbox',
      tools: [{ name: 'web_search', description: "Search the web. (unavailable: no chat engine configured — set the provider's brain config)" }],
    });

    const reply = await bus.waitForResponse(
      new Message('ovos.persona.tools.ovos-skill-md-toolbox.call', { name: 'web_search', kwargs: { task: 'hi' } }),
    );
    expect(reply?.data.toolbox_id).toBe('ovos-skill-md-toolbox');
    expect(reply?.data.code).toBe('execution_failed');
    expect(reply?.data.error).toBe(
      `RuntimeError: Tool execution failed for 'web_search' in ToolBox 'ovos-skill-md-toolbox': Error: ${NO_BRAIN_MESSAGE}`,
    );
    expect(NO_BRAIN_MESSAGE).toBe('SkillMDToolBox: brain ChatEngine is not configured. Call set_brain() before invoking tools.');
    await tb.close();
  });

  it('setBrain makes descriptions plain and calls work; setBrain(null) marks them unavailable again', async () => {
    const dir = skillsDir({ s: skillMd('helper', 'Helps.') });
    const tb = isolatedToolBox({ extra_skill_md_paths: [dir] });
    expect(tb.getTool('helper')?.description).toBe('Helps.' + UNAVAILABLE_SUFFIX);
    const brain = new RecordingBrain(() => 'done');
    tb.setBrain(brain);
    expect(tb.brain).toBe(brain);
    expect(tb.getTool('helper')?.description).toBe('Helps.');
    expect(await tb.callTool('helper', { task: 'x' })).toEqual({ result: 'done', skill_used: 'helper' });
    tb.setBrain(null);
    expect(tb.toolJsonList[0]?.description).toBe('Helps.' + UNAVAILABLE_SUFFIX);
    await expect(tb.callTool('helper', { task: 'x' })).rejects.toMatchObject({ code: 'execution_failed' });
  });

  it('takes the brain from options.brain, as the provider passes it', async () => {
    const dir = skillsDir({ s: skillMd('helper', 'Helps.') });
    const brain = new RecordingBrain(() => 'from options');
    const tb = new SkillMDToolBox({ config: { search_roots: [], user_skills_dir: tempDir(), extra_skill_md_paths: [dir] }, brain, logger: recordingLogger() });
    expect(tb.toolJsonList[0]?.description).toBe('Helps.');
    expect(await tb.callTool('helper', { task: 'x' })).toEqual({ result: 'from options', skill_used: 'helper' });
  });

  it('constructs with no arguments like every OVOS toolbox', () => {
    const tb = new SkillMDToolBox({ logger: recordingLogger() });
    expect(tb.toolboxId).toBe('ovos-skill-md-toolbox');
    expect(tb.config).toEqual({});
    expect(tb.brain).toBeNull();
    expect(tb.bus).toBeNull();
  });
});
