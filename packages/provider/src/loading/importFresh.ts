import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { GEN_PARAM, PKG_PARAM } from './reloadHooks.js';

let hooksRegistered = false;
let counter = 0;

/**
 * Imports `modulePath` as a fresh module instance: the module and every file of `packageDir` it imports
 * are evaluated anew (see `reloadHooks.ts`), while shared dependencies outside the package are reused.
 * Node never evicts ESM modules, so callers import afresh only packages that changed.
 * @throws whatever the import throws (syntax errors, missing files, top-level exceptions).
 */
export async function importFresh(modulePath: string, packageDir: string): Promise<Record<string, unknown>> {
  if (!hooksRegistered) {
    register(new URL('./reloadHooks.js', import.meta.url));
    hooksRegistered = true;
  }
  const url = pathToFileURL(modulePath);
  url.searchParams.set(GEN_PARAM, String(++counter));
  url.searchParams.set(PKG_PARAM, packageDir);
  return (await import(url.href)) as Record<string, unknown>;
}
