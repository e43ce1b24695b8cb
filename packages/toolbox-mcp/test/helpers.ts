import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentLogger, type HostCallContext } from '@ovos-tools/core';
import { McpToolboxHost, type McpServerSpec, type McpTimings } from '../src/index.js';

export const fixtureServer = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'fixtureServer.mjs');

/** Fast restarts for tests. */
export const timings: McpTimings = { connectTimeoutMs: 20_000, restartDelayMs: 50, maxRestartDelayMs: 500, maxRestarts: 3 };

export const stdioFixture = (env: Record<string, string> = {}): McpServerSpec => ({ transport: 'stdio', command: process.execPath, args: [fixtureServer], env });

export function startHost(spec: McpServerSpec, toolboxId = 'fixture', t: Partial<McpTimings> = {}): Promise<McpToolboxHost> {
  return McpToolboxHost.start({ toolboxId, spec, timings: { ...timings, ...t }, logger: silentLogger });
}

/** A call context with a time limit of `timeoutMs`, optionally tied to `controller`. */
export function ctx(timeoutMs = 20_000, controller = new AbortController()): HostCallContext {
  return { signal: controller.signal, timeoutMs, deadline: Date.now() + timeoutMs, context: {} };
}

/** Starts the fixture over Streamable HTTP; resolves with its URL and the process. */
export function startHttpFixture(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [fixtureServer, 'http'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`http fixture exited with ${code}`)));
    child.stdout!.on('data', (d: Buffer) => {
      const m = /listening (\S+)/.exec(String(d));
      if (m) resolve({ url: m[1]!, child });
    });
  });
}

export async function until(check: () => boolean | Promise<boolean>, what: string, tries = 200): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
