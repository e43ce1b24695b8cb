import type { ChatEngine, Logger } from '@ovos-tools/core';
import { checkEntryPointName, checkToolBoxClass, checkTools, type ToolBoxLike } from '@ovos-tools/core/contract';
import { ToolboxLoadError } from './ToolboxLoadError.js';
import { configProblemText, errorText, unknownKeys } from '@ovos-tools/core/node';

/** Which module and export declare a toolbox (a subset of a discovery declaration, so runtimes can receive it). */
export interface ToolboxTarget {
  /** The toolbox's entry-point name (must equal its `toolboxId`). */
  entryPointName: string;
  /** The npm package that declares it. */
  packageName: string;
  /** Absolute path of the module to import. */
  modulePath: string;
  /** The named export holding the class. */
  exportName: string;
}

/** What {@link loadToolbox} needs beside the target. */
export interface LoadToolboxOptions {
  /** The toolbox's own config section. */
  config: Record<string, unknown>;
  /** The chat engine lent to the toolbox; `null` when none. */
  brain: ChatEngine | null;
  /** The toolbox's logger. */
  logger: Logger;
  /** Imports the module (a plain `import()` in a fresh worker; a cache-aware fresh import inline). */
  importModule: (modulePath: string) => Promise<Record<string, unknown>>;
  /** Give up on an import that has not settled after this many ms. */
  importTimeoutMs: number;
  /** The provider's plugin roots, passed on to toolboxes that discover content in installed packages. */
  pluginRoots: readonly string[];
  /** Paths the toolbox must never write (see `ToolBoxOptions.protectedPaths`). */
  protectedPaths: readonly string[];
}

/**
 * Imports, checks, constructs and discovers one toolbox: the unknown keys of its config section against its
 * `configSchema` when it declares one (each logged as a warning: `<entry point> config '<key>': unknown key; did you
 * mean '<key>'?`), then
 * `new Cls({ config, brain, logger, pluginRoots, protectedPaths })`, then `refreshTools()` and a field-by-field
 * check of the tools. Used by every host kind that runs `ToolBox` classes (inline, worker, process).
 * @throws {@link ToolboxLoadError} naming the phase (import, export, contract, construct, discover) and cause.
 */
export async function loadToolbox(target: ToolboxTarget, options: LoadToolboxOptions): Promise<ToolBoxLike> {
  const fail = (phase: ConstructorParameters<typeof ToolboxLoadError>[2], detail: string, cause?: unknown) =>
    new ToolboxLoadError(target.entryPointName, target.packageName, phase, detail, cause);

  let namespace: Record<string, unknown>;
  try {
    namespace = await withTimeout(options.importModule(target.modulePath), options.importTimeoutMs);
  } catch (err) {
    throw fail('import', errorText(err), err);
  }
  if (!(target.exportName in namespace)) {
    const available = Object.keys(namespace).join(', ') || 'none';
    throw fail('export', `${target.modulePath} has no export "${target.exportName}" (exports: ${available})`);
  }
  const checked = checkToolBoxClass(namespace[target.exportName]);
  if (!checked.ok) throw fail('contract', checked.message);
  // unknown keys of the section against the toolbox's own schema, said at every load (its values the toolbox reads
  // and reports itself with the kit's readConfig, as it always did; `ovos-tools check --config` reports both)
  const schema = checked.cls.configSchema;
  if (schema) for (const p of unknownKeys(schema, options.config)) options.logger.warn(configProblemText(target.entryPointName, p));

  let instance: ToolBoxLike;
  try {
    instance = new checked.cls({
      config: options.config,
      brain: options.brain,
      logger: options.logger,
      pluginRoots: options.pluginRoots,
      protectedPaths: options.protectedPaths,
    });
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
  const mismatch = checkEntryPointName(target.entryPointName, instance.toolboxId);
  if (mismatch) options.logger.warn(mismatch);
  return instance;
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
