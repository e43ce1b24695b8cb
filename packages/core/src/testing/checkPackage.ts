import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CheckExamplesOptions } from './checkExamples.js';
import { parseEntryPoints, TOOLBOX_GROUP } from '../node/entryPoints.js';
import { verifyToolbox } from './verifyToolbox.js';
import { errorText } from '../node/values.js';

/** The result of checking one declared toolbox of a package. */
export interface ToolboxCheck {
  /** The entry-point name (the key under `entryPoints["opm.agents.toolbox"]`). */
  entryPointName: string;
  /** The declaration as written, e.g. `./dist/index.js#HelloToolBox`. */
  target: string;
  /** The constructed toolbox's id, when construction got that far. */
  toolboxId?: string;
  /** The discovered tool names, in order. */
  tools: string[];
  /** What is wrong, one line each, saying how to fix it; empty when the toolbox passes. */
  problems: string[];
}

/** The result of {@link checkToolboxPackage}. */
export interface PackageCheck {
  /** True when neither the package nor any toolbox has a problem (warnings do not count). */
  ok: boolean;
  /** The package directory that was checked (absolute). */
  packageDir: string;
  /** `name` from its package.json, when readable. */
  packageName?: string;
  /** `version` from its package.json, when readable. */
  packageVersion?: string;
  /** Package-level problems (unreadable package.json, malformed or missing entry points). */
  problems: string[];
  /** Things that load today but are likely to break an install or a release (e.g. core not a peer dependency). */
  warnings: string[];
  /** One verdict per declared toolbox entry point, in declaration order. */
  toolboxes: ToolboxCheck[];
}

/** Options of {@link checkToolboxPackage}. */
export interface CheckPackageOptions {
  /** Config sections by entry-point name, passed to the constructors as the provider would; default `{}` each. */
  config?: Record<string, Record<string, unknown>>;
  /** Also run every tool example ({@link checkExamples}); `true` or its options. Off by default: examples may need the network or the clock. */
  examples?: boolean | CheckExamplesOptions;
  /** Give up on a module import after this many ms (the provider's default: 10000). */
  importTimeoutMs?: number;
}

const CORE = '@ovos-tools/core';
let importCounter = 0;

/**
 * Checks an installed or built toolbox package directory the way the provider loads it, and reports every problem
 * instead of stopping at the first toolbox: package.json and its `entryPoints["opm.agents.toolbox"]` shape; for
 * each entry point, that the module exists and imports, has the named export, that the export is a ToolBox class of
 * contract 1 (brand and methods), constructs with `{config, logger}`, discovers its tools, that every tool has valid
 * fields, and that the entry-point name equals the class's `toolboxId`. Optionally runs the tools' examples.
 * Never throws; the package's module is imported into this process (it is the author's own code).
 */
export async function checkToolboxPackage(packageDir: string, options: CheckPackageOptions = {}): Promise<PackageCheck> {
  const dir = path.resolve(packageDir);
  const report: PackageCheck = { ok: false, packageDir: dir, problems: [], warnings: [], toolboxes: [] };
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    report.problems.push(code === 'ENOENT' ? `${dir} has no package.json; give the directory of a toolbox package` : `package.json cannot be read: ${(err as Error).message}`);
    return report;
  }
  if (pkg === null || typeof pkg !== 'object' || Array.isArray(pkg)) {
    report.problems.push('package.json: expected a JSON object');
    return report;
  }
  if (typeof pkg.name === 'string') report.packageName = pkg.name;
  else report.problems.push('package.json name: expected a string');
  if (typeof pkg.version === 'string') report.packageVersion = pkg.version;
  else report.problems.push('package.json version: expected a string');
  report.warnings.push(...corePlacementWarnings(pkg));

  const parsed = parseEntryPoints(pkg);
  report.problems.push(...parsed.problems);
  const declared = (pkg.entryPoints as Record<string, Record<string, string>> | undefined)?.[TOOLBOX_GROUP] ?? {};
  if (!parsed.declarations.length && !parsed.problems.length) {
    report.problems.push(`package.json declares no toolbox: add "entryPoints": {"${TOOLBOX_GROUP}": {"<toolbox-id>": "./dist/index.js#<ClassName>"}}`);
  }
  for (const decl of parsed.declarations) {
    const unpacked = filesWarning(pkg.files, decl.modulePath);
    if (unpacked) report.warnings.push(unpacked);
    const check: ToolboxCheck = { entryPointName: decl.name, target: String(declared[decl.name]), tools: [], problems: [] };
    report.toolboxes.push(check);
    await checkDeclaration(dir, decl, check, options);
  }
  report.ok = !report.problems.length && report.toolboxes.every((t) => !t.problems.length);
  return report;
}

async function checkDeclaration(
  dir: string,
  decl: { name: string; modulePath: string; exportName: string },
  check: ToolboxCheck,
  options: CheckPackageOptions,
): Promise<void> {
  const problem = (text: string) => check.problems.push(text);
  const file = path.resolve(dir, decl.modulePath);
  try {
    if (!(await stat(file)).isFile()) return void problem(`${decl.modulePath} is not a file`);
  } catch {
    return void problem(`${decl.modulePath} does not exist; build the package first (npm run build) or fix the entry point`);
  }
  let namespace: Record<string, unknown>;
  try {
    const url = `${pathToFileURL(file).href}?ovos-check=${++importCounter}`;
    namespace = await withTimeout(import(url) as Promise<Record<string, unknown>>, options.importTimeoutMs ?? 10_000, `import of ${decl.modulePath}`);
  } catch (err) {
    return void problem(`importing ${decl.modulePath} failed: ${errorText(err)}`);
  }
  if (!(decl.exportName in namespace)) {
    return void problem(`${decl.modulePath} has no export "${decl.exportName}" (exports: ${Object.keys(namespace).join(', ') || 'none'})`);
  }
  const verdict = await verifyToolbox(namespace[decl.exportName], { entryPointName: decl.name, config: options.config?.[decl.name], examples: options.examples });
  check.toolboxId = verdict.toolboxId;
  check.tools = verdict.tools;
  check.problems.push(...verdict.problems);
}

/** Warnings about where `@ovos-tools/core` is declared: a toolbox shares the host's core through a peer dependency. */
function corePlacementWarnings(pkg: Record<string, unknown>): string[] {
  const peers = pkg.peerDependencies as Record<string, unknown> | undefined;
  const deps = pkg.dependencies as Record<string, unknown> | undefined;
  if (deps && CORE in deps) return [`${CORE} is in "dependencies": move it to "peerDependencies" (e.g. "^1.0.0") so the toolbox uses the host's copy`];
  if (!peers || !(CORE in peers)) return [`${CORE} is not a peer dependency: add "peerDependencies": {"${CORE}": "^1.0.0"}`];
  return [];
}

/**
 * A warning when package.json `files` lists paths and none covers the entry module, so `npm pack` would leave it out.
 * Globs are assumed to cover it (npm's full matching is not repeated here).
 */
function filesWarning(files: unknown, modulePath: string): string | null {
  if (!Array.isArray(files)) return null;
  const target = modulePath.replace(/^\.\//, '');
  const covered = files.some((f) => {
    if (typeof f !== 'string' || f.startsWith('!')) return false;
    const entry = f.replace(/^\.?\//, '').replace(/\/+$/, '');
    return /[*?[{]/.test(entry) || entry === target || target.startsWith(`${entry}/`);
  });
  return covered ? null : `${modulePath} is not covered by package.json "files" (${JSON.stringify(files)}), so npm pack would leave it out; add "${target.split('/')[0]}"`;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

