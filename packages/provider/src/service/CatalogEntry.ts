import type { HostKind, ToolDescriptor } from '@ovos-tools/core';
import type { ToolboxStatus } from './ToolboxStatus.js';

/** One tool of the catalog (a registry-generation snapshot): its descriptor and the toolbox that serves it. */
export interface CatalogEntry {
  /** The tool's contract and metadata. */
  tool: ToolDescriptor;
  /** The serving toolbox (`toolbox_id` on the wire). */
  toolboxId: string;
  /** How that toolbox runs. */
  kind: HostKind;
  /** The entry-point (or host-source) name that declared the toolbox: the key of its config section. */
  source: string;
  /**
   * Set when another toolbox serves the same tool name with higher precedence (see {@link ToolboxStatus.origin}):
   * the id of the toolbox that answers the bare name. This tool stays reachable by its qualified name — its
   * `toolbox_id` in the request (bus, HTTP) or its MCP qualified name (`<toolbox_id>__<name>`).
   */
  shadowedBy?: string;
}
