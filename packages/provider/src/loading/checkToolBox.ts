import { TOOL_NAME_PATTERN, TOOLBOX_BRAND, TOOLBOX_CONTRACT_VERSION, type ToolLike } from '@ovos-tools/core';
import { typeName } from '../discovery/entryPoints.js';

/**
 * The structural view of a toolbox instance the provider relies on. Toolboxes built on any copy of
 * `@ovos-tools/core` with the same contract major fit; nothing here uses `instanceof`.
 */
export interface ToolBoxLike {
  toolboxId: string;
  readonly tools: ReadonlyMap<string, ToolLike>;
  refreshTools(): void;
  callTool(name: string, args: unknown, options?: CallToolOptionsLike): Promise<Record<string, unknown>>;
  bind(bus: unknown): void;
  unbind(): void;
  close(): Promise<void> | void;
}

/** The per-call options the provider passes to `callTool` (core's `CallToolOptions`, structurally). */
export interface CallToolOptionsLike {
  signal?: AbortSignal;
  timeoutMs?: number;
  context?: Record<string, unknown>;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

/** A class that constructs {@link ToolBoxLike} instances. */
export type ToolBoxClass = new (options: Record<string, unknown>) => ToolBoxLike;

const METHODS = ['discoverTools', 'refreshTools', 'callTool', 'bind', 'unbind', 'close'] as const;

/**
 * Checks that `value` is a toolbox class of a compatible contract: the `Symbol.for('ovos-tools.toolbox')`
 * brand equals this provider's contract major, and the prototype has every method the provider calls.
 * @returns the class, or a message saying exactly what is wrong (e.g. an incompatible core major).
 */
export function checkToolBoxClass(value: unknown): { ok: true; cls: ToolBoxClass } | { ok: false; message: string } {
  if (typeof value !== 'function') return { ok: false, message: `expected a ToolBox class, received ${typeName(value)}` };
  const brand = (value as unknown as Record<symbol, unknown>)[TOOLBOX_BRAND];
  if (brand === undefined) {
    return { ok: false, message: `${value.name || 'the export'} is not a ToolBox class: it does not extend ToolBox from @ovos-tools/core` };
  }
  if (brand !== TOOLBOX_CONTRACT_VERSION) {
    return {
      ok: false,
      message: `${value.name} targets toolbox contract ${String(brand)}, but this provider supports contract ${TOOLBOX_CONTRACT_VERSION}; install a version of the package built on a compatible @ovos-tools/core major`,
    };
  }
  const proto = (value as { prototype?: Record<string, unknown> }).prototype;
  for (const method of METHODS) {
    if (typeof proto?.[method] !== 'function') return { ok: false, message: `${value.name}.prototype.${method}: expected a function, received ${typeName(proto?.[method])}` };
  }
  return { ok: true, cls: value as unknown as ToolBoxClass };
}

/**
 * Checks every discovered tool field by field.
 * @returns a path-precise message for the first problem (e.g. `discoverTools()[2].name: expected string, received number`), or `null`.
 */
export function checkTools(instance: ToolBoxLike): string | null {
  if (typeof instance.toolboxId !== 'string' || !instance.toolboxId) return `toolboxId: expected a non-empty string, received ${typeName(instance.toolboxId)}`;
  const tools = instance.tools;
  if (!(tools instanceof Map)) return `tools: expected a Map, received ${typeName(tools)}`;
  let i = 0;
  for (const tool of tools.values()) {
    const where = `discoverTools()[${i++}]`;
    if (tool === null || typeof tool !== 'object') return `${where}: expected an AgentTool, received ${typeName(tool)}`;
    const t = tool as unknown as Record<string, unknown>;
    if (typeof t.name !== 'string') return `${where}.name: expected string, received ${typeName(t.name)}`;
    if (!TOOL_NAME_PATTERN.test(t.name)) return `${where}.name: "${t.name}" does not match ${TOOL_NAME_PATTERN}`;
    if (typeof t.description !== 'string') return `${where}.description: expected string, received ${typeName(t.description)}`;
    for (const key of ['argumentSchema', 'outputSchema']) {
      const v = t[key];
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return `${where}.${key}: expected a JSON Schema object, received ${typeName(v)}`;
    }
    if (typeof t.toolCall !== 'function') return `${where}.toolCall: expected function, received ${typeName(t.toolCall)}`;
  }
  return null;
}
