import { readSection, type SectionProblem } from '../service/readSection.js';
import { ProviderConfigSchema, type ProviderConfigFile } from './ProviderConfigSchema.js';

/** What {@link readProviderKeys} returns: every provider key as the schema read it, and what was wrong. */
export interface ProviderKeysRead {
  /** Every provider key: its valid (coerced) value, else its `default` (a copy), else absent. */
  config: ProviderConfigFile;
  /** Every problem, each at its own path (`agents.ops.tools[2]`, `state.command_timeout_ms`), in schema order. */
  problems: SectionProblem[];
}

/**
 * Reads every provider key of a config section against `ProviderConfigSchema`, the one parser of the config: each
 * key with `readSection` (lax coercion like the toolbox kit's `readConfig`, then the strict check; a map entry by
 * entry), a missing or `null` key and an invalid one taking the key's `default`. Unknown keys and toolbox sections
 * are not read here (see `topLevelKeys` and the unknown-key walk).
 */
export function readProviderKeys(section: Readonly<Record<string, unknown>>): ProviderKeysRead {
  const config: Record<string, unknown> = {};
  const problems: SectionProblem[] = [];
  for (const [key, schema] of Object.entries(ProviderConfigSchema.properties as Record<string, object & { default?: unknown }>)) {
    if (key === '$schema') continue;
    const raw = Object.hasOwn(section, key) ? section[key] : undefined;
    const read = raw === undefined || raw === null ? undefined : readSection(key, schema, raw);
    problems.push(...(read?.problems ?? []));
    if (read?.value !== undefined && read.problems.length === 0) config[key] = read.value;
    else if ('default' in schema) config[key] = structuredClone(schema.default);
    else if (read?.value !== undefined) config[key] = read.value;
  }
  return { config: config as ProviderConfigFile, problems };
}
