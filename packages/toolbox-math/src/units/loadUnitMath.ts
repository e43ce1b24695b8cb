import type { UnitMath } from './unitMath.js';

let loading: Promise<UnitMath> | undefined;

/**
 * The mathjs instance of the in-process tools (`unitMath`), imported on first use: its chunk is the largest part of
 * this toolbox's code, and a provider whose agents never convert units need not load it. One shared promise, so the
 * toolbox's warm-up and a first call that arrives meanwhile load it once. Rejects only if the chunk is missing.
 */
export function loadUnitMath(): Promise<UnitMath> {
  loading ??= import('./unitMath.js').then((m) => m.unitMath);
  return loading;
}
