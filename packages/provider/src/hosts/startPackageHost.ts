import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, type ChatEngine, type Logger, type LogLevel, type ToolboxHost } from '@ovos-tools/core';
import { hostSettingsFor, type HostDefaults } from './hostSettings.js';
import type { ToolboxDeclaration } from '../discovery/scanPluginRoots.js';
import { importFresh } from '../loading/importFresh.js';
import { loadToolbox } from '../loading/loadToolbox.js';
import { permissionFlags, RUNTIME_URL, startProcessChannel, startWorkerChannel } from './channels.js';
import { hostEnv, withCompileCache } from './hostEnv.js';
import { InlineHost } from './InlineHost.js';
import { IsolatedHost } from './IsolatedHost.js';
import type { HostInit } from './protocol.js';
import { WorkerGroup } from './WorkerGroup.js';
import { workerGroupOf } from './workerGroups.js';

/** Module namespaces kept between reloads for inline hosts, keyed by module path. */
export type ModuleCache = Map<string, { fingerprint: string; namespace: Record<string, unknown> }>;

/** What {@link startPackageHost} needs beside the declaration. */
export interface PackageHostOptions {
  /** The provider settings (isolation mode, limits, per-toolbox host settings). */
  settings: HostDefaults;
  /** The toolbox's own config section. */
  config: Record<string, unknown>;
  /** The chat engine lent to toolboxes; `null` when none is configured. */
  brain: ChatEngine | null;
  /** The toolbox's logger (its lines carry the toolbox id). */
  logger: Logger;
  /** The lowest level a worker or process forwards. */
  logLevel: LogLevel;
  /** The provider's plugin roots, passed on to the toolbox. */
  pluginRoots: readonly string[];
  /** Paths no toolbox may read or write. */
  protectedPaths: readonly string[];
  /** Inline hosts reuse a module while its package fingerprint is unchanged. */
  moduleCache: ModuleCache;
  /** The shared workers (`worker_group`) by group, heap limit and environment; kept by the caller across reloads. */
  workerGroups?: Map<string, WorkerGroup>;
  /** Called with the toolbox id when a worker or process host restarts its runtime. */
  onRestart?: (toolboxId: string) => void;
}

/**
 * Starts the host of one toolbox package in the isolation mode its settings choose: `inline` (import in this
 * thread), `worker` (own worker thread with `resourceLimits` and a reduced `process.env`) or `process` (own
 * Node process under the permission model, reduced environment, heap limit).
 * @throws {@link ToolboxLoadError} naming the phase when the toolbox cannot be loaded in its host.
 */
export async function startPackageHost(decl: ToolboxDeclaration, options: PackageHostOptions): Promise<ToolboxHost> {
  const hs = hostSettingsFor(options.settings, decl.entryPointName);
  if (hs.isolation === 'inline') {
    const instance = await loadToolbox(decl, {
      config: options.config,
      brain: options.brain,
      logger: options.logger,
      importModule: (modulePath) => importCached(decl, modulePath, options.moduleCache),
      importTimeoutMs: options.settings.importTimeoutMs,
      pluginRoots: options.pluginRoots,
      protectedPaths: options.protectedPaths,
    });
    return new InlineHost(instance, options.logger);
  }
  const init: HostInit = {
    t: 'init',
    entryPointName: decl.entryPointName,
    packageName: decl.packageName,
    modulePath: decl.modulePath,
    exportName: decl.exportName,
    config: options.config,
    pluginRoots: [...options.pluginRoots],
    protectedPaths: [...options.protectedPaths],
    logLevel: options.logLevel,
    spinWaitMs: options.settings.spinWaitMs,
    hasBrain: options.brain !== null,
  };
  const env = hs.isolation === 'worker' ? withCompileCache(hostEnv(hs.env)) : hostEnv(hs.env);
  const channelOptions = { init, memoryLimitMb: hs.memoryLimitMb, env, logger: options.logger };
  const group = hs.isolation === 'worker' ? workerGroupOf(decl, hs.workerGroup) : undefined;
  const shared = group === undefined ? undefined : sharedWorker(group, hs.memoryLimitMb, env, options);
  const startChannel = shared
    ? () => shared.channel(init)
    : hs.isolation === 'worker'
      ? () => startWorkerChannel(channelOptions)
      : () =>
          startProcessChannel({
            ...channelOptions,
            execArgv: permissionFlags({
              fsRead: [...new Set([...codeRoots(decl, options.pluginRoots), ...hs.allowFsRead])],
              fsWrite: hs.allowFsWrite,
              childProcess: hs.allowChildProcess,
              worker: hs.allowWorker,
            }),
          });
  return IsolatedHost.start({
    kind: hs.isolation,
    init,
    startChannel,
    logger: options.logger,
    brain: options.brain,
    handshakeTimeoutMs: options.settings.importTimeoutMs,
    killGraceMs: options.settings.killGraceMs,
    spinWaitMs: options.settings.spinWaitMs,
    maxRestarts: options.settings.maxRestarts,
    ...(options.onRestart ? { onRestart: options.onRestart } : {}),
  });
}

/** The {@link WorkerGroup} of `group` for toolboxes with this heap limit and environment (created on first use). */
function sharedWorker(group: string, memoryLimitMb: number, env: Record<string, string>, options: PackageHostOptions): WorkerGroup {
  const groups = (options.workerGroups ??= new Map());
  const key = JSON.stringify([group, memoryLimitMb, Object.entries(env).sort()]);
  let found = groups.get(key);
  if (!found) {
    found = new WorkerGroup({ name: group, memoryLimitMb, env, logger: createLogger(`worker ${group}`, options.logLevel) });
    groups.set(key, found);
  }
  return found;
}

async function importCached(decl: ToolboxDeclaration, modulePath: string, cache: ModuleCache): Promise<Record<string, unknown>> {
  const cached = cache.get(modulePath);
  if (cached && cached.fingerprint === decl.fingerprint) return cached.namespace;
  const namespace = await importFresh(modulePath, decl.packageDir);
  cache.set(modulePath, { fingerprint: decl.fingerprint, namespace });
  return namespace;
}

/**
 * What a process host must be able to read to load code: the toolbox package, the plugin roots (their
 * node_modules hold its dependencies), and the node_modules tree holding the provider and its runtime.
 */
function codeRoots(decl: ToolboxDeclaration, pluginRoots: readonly string[]): string[] {
  const runtimeDir = path.dirname(fileURLToPath(RUNTIME_URL));
  const parts = runtimeDir.split(path.sep);
  const nm = parts.lastIndexOf('node_modules');
  const providerTree = nm > 0 ? parts.slice(0, nm + 1).join(path.sep) : path.resolve(runtimeDir, '..', '..', '..');
  return [decl.packageDir, providerTree, coreTree(), ...pluginRoots].map((p) => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  });
}

/** The tree holding the real files of `@ovos-tools/core` and its dependencies (a node_modules dir, or the workspace root). */
function coreTree(): string {
  try {
    const coreDir = realpathSync(path.resolve(path.dirname(fileURLToPath(import.meta.resolve('@ovos-tools/core'))), '..'));
    const parts = coreDir.split(path.sep);
    const nm = parts.lastIndexOf('node_modules');
    return nm > 0 ? parts.slice(0, nm + 1).join(path.sep) : path.resolve(coreDir, '..', '..');
  } catch {
    return path.resolve(fileURLToPath(RUNTIME_URL), '..', '..', '..', '..');
  }
}
