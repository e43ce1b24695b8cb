import { HOST_SOURCE_BRAND, HOST_SOURCE_CONTRACT_VERSION, type HostSource } from '@ovos-tools/core';
import type { ToolboxDeclaration } from '../discovery/scanPluginRoots.js';
import { typeName } from '@ovos-tools/core/contract';
import { errorText } from '../loading/loadToolbox.js';
import { ToolboxLoadError } from '../loading/ToolboxLoadError.js';
import type { ModuleCache } from '../hosts/startPackageHost.js';
import { importFresh } from '../loading/importFresh.js';

/**
 * Imports (afresh only when its package changed) and checks a declared {@link HostSource}: the export must carry
 * `Symbol.for('ovos-tools.host-source')` equal to this provider's contract version and a `createHosts` function.
 * @throws {@link ToolboxLoadError} naming the phase.
 */
export async function loadHostSource(decl: ToolboxDeclaration, cache: ModuleCache): Promise<HostSource> {
  const fail = (phase: 'import' | 'export' | 'contract', detail: string, cause?: unknown) => new ToolboxLoadError(decl.entryPointName, decl.packageName, phase, detail, cause);
  let namespace: Record<string, unknown>;
  const cached = cache.get(decl.modulePath);
  if (cached && cached.fingerprint === decl.fingerprint) namespace = cached.namespace;
  else {
    try {
      namespace = await importFresh(decl.modulePath, decl.packageDir);
    } catch (err) {
      throw fail('import', errorText(err), err);
    }
    cache.set(decl.modulePath, { fingerprint: decl.fingerprint, namespace });
  }
  if (!(decl.exportName in namespace)) throw fail('export', `${decl.modulePath} has no export "${decl.exportName}" (exports: ${Object.keys(namespace).join(', ') || 'none'})`);
  const value = namespace[decl.exportName] as Partial<HostSource> | undefined;
  if (value === null || typeof value !== 'object') throw fail('contract', `expected a host source object, received ${typeName(value)}`);
  const brand = (value as Record<symbol, unknown>)[HOST_SOURCE_BRAND];
  if (brand !== HOST_SOURCE_CONTRACT_VERSION) {
    throw fail('contract', brand === undefined ? 'the export is not a host source (no Symbol.for("ovos-tools.host-source") brand)' : `targets host-source contract ${String(brand)}, this provider supports ${HOST_SOURCE_CONTRACT_VERSION}`);
  }
  if (typeof value.createHosts !== 'function') throw fail('contract', `createHosts: expected a function, received ${typeName(value.createHosts)}`);
  return value as HostSource;
}
