/**
 * @ovos-tools/core/contract — the checks a host makes before it runs a package's code: that an export is a toolbox
 * class of this core's contract (brand, version, methods), that a toolbox's id and discovered tools have the right
 * shape, that an entry-point name agrees with its class's `toolboxId`, that a host source carries its brand and
 * `createHosts`, and how package.json entry points are read. The provider's loader imports them from here; the
 * testing kit (`@ovos-tools/core/testing`) re-exports them for toolbox authors. No `instanceof`: values built on any
 * copy of `@ovos-tools/core` with the same contract version pass.
 */
export { ENTRY_POINT_NAME_PATTERN, parseEntryPoints, TOOLBOX_GROUP, typeName } from '../node/entryPoints.js';
export type { EntryPointTarget, ParsedEntryPoints } from '../node/entryPoints.js';
export { checkEntryPointName, checkToolBoxClass, checkTools, checkToolsProblems } from './checkToolBox.js';
export type { ToolBoxClass, ToolBoxClassCheck, ToolBoxLike } from './checkToolBox.js';
export { checkHostSource } from './checkHostSource.js';
export type { HostSourceCheck } from './checkHostSource.js';
