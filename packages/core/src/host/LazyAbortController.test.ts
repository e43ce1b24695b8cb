import { LazyAbortController, listenForAbort } from '@ovos-tools/core';
import { countAbortControllers } from '@ovos-tools/core/testing';
import { describe, expect, it } from 'vitest';

describe('LazyAbortController', () => {
  it('a signal read before the abort fires with the reason, after the onAbort listeners, in order', () => {
    const abort = new LazyAbortController();
    const seen: string[] = [];
    abort.onAbort(() => seen.push('first'));
    const signal = abort.signal;
    signal.addEventListener('abort', () => seen.push('signal'));
    abort.onAbort(() => seen.push('second'));
    const reason = new Error('cut off');
    abort.abort(reason);
    expect(seen).toEqual(['first', 'second', 'signal']);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe(reason);
    expect(abort.signal).toBe(signal);
  });

  it('a signal first read after the abort is born aborted with the same reason', () => {
    const abort = new LazyAbortController();
    const reason = new Error('late');
    abort.abort(reason);
    expect(abort.aborted).toBe(true);
    expect(abort.reason).toBe(reason);
    expect(abort.signal.aborted).toBe(true);
    expect(abort.signal.reason).toBe(reason);
  });

  it('abort() without a reason gives an AbortError DOMException, as AbortController does; later aborts change nothing', () => {
    const abort = new LazyAbortController();
    const calls: unknown[] = [];
    abort.onAbort((r) => calls.push(r));
    abort.abort();
    abort.abort(new Error('again'));
    expect(calls).toHaveLength(1);
    expect(abort.reason).toBeInstanceOf(DOMException);
    expect((abort.reason as DOMException).name).toBe('AbortError');
    expect(abort.signal.reason).toBe(abort.reason);
  });

  it('a removed listener is not called; a listener added after the abort is never called', () => {
    const abort = new LazyAbortController();
    const calls: string[] = [];
    const off = abort.onAbort(() => calls.push('removed'));
    abort.onAbort(() => calls.push('kept'));
    off();
    off();
    abort.abort();
    abort.onAbort(() => calls.push('late'));
    expect(calls).toEqual(['kept']);
    expect(abort.aborted).toBe(true);
  });

  it('a listener that throws does not stop the others; its error surfaces as an uncaught exception', async () => {
    const abort = new LazyAbortController();
    const calls: string[] = [];
    const boom = new Error('listener failed');
    abort.onAbort(() => {
      throw boom;
    });
    abort.onAbort(() => calls.push('after'));
    const uncaught = new Promise<unknown>((resolve) => {
      const listeners = process.listeners('uncaughtException');
      process.removeAllListeners('uncaughtException');
      process.once('uncaughtException', (err) => {
        for (const l of listeners) process.on('uncaughtException', l);
        resolve(err);
      });
    });
    abort.abort();
    expect(calls).toEqual(['after']);
    expect(await uncaught).toBe(boom);
  });
});

describe('listenForAbort', () => {
  it('listens to a lazy controller without creating its signal, and to an AbortSignal; each stops when asked', async () => {
    const calls: string[] = [];
    const { count } = await countAbortControllers(() => {
      const lazy = new LazyAbortController();
      listenForAbort(lazy, () => calls.push('lazy'));
      listenForAbort(lazy, () => calls.push('lazy, removed'))();
      lazy.abort();
    });
    expect(count).toBe(0);
    const controller = new AbortController();
    listenForAbort(controller.signal, () => calls.push('signal'));
    listenForAbort(controller.signal, () => calls.push('signal, removed'))();
    controller.abort();
    controller.abort();
    expect(calls).toEqual(['lazy', 'signal']);
  });
});
