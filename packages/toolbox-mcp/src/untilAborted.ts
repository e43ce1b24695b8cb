/** `promise`'s value, or `undefined` as soon as `signal` fires (the promise is left to settle on its own). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then((v) => {
      signal.removeEventListener('abort', onAbort);
      resolve(v);
    });
  });
}
