import { convertTool, type OvosFormatNoteData, type OvosSkippedToolData, type VendorToolFormat } from '@ovos-tools/core';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import type { Collision } from '../service/ToolboxStatus.js';

/** A catalog in one vendor format: the definitions, what their conversions changed, and what could not be expressed. */
export interface FormattedCatalog {
  /** The vendor format. */
  format: VendorToolFormat;
  /** The vendor definitions, in catalog order, one per tool name (the collision winner), ready to send. */
  tools: Record<string, unknown>[];
  /** What each conversion dropped, relaxed, rewritten, narrowed or renamed, tagged with the tool (wire keys). */
  notes: OvosFormatNoteData[];
  /** Tools left out: not expressible in the format, or a vendor name another listed tool already has. */
  skipped: OvosSkippedToolData[];
}

/**
 * The entries (already filtered for the caller) as `format` definitions (core's `convertTool`). A name several
 * toolboxes serve is listed once, as its collision winner — the tool `invoke` runs for that name — since vendors
 * call functions by name and refuse duplicates. Never throws.
 */
export function formatCatalog(entries: readonly CatalogEntry[], collisions: readonly Collision[], format: VendorToolFormat): FormattedCatalog {
  const winners = new Map(collisions.map((c) => [c.name, c.winner]));
  const out: FormattedCatalog = { format, tools: [], notes: [], skipped: [] };
  const taken = new Map<string, string>();
  for (const entry of entries) {
    const { name } = entry.tool;
    const winner = winners.get(name);
    if (winner !== undefined && winner !== entry.toolboxId) continue;
    const one = formatEntry(entry, format);
    if (!one.ok) {
      out.skipped.push({ name, toolbox_id: entry.toolboxId, error: one.error });
      continue;
    }
    const holder = taken.get(one.vendorName);
    if (holder !== undefined) {
      out.skipped.push({ name, toolbox_id: entry.toolboxId, error: `tool '${name}' cannot be offered as ${format}: its ${format} name '${one.vendorName}' is already the name of tool '${holder}'` });
      continue;
    }
    taken.set(one.vendorName, name);
    out.tools.push(one.tool);
    out.notes.push(...one.notes);
  }
  return out;
}

/** One entry as a `format` definition, with its notes tagged `{name, toolbox_id}`; or why it cannot be. */
export function formatEntry(
  entry: CatalogEntry,
  format: VendorToolFormat,
): { ok: true; vendorName: string; tool: Record<string, unknown>; notes: OvosFormatNoteData[] } | { ok: false; error: string } {
  const c = convertTool(entry.tool, format, entry.toolboxId);
  if (!c.ok) return { ok: false, error: c.error };
  const notes = c.notes.map((n) => ({ name: entry.tool.name, toolbox_id: entry.toolboxId, ...n }));
  return { ok: true, vendorName: c.name, tool: c.definition as unknown as Record<string, unknown>, notes };
}
