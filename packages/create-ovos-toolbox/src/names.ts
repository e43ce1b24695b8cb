/**
 * Entry-point names (toolbox ids) the provider accepts: letters, digits, `.`, `_`, `-`, 1-128 characters, starting
 * alphanumeric. The same pattern as `ENTRY_POINT_NAME_PATTERN` in `@ovos-tools/core/testing` (a test keeps them
 * equal); repeated here so the scaffolder installs with no dependencies.
 */
export const TOOLBOX_ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,127}$/;

/** npm package names: lower case, URL-safe, optionally `@scope/name`, at most 214 characters. */
const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/** @returns why `name` is not a valid npm package name, or `null` when it is. */
export function packageNameProblem(name: string): string | null {
  if (!name) return 'the package name is empty';
  if (name.length > 214) return `the package name is ${name.length} characters long; npm allows 214`;
  if (!PACKAGE_NAME.test(name)) return `"${name}" is not a valid npm package name: use lower-case letters, digits, '-', '.', '_' or '~', optionally as @scope/name`;
  return null;
}

/** @returns why `id` cannot be a toolbox id (entry-point name), or `null` when it can. */
export function toolboxIdProblem(id: string): string | null {
  if (TOOLBOX_ID_PATTERN.test(id)) return null;
  return `"${id}" is not a valid toolbox id: use 1-128 letters, digits, '.', '_' or '-', starting with a letter or digit (e.g. ovos-weather-tools)`;
}

/** The `license` a scaffolded package gets unless `--license` says otherwise: OVOS's own. */
export const DEFAULT_LICENSE = 'Apache-2.0';

/**
 * A license as npm accepts it in package.json: an SPDX identifier or expression (`MIT`, `Apache-2.0`,
 * `(MIT OR Apache-2.0)`, `GPL-3.0-or-later WITH Classpath-exception-2.0`), `UNLICENSED`, or `SEE LICENSE IN <file>`.
 */
const LICENSE = /^(?:SEE LICENSE IN [\w.-]+|\(?[A-Za-z0-9.+-]+\)?(?: +(?:OR|AND|WITH) +\(?[A-Za-z0-9.+-]+\)?)*)$/;

/** @returns why `license` cannot be a package.json `license`, or `null` when it can. */
export function licenseProblem(license: string): string | null {
  if (license.length <= 200 && LICENSE.test(license)) return null;
  return `"${license}" is not a license npm accepts: use an SPDX identifier or expression such as Apache-2.0, MIT or "(MIT OR Apache-2.0)", UNLICENSED, or "SEE LICENSE IN <file>"`;
}

/** The default package name for a target directory: its last path segment, lower-cased and made URL-safe. */
export function defaultPackageName(dir: string): string {
  const base = dir.replace(/[\\/]+$/, '').split(/[\\/]/).pop() ?? '';
  const name = base.toLowerCase().replace(/[^a-z0-9._~-]+/g, '-').replace(/^[._~-]+/, '');
  return name || 'ovos-my-tools';
}

/** The default toolbox id for a package name: the name without its `@scope/`. */
export function defaultToolboxId(packageName: string): string {
  return packageName.replace(/^@[^/]+\//, '');
}

/** The words of an id without the conventional `ovos-` prefix and `-tools`/`-toolbox` suffix: `ovos-weather-tools` → `weather`. */
function coreWords(id: string): string[] {
  const words = id.split(/[^a-zA-Z0-9]+/).filter(Boolean);
  if (words[0]?.toLowerCase() === 'ovos' && words.length > 1) words.shift();
  const last = words.at(-1)?.toLowerCase();
  if ((last === 'tools' || last === 'toolbox') && words.length > 1) words.pop();
  return words;
}

/** The class name for a toolbox id: `ovos-weather-tools` → `WeatherToolBox`; always a valid identifier. */
export function defaultClassName(id: string): string {
  const pascal = coreWords(id)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  const name = `${pascal}ToolBox`;
  return /^[0-9]/.test(name) ? `T${name}` : name;
}

/**
 * The example tool's name for a toolbox id: `ovos-weather-tools` → `weather_greet`. Prefixed with the toolbox's
 * subject so two scaffolded toolboxes can be installed side by side (tool names are unique across a provider).
 */
export function defaultToolName(id: string): string {
  const words = coreWords(id).map((w) => w.toLowerCase());
  return [...words, 'greet'].join('_').slice(-64).replace(/^_+/, '');
}
