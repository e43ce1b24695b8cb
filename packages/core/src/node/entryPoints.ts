import { isObject } from './values.js';

/** The package.json entry-point group that declares toolbox classes (OVOS `opm.agents.toolbox`). */
export const TOOLBOX_GROUP = 'opm.agents.toolbox';

/** Entry-point names are npm-like ids: letters, digits, `.`, `_`, `-`, 1-128 characters, starting alphanumeric. */
export const ENTRY_POINT_NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,127}$/;

/** A parsed `"<name>": "./dist/index.js#ExportName"` declaration. */
export interface EntryPointTarget {
  /** Module path relative to the package root, e.g. `./dist/index.js`. */
  modulePath: string;
  /** Named export holding the class; `default` when the value has no `#` part or says `#default`. */
  exportName: string;
}

/** The result of reading one package.json's `entryPoints[group]`: valid declarations and readable problems. */
export interface ParsedEntryPoints {
  /** The valid declarations in package.json order: the entry-point name with its module path and export. */
  declarations: Array<{ name: string } & EntryPointTarget>;
  /** One line per problem, each starting with the JSON path that is wrong (`entryPoints["opm.agents.toolbox"]["x"]: ...`). */
  problems: string[];
}

/** The entries of one package.json's `entryPoints[group]` whose shape is right, and readable problems. */
export interface EntryPointGroup {
  /** `"<name>": "<value>"` pairs with a valid name and a string value, in package.json order. */
  entries: Array<{
    /** The entry-point name ({@link ENTRY_POINT_NAME_PATTERN}). */
    name: string;
    /** Its string value, not yet interpreted (a module target, a SKILL.md path, …). */
    value: string;
  }>;
  /** One line per problem, each starting with the JSON path that is wrong (`entryPoints["<group>"]["x"]: ...`). */
  problems: string[];
}

/**
 * Reads `pkg.entryPoints[group]` of a parsed package.json as `{"<name>": "<string>"}`: the shape every entry-point
 * group shares (toolbox classes, host sources, SKILL.md files). A missing `entryPoints` or group yields nothing;
 * anything else of the wrong shape is reported in `problems` with its JSON path and skipped. `example` is a valid
 * value shown in those messages, e.g. `"./module.js#Export"`. Never throws.
 */
export function readEntryPointGroup(pkg: unknown, group: string, example: string): EntryPointGroup {
  const out: EntryPointGroup = { entries: [], problems: [] };
  if (!isObject(pkg)) return out;
  const eps = pkg.entryPoints;
  if (eps === undefined) return out;
  if (!isObject(eps)) {
    out.problems.push(`entryPoints: expected an object, received ${typeName(eps)}`);
    return out;
  }
  const groupValue = eps[group];
  if (groupValue === undefined) return out;
  if (!isObject(groupValue)) {
    out.problems.push(`entryPoints["${group}"]: expected an object of "<name>": ${example}, received ${typeName(groupValue)}`);
    return out;
  }
  for (const [name, value] of Object.entries(groupValue)) {
    const where = `entryPoints["${group}"]["${name}"]`;
    if (!ENTRY_POINT_NAME_PATTERN.test(name)) out.problems.push(`${where}: invalid entry-point name; use letters, digits, '.', '_' and '-'`);
    else if (typeof value !== 'string' || value === '') out.problems.push(`${where}: expected a string ${example}, received ${value === '' ? 'an empty string' : typeName(value)}`);
    else out.entries.push({ name, value });
  }
  return out;
}

/**
 * Reads `pkg.entryPoints[group]` from a parsed package.json (the shape the provider discovers). The accepted shape:
 * `{ "entryPoints": { "opm.agents.toolbox": { "<entry-point-name>": "./relative/module.js#ExportName" } } }`.
 * Anything else is reported in `problems` with the JSON path that is wrong, and skipped; never throws. The provider's
 * discovery, `ovos-tools check` and the testing kit all read declarations with it.
 */
export function parseEntryPoints(pkg: unknown, group: string = TOOLBOX_GROUP): ParsedEntryPoints {
  const { entries, problems } = readEntryPointGroup(pkg, group, '"./module.js#Export"');
  const out: ParsedEntryPoints = { declarations: [], problems };
  for (const { name, value } of entries) {
    const target = parseTarget(value);
    if (typeof target === 'string') out.problems.push(`entryPoints["${group}"]["${name}"]: ${target}`);
    else out.declarations.push({ name, ...target });
  }
  return out;
}

function parseTarget(value: string): EntryPointTarget | string {
  const hash = value.indexOf('#');
  const modulePath = hash < 0 ? value : value.slice(0, hash);
  const exportName = hash < 0 ? 'default' : value.slice(hash + 1) || 'default';
  if (!modulePath.startsWith('./')) return `module path "${modulePath}" must be relative to the package root and start with "./"`;
  if (modulePath.split('/').includes('..')) return `module path "${modulePath}" must stay inside the package`;
  if (!/^[A-Za-z_$][\w$]*$/.test(exportName)) return `export name "${exportName}" is not a JavaScript identifier`;
  return { modulePath, exportName };
}

/** A short type name for messages: `string`, `number`, `array`, `null`, `object`, `function`... */
export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}
