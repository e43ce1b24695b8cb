import { silentLogger } from '../logging/Logger.js';
import { checkConfigSection } from '../node/checkConfigSection.js';
import { checkExamples, type CheckExamplesOptions } from './checkExamples.js';
import { checkEntryPointName, checkToolBoxClass, checkToolsProblems, type ToolBoxLike } from '../contract/checkToolBox.js';

/** Options of {@link verifyToolbox}. */
export interface VerifyToolboxOptions {
  /** The entry-point name the class is (or will be) declared under; when given, it must equal the `toolboxId`. */
  entryPointName?: string;
  /** The toolbox's config section, passed to its constructor as the provider does (and checked against the class's `configSchema` when it declares one); default `{}`. */
  config?: Record<string, unknown>;
  /** Also run every tool example ({@link checkExamples}); `true` or its options. Default off. */
  examples?: boolean | CheckExamplesOptions;
}

/** The result of {@link verifyToolbox}. */
export interface ToolboxVerdict {
  /** True when there is no problem. */
  ok: boolean;
  /** The constructed toolbox's id, when construction got that far. */
  toolboxId?: string;
  /** The discovered tool names, in order (empty when discovery failed). */
  tools: string[];
  /** What is wrong, one line each, saying how to fix it. */
  problems: string[];
}

/**
 * Checks a toolbox class the way the provider does at load, in order, stopping at the first step that fails:
 * contract brand and methods ({@link checkToolBoxClass}), the config section against the class's `configSchema`, construction with `{config, logger}`, the entry-point
 * name against `toolboxId`, discovery, every tool's fields (all their problems, {@link checkToolsProblems}), at least one tool, then
 * optionally the examples. The instance is closed afterwards. Never throws.
 *
 * @example
 * ```ts
 * const verdict = await verifyToolbox(HelloToolBox, { entryPointName: 'ovos-hello-tools', examples: true });
 * assert.deepEqual(verdict.problems, []);
 * ```
 */
export async function verifyToolbox(value: unknown, options: VerifyToolboxOptions = {}): Promise<ToolboxVerdict> {
  const verdict: ToolboxVerdict = { ok: false, tools: [], problems: [] };
  const problem = (text: string) => verdict.problems.push(text);
  const cls = checkToolBoxClass(value);
  if (!cls.ok) return done(verdict, cls.message);
  // the config section against the toolbox's own schema, when it declares one
  if (cls.cls.configSchema && options.config !== undefined) {
    for (const p of checkConfigSection(cls.cls.configSchema, options.config)) problem(`config '${p.key}': ${p.message}`);
  }
  let instance: ToolBoxLike;
  try {
    instance = new cls.cls({ config: options.config ?? {}, logger: silentLogger });
  } catch (err) {
    return done(verdict, `constructing ${cls.cls.name} with {config, logger} failed: ${errorText(err)}`);
  }
  try {
    verdict.toolboxId = instance.toolboxId;
    const idProblem = options.entryPointName === undefined ? null : checkEntryPointName(options.entryPointName, instance.toolboxId);
    if (idProblem) problem(idProblem);
    try {
      instance.refreshTools();
    } catch (err) {
      return done(verdict, `discoverTools() failed: ${errorText(err)}`);
    }
    const toolProblems = checkToolsProblems(instance);
    if (toolProblems.length) return done(verdict, ...toolProblems);
    verdict.tools = [...instance.tools.keys()];
    if (!verdict.tools.length) problem('discoverTools() returned no tools');
    if (options.examples) {
      const exampleOptions = options.examples === true ? {} : options.examples;
      for (const f of await checkExamples(instance, exampleOptions)) problem(`${f.tool} example ${f.index}: ${f.message}`);
    }
  } finally {
    try {
      await instance.close();
    } catch (err) {
      problem(`close() failed: ${errorText(err)}`);
    }
  }
  return done(verdict);
}

function done(verdict: ToolboxVerdict, ...last: string[]): ToolboxVerdict {
  verdict.problems.push(...last);
  verdict.ok = !verdict.problems.length;
  return verdict;
}

import { errorText } from '../node/values.js';
