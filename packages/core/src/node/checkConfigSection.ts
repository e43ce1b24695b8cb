import type { TObject } from 'typebox';
import { readConfig, type ConfigProblem } from './readConfig.js';
import { unknownKeys } from './unknownKeys.js';

/**
 * Every problem of a config section against the schema that declares it (a toolbox's `static configSchema`, or a
 * part of the provider's): its unknown keys at every level, each named with the nearest known key
 * (`{key: 'max_byte', message: "unknown key; did you mean 'max_bytes'?"}`), then its values of the wrong type or
 * range, as {@link readConfig} reports them. Empty when the section is valid. Never throws.
 * @param schema - the section's keys: `Type.Object({ max_bytes: Type.Integer({ minimum: 1, default: 1024 }), ... })`.
 * @param section - the section as loaded (untrusted).
 */
export function checkConfigSection(schema: TObject, section: unknown): ConfigProblem[] {
  return [...unknownKeys(schema, section), ...readConfig(schema, section).problems];
}
