import type { HostSource } from '@ovos-tools/core';
import type { ToolboxDeclaration } from '../discovery/scanPluginRoots.js';
import { checkHostSource } from '@ovos-tools/core/contract';
import { errorText } from '@ovos-tools/core/node';
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
  const checked = checkHostSource(namespace[decl.exportName]);
  if (!checked.ok) throw fail('contract', checked.message);
  return checked.source;
}
