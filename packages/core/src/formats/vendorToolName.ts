import { fromMcpToolName, toMcpToolName } from './mcpToolName.js';
import type { ToolFormat } from './ToolFormat.js';

/** OpenAI function names and Anthropic tool names: `^[a-zA-Z0-9_-]{1,64}$` (both vendors' API references). */
export const OPENAI_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** Anthropic tool names, `^[a-zA-Z0-9_-]{1,64}$` (Messages API reference, `tools[].name`). */
export const ANTHROPIC_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/**
 * Gemini function names: start with a letter or `_`, then letters, digits, `_`, `.`, `:` or `-`, at most 64 in all
 * (Gemini API `FunctionDeclaration.name`; newer SDK docs allow 128, 64 holds for every model).
 */
export const GEMINI_TOOL_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;

const VENDOR_PATTERN: Partial<Record<ToolFormat, RegExp>> = {
  openai: OPENAI_TOOL_NAME,
  'openai-strict': OPENAI_TOOL_NAME,
  anthropic: ANTHROPIC_TOOL_NAME,
  gemini: GEMINI_TOOL_NAME,
};

/**
 * The name a tool is listed under in `format`. A name the vendor accepts is kept as it is (every name a toolbox
 * built on core can have is kept by every vendor but Gemini, which wants a letter or `_` first). Any other name
 * becomes a safe, stable one: its letters, digits, `_` and `-` (other characters as `_`, a `_` in front when it does
 * not start with a letter), cut to fit, then `_` and eight hex digits of a hash of the whole name — e.g.
 * `ovos.clock/now` → `ovos_clock_now_3a6b5c1d`. That name suits OpenAI, Anthropic and Gemini alike. MCP names use
 * MCP's own reversible escape ({@link toMcpToolName}). `ovos` is the name itself.
 *
 * Map a vendor name back with {@link VendorNameIndex} (the hash makes the name stable, not decodable).
 */
export function vendorToolName(name: string, format: ToolFormat): string {
  if (format === 'ovos') return name;
  if (format === 'mcp') return toMcpToolName(name) ?? safeName(name, 128);
  return VENDOR_PATTERN[format]!.test(name) ? name : safeName(name, 64);
}

function safeName(name: string, max: number): string {
  const hash = fnv1a(name);
  let base = name.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'tool';
  if (!/^[a-zA-Z_]/.test(base)) base = `_${base}`;
  return `${base.slice(0, max - hash.length - 1)}_${hash}`;
}

/** 32-bit FNV-1a of the UTF-16 code units, as eight hex digits. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * Maps vendor names back to tool names, over the names of one catalog: for every name and every vendor format,
 * {@link vendorToolName}'s answer points back at it, and MCP-escaped names are decoded. A vendor name that two tools
 * would share (which a stable hash makes astronomically rare, but a hostile toolbox could force by naming a tool
 * after another's mapped name) resolves to neither; callers look the exact name up first, so such a tool keeps its
 * own name.
 */
export class VendorNameIndex {
  private readonly map = new Map<string, string | null>();

  /** @param names the tool names of the catalog. */
  constructor(names: Iterable<string>) {
    for (const name of names) {
      for (const format of ['mcp', 'openai', 'anthropic', 'gemini'] as const) {
        const vendor = vendorToolName(name, format);
        if (vendor === name) continue;
        const seen = this.map.get(vendor);
        this.map.set(vendor, seen === undefined || seen === name ? name : null);
      }
    }
  }

  /**
   * The tool name a vendor name stands for: the catalog name it was mapped from, or the MCP-decoded name; `undefined`
   * when it maps from no catalog name (or from two).
   */
  resolve(vendorName: string): string | undefined {
    const hit = this.map.get(vendorName);
    if (hit !== undefined) return hit ?? undefined;
    const decoded = fromMcpToolName(vendorName);
    return decoded !== undefined && decoded !== vendorName ? decoded : undefined;
  }
}
