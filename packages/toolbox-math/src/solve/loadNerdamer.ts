import type nerdamerModule from 'nerdamer-prime/all';

/**
 * nerdamer-prime with its Algebra, Calculus and Solve add-ons.
 * @internal bundled into the math worker, so its types are not published (nerdamer-prime is a devDependency)
 */
export type Nerdamer = typeof nerdamerModule;

let loading: Promise<Nerdamer> | undefined;
let loaded: Nerdamer | undefined;

/**
 * Imports nerdamer-prime on the first symbolic solve (in the math worker, whose bundle puts it in a chunk of its own):
 * it is about a third of the worker's memory, and `evaluate_expression` never needs it. Later calls return the same
 * promise. Rejects only if the chunk cannot load.
 * @internal
 */
export function loadNerdamer(): Promise<Nerdamer> {
  loading ??= import('nerdamer-prime/all').then((m) => (loaded = m.default));
  return loading;
}

/**
 * The nerdamer-prime that {@link loadNerdamer} loaded, for the synchronous solver.
 * @throws Error when it has not been loaded yet (the worker loads it before every symbolic solve).
 * @internal
 */
export function loadedNerdamer(): Nerdamer {
  if (!loaded) throw new Error('nerdamer-prime is not loaded yet (await loadNerdamer() first)');
  return loaded;
}
