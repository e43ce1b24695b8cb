import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChatEngine, ChatMessage, ChatOptions, Logger } from '@ovos-tools/core';
import { SkillMDToolBox } from '@ovos-tools/toolbox-skill-md';

const dirs: string[] = [];

/** A fresh temp directory, removed by {@link cleanup}. */
export function tempDir(prefix = 'skill-md-'): string {
  const d = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  dirs.push(d);
  return d;
}

/** Removes every temp directory made by {@link tempDir}. */
export function cleanup(): void {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

/** Writes `content` to `file`, creating parent directories. Returns `file`. */
export function write(file: string, content: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

/** A valid SKILL.md text. */
export function skillMd(name: string, description: string, body = `Instructions for ${name}.`): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n\n${body}\n`;
}

/** Creates `<nodeModules>/<name>` with a package.json (`extra` merged in) and the given files. Returns the package dir. */
export function makePackage(nodeModules: string, name: string, files: Record<string, string> = {}, extra: Record<string, unknown> = {}): string {
  const dir = path.join(nodeModules, ...name.split('/'));
  write(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', ...extra }));
  for (const [rel, content] of Object.entries(files)) write(path.join(dir, rel), content);
  return dir;
}

/** A logger that records warnings (and drops the rest). */
export function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, debug() {}, info() {}, error() {}, warn: (m: string) => void warnings.push(m) };
}

/** A toolbox that looks only where the test says: no cwd, no real home directory. */
export function isolatedToolBox(config: Record<string, unknown>, options: { brain?: ChatEngine | null; logger?: Logger } = {}): SkillMDToolBox {
  return new SkillMDToolBox({
    config: { search_roots: [], user_skills_dir: tempDir('empty-user-'), ...config },
    logger: options.logger ?? recordingLogger(),
    brain: options.brain ?? null,
  });
}

/** A ChatEngine that records exactly what it receives and answers deterministically. */
export class RecordingBrain implements ChatEngine {
  readonly calls: Array<{ messages: ChatMessage[]; options: ChatOptions | undefined }> = [];
  constructor(private readonly answer: (messages: ChatMessage[]) => string = (m) => `answer to: ${m[m.length - 1]?.content}`) {}
  async continueChat(messages: ChatMessage[], options?: ChatOptions): Promise<{ content: string }> {
    this.calls.push({ messages: structuredClone(messages), options });
    return { content: this.answer(messages) };
  }
}
