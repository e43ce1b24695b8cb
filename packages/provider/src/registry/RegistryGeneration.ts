import type { ToolLike } from '@ovos-tools/core';
import type { LoadedToolbox } from '../loading/loadToolbox.js';

/** A tool as the registry resolves it: the tool and the toolbox that runs it. */
export interface RegisteredTool {
  tool: ToolLike;
  toolbox: LoadedToolbox;
}

/** A tool name provided by more than one toolbox; `winner` serves `get`/`invoke` (last loaded wins, as OVOS). */
export interface Collision {
  name: string;
  toolboxIds: string[];
  winner: string;
}

/** A toolbox that did not load (or a declaration that could not be used), as reported to clients. */
export interface LoadProblem {
  entryPoint: string;
  packageName: string;
  error: string;
}

/**
 * One immutable build of the registry: the toolboxes of one (re)load, their tools as discovered at load time,
 * the name index, collisions and problems. Invocations hold the generation they started on (`acquire`), so a
 * reload swaps in the next generation while earlier calls finish on this one; `drained()` resolves when the
 * last of them has released it.
 */
export class RegistryGeneration {
  readonly number: number;
  readonly toolboxes: readonly LoadedToolbox[];
  readonly problems: readonly LoadProblem[];
  readonly collisions: readonly Collision[];
  /** Each toolbox's tools in discovery order, as snapshotted when the generation was built. */
  readonly toolsByToolbox: ReadonlyMap<LoadedToolbox, readonly ToolLike[]>;
  private readonly byName = new Map<string, RegisteredTool>();
  private inflight = 0;
  private drainWaiters: Array<() => void> = [];

  constructor(number: number, toolboxes: readonly LoadedToolbox[], problems: readonly LoadProblem[]) {
    this.number = number;
    this.toolboxes = toolboxes;
    this.problems = problems;
    const providers = new Map<string, string[]>();
    const snapshot = new Map<LoadedToolbox, readonly ToolLike[]>();
    for (const toolbox of toolboxes) {
      const tools = [...toolbox.instance.tools.values()];
      snapshot.set(toolbox, tools);
      for (const tool of tools) {
        this.byName.set(tool.name, { tool, toolbox });
        const ids = providers.get(tool.name) ?? [];
        ids.push(toolbox.toolboxId);
        providers.set(tool.name, ids);
      }
    }
    this.toolsByToolbox = snapshot;
    this.collisions = [...providers.entries()]
      .filter(([, ids]) => ids.length > 1)
      .map(([name, ids]) => ({ name, toolboxIds: ids, winner: ids[ids.length - 1]! }));
  }

  /** The tool serving `name` (the last loaded toolbox's, on collisions), or undefined. */
  lookup(name: string): RegisteredTool | undefined {
    return this.byName.get(name);
  }

  /** Entry-point names of the loaded toolboxes, in load order (the `loaded` of reload responses). */
  get loaded(): string[] {
    return this.toolboxes.map((t) => t.entryPointName);
  }

  /** Number of tools over all toolboxes, colliding names counted once per toolbox (OVOS `total_tools`). */
  get totalTools(): number {
    let n = 0;
    for (const tools of this.toolsByToolbox.values()) n += tools.length;
    return n;
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
