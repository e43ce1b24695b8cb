/**
 * Node module resolve hook (registered with `module.register`) that gives a reloaded toolbox package a
 * fresh module instance for every one of its own files: when the importing module's URL carries
 * `?ovos-tools-gen=<n>&ovos-tools-pkg=<dir>`, files resolved inside `<dir>` get the same query, so Node's
 * module cache sees new URLs. Files outside the package (shared dependencies such as @ovos-tools/core) are untouched.
 */
export const GEN_PARAM = 'ovos-tools-gen';
/** Query parameter carrying the package directory whose files are re-imported. */
export const PKG_PARAM = 'ovos-tools-pkg';

interface ResolveContext {
  parentURL?: string;
}
interface ResolveResult {
  url: string;
  format?: string | null;
  shortCircuit?: boolean;
}

/** The resolve hook; see the module comment. */
export async function resolve(
  specifier: string,
  context: ResolveContext,
  nextResolve: (specifier: string, context: ResolveContext) => Promise<ResolveResult>,
): Promise<ResolveResult> {
  const result = await nextResolve(specifier, context);
  const parent = context.parentURL;
  if (!parent || !parent.includes(GEN_PARAM) || !result.url.startsWith('file:')) return result;
  const parentUrl = new URL(parent);
  const gen = parentUrl.searchParams.get(GEN_PARAM);
  const dir = parentUrl.searchParams.get(PKG_PARAM);
  if (!gen || !dir) return result;
  const url = new URL(result.url);
  if (!decodeURIComponent(url.pathname).startsWith(dir.endsWith('/') ? dir : `${dir}/`)) return result;
  url.searchParams.set(GEN_PARAM, gen);
  url.searchParams.set(PKG_PARAM, dir);
  return { ...result, url: url.href };
}
