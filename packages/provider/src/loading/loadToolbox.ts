import type { ChatEngine, Logger } from '@ovos-tools/core';
import type { ToolboxDeclaration } from '../discovery/scanPluginRoots.js';
import { checkToolBoxClass, checkTools, type ToolBoxLike } from './checkToolBox.js';
import { importFresh } from './importFresh.js';
import { ToolboxLoadError } from './ToolboxLoadError.js';

/** A toolbox that loaded: its declaration, its id and the live instance (not yet bound to the bus). */
export interface LoadedToolbox {
  declaration: ToolboxDeclaration;
  /** Entry-point name; the key of its config section. */
  entryPointName: string;
  /** `instance.toolboxId`, reported on the wire as `toolbox_id`. */
  toolboxId: string;
  instance: ToolBoxLike;
}

/** What {@link loadToolbox} needs beside the declaration. */
export interface LoadToolboxOptions {
  /** The toolbox's own config section. */
  config: Record<string, unknown>;
  brain: ChatEngine | null;
  logger: Logger;
  /** Imported module namespaces by module path, reused while the package fingerprint is unchanged. */
  moduleCache: ModuleCache;
  /** Give up on an import that has not settled after this many ms. */
  importTimeoutMs: number;
  /** The provider's plugin roots, passed on to toolboxes that discover content in installed packages. */
  pluginRoots: readonly string[];
}

/** Module namespaces kept between reloads, keyed by module path. */
export type ModuleCache = Map<string, { fingerprint: string; namespace: Record<string, unknown> }>;

/**
 * Imports (afresh only if the package changed), checks, constructs and discovers one toolbox:
 * `new Cls({ config, brain, logger, pluginRoots })`, then `refreshTools()` and a field-by-field check of the tools.
 * The instance is not bound to the bus here; the registry binds a whole generation when it goes live.
 * @throws {@link ToolboxLoadError} naming the phase (import, export, contract, construct, discover) and cause.
 */
export async function loadToolbox(decl: ToolboxDeclaration, options: LoadToolboxOptions): Promise<LoadedToolbox> {
  const fail = (phase: ConstructorParameters<typeof ToolboxLoadError>[2], detail: string, cause?: unknown) =>
    new ToolboxLoadError(decl.entryPointName, decl.packageName, phase, detail, cause);

  let namespace: Record<string, unknown>;
  const cached = options.moduleCache.get(decl.modulePath);
  if (cached && cached.fingerprint === decl.fingerprint) namespace = cached.namespace;
  else {
    try {
      namespace = await withTimeout(importFresh(decl.modulePath, decl.packageDir), options.importTimeoutMs);
    } catch (err) {
      throw fail('import', errorText(err), err);
    }
    options.moduleCache.set(decl.modulePath, { fingerprint: decl.fingerprint, namespace });
  }

  if (!(decl.exportName in namespace)) {
    const available = Object.keys(namespace).join(', ') || 'none';
    throw fail('export', `${decl.modulePath} has no export "${decl.exportName}" (exports: ${available})`);
  }
  const checked = checkToolBoxClass(namespace[decl.exportName]);
  if (!checked.ok) throw fail('contract', checked.message);

  let instance: ToolBoxLike;
  try {
    instance = new checked.cls({ config: options.config, brain: options.brain, logger: options.logger, pluginRoots: options.pluginRoots });
  } catch (err) {
    throw fail('construct', errorText(err), err);
  }
  try {
    instance.refreshTools();
  } catch (err) {
    await closeQuietly(instance);
    throw fail('discover', errorText(err), err);
  }
  const problem = checkTools(instance);
  if (problem) {
    await closeQuietly(instance);
    throw fail('discover', problem);
  }
  return { declaration: decl, entryPointName: decl.entryPointName, toolboxId: instance.toolboxId, instance };
}

async function closeQuietly(instance: ToolBoxLike): Promise<void> {
  try {
    await instance.close();
  } catch {
    // a toolbox that cannot even close is already being skipped
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`import did not finish within ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** `"<name>: <message>"` for an Error, `String(value)` otherwise. */
export function errorText(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
