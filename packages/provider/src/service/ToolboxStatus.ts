import type { HostHealth, HostKind } from '@ovos-tools/core';

/** A toolbox that did not load (or a declaration that could not be used), as reported to clients. */
export interface LoadProblem {
  /** The entry-point name (`''` for package-level problems). */
  entryPoint: string;
  /** The npm package that declared it. */
  packageName: string;
  /** What went wrong and, where known, how to fix it. */
  error: string;
}

/** A tool name served by more than one toolbox, and which one serves `get`/`invoke` (see the README's precedence). */
export interface Collision {
  /** The tool name. */
  name: string;
  /** Every toolbox serving it, in precedence order. */
  toolboxIds: string[];
  /** The toolbox that answers `get` and `invoke` for it. */
  winner: string;
}

/** Where a toolbox comes from, in collision precedence order: `bundled` > `pinned` > `plugin` > `mounted` > `remote` (federated). */
export type ToolboxOrigin = 'bundled' | 'pinned' | 'plugin' | 'mounted' | 'remote';

/** One loaded toolbox as the service reports it. */
export interface ToolboxStatus {
  /** The toolbox id. */
  toolboxId: string;
  /** The entry-point (or host-source) name that declared it: the key of its config section. */
  source: string;
  /** How it runs. */
  kind: HostKind;
  /**
   * Where the toolbox comes from, which decides who wins a tool name or toolbox id several claim (high first):
   * `bundled` (an `@ovos-tools` package), `pinned` (in `pinned_toolboxes`), `plugin` (another installed package),
   * `mounted` (made by a host source: a mounted MCP server, config-declared HTTP tools), `remote` (federated: a
   * toolbox elsewhere on the messagebus).
   */
  origin: ToolboxOrigin;
  /** Tools it serves. */
  toolCount: number;
  /** Its host's state, restarts and calls in flight. */
  health: HostHealth;
}
