import path from 'node:path';
import { checkToolboxPackage, type PackageCheck } from '@ovos-tools/core/testing';
import { checkLocaleUtterances, readLocaleUtterances } from '../../search/localeUtterances.js';
import { ExitCode } from '../CliError.js';
import { loadProviderConfig } from '../../config/loadProviderConfig.js';
import { installedToolboxNames, packageToolboxNames } from '../../config/installedToolboxNames.js';
import { checkedSettings } from '../../config/providerConfigSource.js';

/** Options of `ovos-tools check`. */
export interface CheckOptions {
  /** Also run every tool's examples and compare them with their declared results. */
  examples?: boolean;
  /**
   * A provider config (`--config FILE`, the section itself or a whole mycroft.conf, read and checked as `serve`
   * reads it: every problem at once, the security-relevant names against the package and the plugin roots); then
   * each toolbox's section (by entry-point name) is passed to its constructor and checked against its `configSchema`.
   */
  config?: string;
  /** Print the report as JSON. */
  json?: boolean;
}

/**
 * `ovos-tools check <package-dir>`: checks a toolbox package the way the provider loads it (entry points, contract,
 * construction, discovery, tool fields, entry-point name equal to `toolboxId`; with `--examples`, the examples too;
 * its `locale/<lang>/<tool_name>.intent` example requests: a known language code, a tool of the package, not empty;
 * with `--config`, the config as `serve` checks it (names against the package, the packages installed beside it and
 * the config's plugin roots), then each toolbox's section against its `configSchema`)
 * and prints one line per toolbox and per problem.
 * @returns {@link ExitCode.ok} when the package passes, {@link ExitCode.checkFailed} (4) when it has any problem.
 * @throws `ProviderConfigError` listing every problem of the `--config` file (the CLI prints them all and exits 2),
 *   before any toolbox is constructed.
 */
export async function checkCommand(packageDir: string, options: CheckOptions): Promise<number> {
  const sections = options.config === undefined ? undefined : checkedSettings(loadProviderConfig(options.config), undefined, namesBeside(packageDir)).toolboxConfigs;
  const report = withLocale(await checkToolboxPackage(packageDir, { examples: options.examples === true, ...(sections ? { config: sections } : {}) }));
  process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : formatCheck(report));
  return report.ok ? ExitCode.ok : ExitCode.checkFailed;
}

/**
 * The toolbox names `check --config` checks the config's names against, besides those of the config's plugin roots:
 * the package's own, and those of the packages installed beside it (`<root>/node_modules/<it>`: that root's).
 */
function namesBeside(packageDir: string): string[] {
  const dir = path.resolve(packageDir);
  const parent = path.dirname(dir);
  const nodeModules = path.basename(parent) === 'node_modules' ? parent : path.basename(path.dirname(parent)) === 'node_modules' ? path.dirname(parent) : undefined;
  return [...packageToolboxNames(dir), ...(nodeModules ? installedToolboxNames([path.dirname(nodeModules)]) : [])];
}

/**
 * The report with the package's `locale` problems added (as package problems, `locale/en/x.intent: …`): file names
 * are checked against the tools only when every toolbox loaded (otherwise the tools are not known).
 */
function withLocale(report: PackageCheck): PackageCheck {
  const loaded = report.toolboxes.length > 0 && report.toolboxes.every((t) => t.problems.length === 0);
  const problems = loaded ? checkLocaleUtterances(report.packageDir, report.toolboxes.flatMap((t) => t.tools)) : readLocaleUtterances(report.packageDir).problems;
  if (problems.length === 0) return report;
  return { ...report, ok: false, problems: [...report.problems, ...problems] };
}

/** The human report: a header, `ok`/`FAIL` per toolbox with its tools, indented problems and warnings, a verdict. */
export function formatCheck(report: PackageCheck): string {
  const lines = [`${report.packageName ?? '(unnamed package)'}${report.packageVersion ? `@${report.packageVersion}` : ''}  ${report.packageDir}`];
  for (const p of report.problems) lines.push(`  problem: ${p}`);
  for (const t of report.toolboxes) {
    const tools = t.tools.length ? ` — ${t.tools.length} tool(s): ${t.tools.join(', ')}` : '';
    lines.push(`  ${t.problems.length ? 'FAIL' : 'ok  '} ${t.entryPointName} (${t.target})${tools}`);
    for (const p of t.problems) lines.push(`       problem: ${p}`);
  }
  for (const w of report.warnings) lines.push(`  warning: ${w}`);
  const count = report.problems.length + report.toolboxes.reduce((n, t) => n + t.problems.length, 0);
  lines.push(report.ok ? 'check passed' : `check failed: ${count} problem(s)`);
  return `${lines.join('\n')}\n`;
}
