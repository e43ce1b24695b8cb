import { createHash } from 'node:crypto';
import type { RegistryGeneration } from '../registry/RegistryGeneration.js';

/** Keys whose values never enter a digest (they may be secret): replaced by whether they are set. */
const SECRET_KEY = /secret|password|passwd|api_?key|token|credential|sha256|scrypt|digest/i;

/**
 * Settings that are one replica's own and say nothing about what it serves: where it listens (`http`), where its
 * shared state is (`state`, whose URL may hold a password), where it looks for packages (`pluginRoots`: replicas on
 * different machines may install the same packages in different folders).
 */
const OWN_KEYS = new Set(['http', 'state', 'pluginRoots']);

/**
 * The digest of what a provider serves: `sha256:` and 16 hex digits (64 bits) of, for every toolbox of `generation`
 * but those federated from the provider's own messagebus (each replica has its own): its entry point, package name
 * and version (`versionOf`), toolbox id and the definitions of its tools; and of the running `settings`, without
 * what is a replica's own (`http`, `state`, plugin-root paths) and without any secret (credentials, secrets, API
 * keys are replaced by `"<set>"`; `settings` is the provider's `ProviderSettings`, read as plain data, so a digest shown on an unauthenticated `/health` reveals nothing to guess them
 * from). Two replicas with the same packages and the same config have the same digest, whatever their generation
 * counters, start times or folders; any loaded package, version, tool or config value that differs gives another.
 * Not a security fingerprint: a reinstall of the same version with other code is not seen (the tools it serves are).
 */
export function catalogDigest(generation: RegistryGeneration, settings: unknown, versionOf: (entryPoint: string) => string | undefined): string {
  const toolboxes = generation.toolboxes
    .filter((t) => t.origin !== 'remote')
    .map((t) => ({
      source: t.source,
      package: t.packageName,
      version: versionOf(t.source) ?? null,
      toolboxId: t.host.toolboxId,
      tools: generation.entries.filter((e) => e.toolboxId === t.host.toolboxId && e.source === t.source).map((e) => e.tool),
    }))
    .sort((a, b) => (a.source + '\0' + a.toolboxId < b.source + '\0' + b.toolboxId ? -1 : 1));
  const text = canonicalJson({ toolboxes, settings });
  return `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

/** `value` as JSON with object keys sorted, Maps and Sets as arrays, functions dropped, secrets and a replica's own keys left out. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, key: string, v: unknown) {
    if (key && OWN_KEYS.has(key)) return undefined;
    if (key && SECRET_KEY.test(key) && v !== undefined && v !== null) return '<set>';
    if (v instanceof Map) return [...v.entries()];
    if (v instanceof Set) return [...v.values()];
    if (v instanceof RegExp) return String(v);
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
      return sorted;
    }
    return v;
  });
}
