import type { TObject } from 'typebox';
import { TOOL_NAME_PATTERN } from '../tool/AgentTool.js';
import { checkConfirmationTemplate } from '../tool/ConfirmationTemplate.js';
import { TOOLBOX_BRAND, TOOLBOX_CONTRACT_VERSION } from '../toolbox/brand.js';
import type { CallToolOptions } from '../toolbox/ToolBoxOptions.js';
import type { ToolLike } from '../wire/toolJson.js';
import { typeName } from '../node/entryPoints.js';

/**
 * The structural view of a toolbox instance a host relies on. Toolboxes built on any copy of
 * `@ovos-tools/core` with the same contract major fit; nothing here uses `instanceof`.
 */
export interface ToolBoxLike {
  /** The toolbox id (`toolbox_id` on the wire). */
  toolboxId: string;
  /** The tools by name, as of the last discovery. */
  readonly tools: ReadonlyMap<string, ToolLike>;
  /** Runs `discoverTools()` again and replaces {@link ToolBoxLike.tools}. */
  refreshTools(): void;
  /** Validates `args`, runs the tool and validates its output; rejects with a `ToolError` (see core's `ToolBox.callTool`). */
  callTool(name: string, args: unknown, options?: CallToolOptions): Promise<Record<string, unknown>>;
  /** Answers the toolbox's OVOS per-toolbox topics on `bus` (`ovos.persona.tools.discover`, `.<id>.call`). */
  bind(bus: unknown): void;
  /** Stops answering on the bus it was bound to. */
  unbind(): void;
  /** Releases what the toolbox holds (workers, watchers, connections). */
  close(): Promise<void> | void;
  /** Loads in the background what the first calls would load (see core's `ToolBox.warmUp`); absent on toolboxes built on an older core. */
  warmUp?(): Promise<void> | void;
}

/** A class that constructs {@link ToolBoxLike} instances: `new Cls({ config, bus, logger, brain, pluginRoots })`. */
export type ToolBoxClass = (new (options: Record<string, unknown>) => ToolBoxLike) & {
  /** The static `toolboxId` the class declares (checked to be a string matching its entry-point name). */
  readonly toolboxId?: unknown;
  /** The class name, used in messages. */
  readonly name: string;
  /** The schema of the toolbox's config section, when the class declares one (`static configSchema`; checked to be an object schema). */
  readonly configSchema?: TObject;
};

/** The class, or a message saying exactly what is wrong. */
export type ToolBoxClassCheck =
  | {
      /** The value is a usable toolbox class. */
      ok: true;
      /** The class. */
      cls: ToolBoxClass;
    }
  | {
      /** It is not. */
      ok: false;
      /** What is wrong and how to fix it, one sentence. */
      message: string;
    };

const METHODS = ['discoverTools', 'refreshTools', 'callTool', 'bind', 'unbind', 'close'] as const;

/** A JSON Schema of an object with declared properties (what `Type.Object` makes). */
function isObjectSchema(v: unknown): v is TObject {
  return v !== null && typeof v === 'object' && (v as { type?: unknown }).type === 'object' && typeof (v as { properties?: unknown }).properties === 'object';
}

/**
 * Checks that `value` is a toolbox class of this core's contract, as the provider does at load: the
 * `Symbol.for('ovos-tools.toolbox')` brand equals {@link TOOLBOX_CONTRACT_VERSION}, and the prototype has every
 * method a host calls (`discoverTools`, `refreshTools`, `callTool`, `bind`, `unbind`, `close`), and a `configSchema`,
 * when the class declares one, is an object schema.
 * Ported from the provider's `checkToolBoxClass`. Never throws.
 * @returns `{ok: true, cls}`, or `{ok: false, message}` (e.g. an incompatible contract major).
 */
export function checkToolBoxClass(value: unknown): ToolBoxClassCheck {
  if (typeof value !== 'function') return { ok: false, message: `expected a ToolBox class, received ${typeName(value)}` };
  const brand = (value as unknown as Record<symbol, unknown>)[TOOLBOX_BRAND];
  if (brand === undefined) {
    return { ok: false, message: `${value.name || 'the export'} is not a ToolBox class: it does not extend ToolBox from @ovos-tools/core` };
  }
  if (brand !== TOOLBOX_CONTRACT_VERSION) {
    return {
      ok: false,
      message: `${value.name} targets toolbox contract ${String(brand)}, but this host supports contract ${TOOLBOX_CONTRACT_VERSION}; install a version of the package built on a compatible @ovos-tools/core major`,
    };
  }
  // every problem of the class at once, in one message
  const problems: string[] = [];
  const schema = (value as { configSchema?: unknown }).configSchema;
  if (schema !== undefined && !isObjectSchema(schema)) {
    problems.push(`${value.name}.configSchema: expected an object schema of the config section (Type.Object({...})), received ${typeName(schema)}`);
  }
  const proto = (value as { prototype?: Record<string, unknown> }).prototype;
  for (const method of METHODS) {
    if (typeof proto?.[method] !== 'function') problems.push(`${value.name}.prototype.${method}: expected a function, received ${typeName(proto?.[method])}`);
  }
  return problems.length ? { ok: false, message: problems.join('; ') } : { ok: true, cls: value as unknown as ToolBoxClass };
}

/**
 * Checks a toolbox instance's id and every discovered tool field by field, as the provider does after discovery.
 * Reads `instance.tools` (which runs discovery on first read); call `refreshTools()` first to surface discovery errors.
 * A `confirmation` template must parse and name only declared arguments (`discoverTools()[0].confirmation.en: unknown placeholder {pth}: …`).
 * @returns a path-precise message for the first problem (e.g. `discoverTools()[2].name: expected string, received number`), or `null`.
 *   {@link checkToolsProblems} returns every problem.
 */
export function checkTools(instance: ToolBoxLike): string | null {
  return checkToolsProblems(instance)[0] ?? null;
}

/**
 * Every problem {@link checkTools} looks for, not only the first: each tool's every field is checked, so a toolbox
 * author sees all of them at once (`ovos-tools check` prints them all). Never throws.
 * @returns one path-precise message per problem, in tool and field order; empty when the toolbox passes.
 */
export function checkToolsProblems(instance: ToolBoxLike): string[] {
  if (typeof instance.toolboxId !== 'string' || !instance.toolboxId) return [`toolboxId: expected a non-empty string, received ${typeName(instance.toolboxId)}`];
  const tools = instance.tools;
  if (!(tools instanceof Map)) return [`tools: expected a Map, received ${typeName(tools)}`];
  const problems: string[] = [];
  let i = 0;
  for (const tool of tools.values()) problems.push(...toolProblems(tool, `discoverTools()[${i++}]`));
  return problems;
}

/** The problems of one discovered tool, each prefixed with `where` (`discoverTools()[2]`). */
function toolProblems(tool: unknown, where: string): string[] {
  if (tool === null || typeof tool !== 'object') return [`${where}: expected an AgentTool, received ${typeName(tool)}`];
  const t = tool as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof t.name !== 'string') problems.push(`${where}.name: expected string, received ${typeName(t.name)}`);
  else if (!TOOL_NAME_PATTERN.test(t.name)) problems.push(`${where}.name: "${t.name}" does not match ${TOOL_NAME_PATTERN}`);
  if (typeof t.description !== 'string') problems.push(`${where}.description: expected string, received ${typeName(t.description)}`);
  for (const key of ['argumentSchema', 'outputSchema']) {
    const v = t[key];
    if (v === null || typeof v !== 'object' || Array.isArray(v)) problems.push(`${where}.${key}: expected a JSON Schema object, received ${typeName(v)}`);
  }
  if (typeof t.toolCall !== 'function') problems.push(`${where}.toolCall: expected function, received ${typeName(t.toolCall)}`);
  // a template is checked against the arguments it names, so only once they are a schema
  if (t.confirmation !== undefined && t.argumentSchema !== null && typeof t.argumentSchema === 'object' && !Array.isArray(t.argumentSchema)) {
    const problem = checkConfirmationTemplate(t.confirmation, t.argumentSchema);
    if (problem) problems.push(`${where}.${problem}`);
  }
  return problems;
}

/**
 * The check a host makes between a package's entry-point name and the class it names: they must be equal, because
 * the entry-point name keys the toolbox's config section and `toolboxId` is its bus topic
 * (`ovos.persona.tools.<toolbox_id>.call`). Never throws.
 * @returns a message saying which to change, or `null` when they agree.
 */
export function checkEntryPointName(entryPointName: string, toolboxId: unknown): string | null {
  if (toolboxId === entryPointName) return null;
  return `entry point "${entryPointName}" names a class whose toolboxId is ${JSON.stringify(toolboxId)}; make them equal (set \`static toolboxId = '${entryPointName}'\` or rename the entry point), because the entry-point name keys the toolbox's config and toolboxId is its bus topic`;
}
