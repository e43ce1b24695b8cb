import type { WireError } from '@ovos-tools/core';
import type { Refusal } from './Refusal.js';
import type { LoadProblem } from './ToolboxStatus.js';

/** What one (re)load did. */
export interface ReloadReport {
  /** Entry-point names now loaded, in load order (OVOS `loaded`). */
  loaded: string[];
  /** Tools over all toolboxes, colliding names counted once per toolbox (OVOS `total_tools`). */
  totalTools: number;
  /** The registry generation now serving (1 after the first load). */
  generation: number;
  /** Toolboxes that did not load, and why (OVOS `problems`). */
  problems: LoadProblem[];
  /** Tool names that appeared. */
  added: string[];
  /** Tool names that disappeared. */
  removed: string[];
  /** Entry points whose package changed (they got a fresh host). */
  updated: string[];
  /** Wall time of the reload in ms. */
  durationMs: number;
  /**
   * The digest of what is served after it (`sha256:` and 16 hex digits of the loaded packages, their versions, their
   * tools and the config: `catalogDigest`); equal on replicas that serve the same. Set by `ToolsProvider`.
   */
  digest?: string;
}

/** What {@link ToolService.reload} answers: the report, or a refusal (`forbidden`) for a caller that may not reload. */
export type ReloadOutcome =
  | {
      /** Reloaded (whatever the toolboxes did: their problems are in the report). */
      ok: true;
      /** What the reload did. */
      report: ReloadReport;
    }
  | ({
      /** Refused: the caller may not reload. */
      ok: false;
      /** `forbidden`, naming the rule. */
      error: WireError;
    } & Refusal);

/** A change of the catalog, sent to {@link ToolService.onChange} listeners (the bus `ovos.tools.changed`, MCP `list_changed`). */
export interface CatalogChange {
  /** The registry generation now serving. */
  generation: number;
  /** Entry-point names now loaded. */
  loaded: string[];
  /** Tools over all toolboxes. */
  totalTools: number;
  /** Tool names that appeared. */
  added: string[];
  /** Tool names that disappeared. */
  removed: string[];
  /** Entry points whose package changed. */
  updated: string[];
}
