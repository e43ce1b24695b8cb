import type { ToolboxHost } from '@ovos-tools/core';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import type { Collision, LoadProblem, ToolboxOrigin } from '../service/ToolboxStatus.js';

/** One toolbox of a generation: its host and where it came from. */
export interface HostedToolbox {
  /** The host serving the toolbox. */
  host: ToolboxHost;
  /** The entry-point (or host-source) name that declared it: the key of its config section. */
  source: string;
  /** The npm package that declared it (`''` for host sources without one). */
  packageName: string;
  /** Changes when the package, its config or its host settings change; an unchanged toolbox keeps its host on reload. */
  fingerprint: string;
  /** Collision precedence: `bundled` > `pinned` > `plugin` > `mounted` > `remote` (see {@link ORIGIN_PRECEDENCE}). */
  origin: ToolboxOrigin;
}

/** How tool-name collisions resolve: by precedence (default), or OVOS-TOOLS-1's rule that a duplicate name is an error on invoke. */
export type DuplicateNamePolicy = 'precedence' | 'error';

/**
 * The one collision rule, for tool names and toolbox ids alike, whatever hosts the toolbox: a higher number wins.
 * Bundled toolboxes (`@ovos-tools` packages), then the operator's `pinned_toolboxes`, then other installed plugins,
 * then mounted ones (host sources: MCP servers, config-declared HTTP tools), then federated toolboxes on the bus.
 */
export const ORIGIN_PRECEDENCE: Readonly<Record<ToolboxOrigin, number>> = { bundled: 4, pinned: 3, plugin: 2, mounted: 1, remote: 0 };

/**
 * One immutable build of the registry: the hosted toolboxes of one (re)load, their tools as the hosts described
 * them (the catalog snapshot every transport answers from), the name index, collisions and problems.
 * Invocations hold the generation they started on (`acquire`), so a reload swaps in the next generation while
 * earlier calls finish on this one; `drained()` resolves when the last of them has released it.
 *
 * Collisions: the winner of a bare name for `get`/`invoke` is the toolbox of highest {@link ORIGIN_PRECEDENCE}
 * (bundled, then operator-pinned, then third-party plugins, then mounted servers, then federated toolboxes on the
 * bus); among equals, the last loaded (as OVOS). Every other entry of that name is marked `shadowedBy` the winner
 * and stays reachable with its toolbox id (`lookup(name, toolboxId)`).
 */
export class RegistryGeneration {
  /** The generation's number: 0 before the first load, one more for each reload (or change of a host's tools) after it. */
  readonly number: number;
  /** The hosted toolboxes it serves, in load order. */
  readonly toolboxes: readonly HostedToolbox[];
  /** What failed to load while it was built (the `problems` of list and reload answers). */
  readonly problems: readonly LoadProblem[];
  /** Every tool name more than one toolbox provides, and which one serves it. */
  readonly collisions: readonly Collision[];
  /** Every tool in load order, colliding names once per toolbox. */
  readonly entries: readonly CatalogEntry[];
  private readonly byName = new Map<string, CatalogEntry>();
  private readonly byToolbox = new Map<string, Map<string, CatalogEntry>>();
  private readonly hostById = new Map<string, HostedToolbox>();
  private inflight = 0;
  private drainWaiters: Array<() => void> = [];

  constructor(number: number, toolboxes: readonly HostedToolbox[], problems: readonly LoadProblem[]) {
    this.number = number;
    this.toolboxes = toolboxes;
    this.problems = problems;
    const entries: CatalogEntry[] = [];
    const providers = new Map<string, HostedToolbox[]>();
    for (const hosted of toolboxes) {
      const { toolboxId, tools } = hosted.host.describe();
      this.hostById.set(toolboxId, hosted);
      const own = new Map<string, CatalogEntry>();
      for (const tool of tools) {
        const entry: CatalogEntry = { tool, toolboxId, kind: hosted.host.kind, source: hosted.source };
        entries.push(entry);
        own.set(tool.name, entry);
        const list = providers.get(tool.name) ?? [];
        list.push(hosted);
        providers.set(tool.name, list);
        const current = this.byName.get(tool.name);
        if (!current || ORIGIN_PRECEDENCE[hosted.origin] >= ORIGIN_PRECEDENCE[this.hostById.get(current.toolboxId)!.origin]) this.byName.set(tool.name, entry);
      }
      this.byToolbox.set(toolboxId, own);
    }
    for (const entry of entries) {
      const winner = this.byName.get(entry.tool.name)!;
      if (winner.toolboxId !== entry.toolboxId) entry.shadowedBy = winner.toolboxId;
    }
    this.entries = entries;
    this.collisions = [...providers.entries()]
      .filter(([, list]) => list.length > 1)
      .map(([name, list]) => ({ name, toolboxIds: list.map((h) => h.host.toolboxId), winner: this.byName.get(name)!.toolboxId }));
  }

  /** The entry serving `name`: the collision winner, or the tool of `toolboxId` when given. */
  lookup(name: string, toolboxId?: string): CatalogEntry | undefined {
    return toolboxId === undefined ? this.byName.get(name) : this.byToolbox.get(toolboxId)?.get(name);
  }

  /** The hosted toolbox with this id. */
  toolbox(toolboxId: string): HostedToolbox | undefined {
    return this.hostById.get(toolboxId);
  }

  /** The collision of `name`, when more than one toolbox serves it. */
  collision(name: string): Collision | undefined {
    return this.collisions.find((c) => c.name === name);
  }

  /** Entry-point names of the loaded toolboxes, in load order (the `loaded` of reload responses). */
  get loaded(): string[] {
    return this.toolboxes.map((t) => t.source);
  }

  /** Number of tools over all toolboxes, colliding names counted once per toolbox (OVOS `total_tools`). */
  get totalTools(): number {
    return this.entries.length;
  }

  /** The set of tool names this generation serves. */
  get toolNames(): Set<string> {
    return new Set(this.byName.keys());
  }

  /** Marks one invocation as running on this generation; call the returned function exactly once when it ends. */
  acquire(): () => void {
    this.inflight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inflight--;
      if (this.inflight === 0) for (const w of this.drainWaiters.splice(0)) w();
    };
  }

  /** Invocations still running on this generation. */
  get inflightCount(): number {
    return this.inflight;
  }

  /** Resolves once no invocation holds this generation. */
  drained(): Promise<void> {
    if (this.inflight === 0) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }
}
