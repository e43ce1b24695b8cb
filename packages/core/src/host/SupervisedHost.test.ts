import { describe, expect, test } from 'vitest';
import { silentLogger } from '../logging/Logger.js';
import type { WireError } from '../errors/wireError.js';
import { SupervisedHost, type SupervisionOptions } from './SupervisedHost.js';
import type { CallOutcome, ToolboxDescription } from './ToolboxHost.js';

/** A runtime that is a counter: `relaunch` starts generation n+1 (or fails while `failing`), calls wait until answered. */
class CounterHost extends SupervisedHost {
  readonly kind = 'worker' as const;
  generation = 1;
  failing = 0;
  tools = ['a'];
  readonly pending = new Set<(o: CallOutcome) => void>();
  shutdowns = 0;

  constructor(options: Partial<SupervisionOptions> = {}) {
    super({ toolboxId: 'counter', maxRestarts: 3, backoffMs: () => 5, logger: silentLogger, ...options });
  }
  describe(): ToolboxDescription {
    return { toolboxId: this.toolboxId, tools: this.tools.map((name) => ({ name, description: name, argumentSchema: {}, outputSchema: {} })) };
  }
  async call(): Promise<CallOutcome> {
    await this.untilSettled();
    if (this.state !== 'ready') return { ok: false, error: this.unavailable() };
    return new Promise((resolve) => this.pending.add(resolve));
  }
  protected async relaunch(): Promise<{ toolsChanged: boolean }> {
    if (this.failing > 0) {
      this.failing--;
      throw Object.assign(new Error('could not start: exit code 1; its stderr: boom'), { summary: 'could not start: exit code 1' });
    }
    this.generation++;
    return { toolsChanged: this.generation === 3 };
  }
  protected inflightCount(): number {
    return this.pending.size;
  }
  protected failInflight(error: WireError): void {
    for (const r of this.pending) r({ ok: false, error });
    this.pending.clear();
  }
  protected async shutdown(): Promise<void> {
    this.shutdowns++;
  }
  lose(reason: string, options?: Parameters<SupervisedHost['runtimeLost']>[1]): void {
    this.runtimeLost(reason, options);
  }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('SupervisedHost: one meaning of max_restarts, backoff, in-flight failure, health and tools-changed', () => {
  test('a lost runtime fails the calls in flight with toolbox_crashed, restarts after the backoff, and calls meanwhile wait', async () => {
    const h = new CounterHost();
    const inflight = h.call();
    await until(() => h.pending.size === 1);
    h.lose('the worker exited with code 1');
    expect(await inflight).toEqual({ ok: false, error: { error: "RuntimeError: ToolBox 'counter' crashed during the call: the worker exited with code 1; it is being restarted", code: 'toolbox_crashed' } });
    expect(h.health()).toMatchObject({ state: 'restarting', restarts: 0, lastError: 'the worker exited with code 1' });
    const waiting = h.call(); // waits for the restart, then runs on the new runtime
    await until(() => h.health().state === 'ready');
    await until(() => h.pending.size === 1);
    expect(h).toMatchObject({ generation: 2 });
    expect(h.health()).toMatchObject({ state: 'ready', restarts: 1, inflight: 1 });
    for (const r of h.pending) r({ ok: true, result: { n: 1 } });
    expect(await waiting).toEqual({ ok: true, result: { n: 1 } });
  });

  test('max_restarts crashes within the window make it unhealthy (failed restarts count); a collateral stop does not count', async () => {
    const h = new CounterHost({ maxRestarts: 3 });
    h.lose('one', { collateral: true });
    await until(() => h.health().state === 'ready');
    h.failing = 1; // the next restart fails once: that is a crash too
    h.lose('two');
    await until(() => h.health().state === 'ready');
    expect(h.health().restarts).toBe(2);
    h.lose('three');
    await until(() => h.health().state === 'unhealthy');
    expect(await h.call()).toEqual({
      ok: false,
      error: { error: "RuntimeError: ToolBox 'counter' is unavailable: it crashed 3 times within a minute (last: three); it is unhealthy until the next reload", code: 'toolbox_unavailable' },
    });
  });

  test('crashes older than the window are forgotten; Infinity never gives up', async () => {
    const h = new CounterHost({ maxRestarts: 2, crashWindowMs: 30 });
    h.lose('one');
    await until(() => h.health().state === 'ready');
    await new Promise((r) => setTimeout(r, 40));
    h.lose('two');
    await until(() => h.health().state === 'ready');
    const forever = new CounterHost({ maxRestarts: Infinity });
    forever.failing = 20;
    forever.lose('down');
    await until(() => forever.health().state === 'ready');
    expect(forever.health().restarts).toBe(1);
    expect(forever.health().lastError).toMatch(/could not start/);
  });

  test('a restart with other tools tells onToolsChanged; close answers calls in flight and stops restarting', async () => {
    const h = new CounterHost();
    let changed = 0;
    h.onToolsChanged(() => void changed++);
    h.lose('one');
    await until(() => h.health().restarts === 1);
    h.lose('two');
    await until(() => h.health().restarts === 2);
    expect(changed).toBe(1); // only the restart that brought other tools (generation 3)
    const inflight = h.call();
    await until(() => h.pending.size === 1);
    await h.close();
    expect(await inflight).toMatchObject({ ok: false, error: { code: 'toolbox_unavailable', error: expect.stringContaining('was closed') } });
    h.lose('after close');
    expect(h.health().state).toBe('closed');
    expect(h.shutdowns).toBe(1);
    await h.close();
    expect(h.shutdowns).toBe(1);
  });
});
