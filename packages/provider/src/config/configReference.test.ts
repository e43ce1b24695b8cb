import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { configReferenceMarkdown, publishedJsonSchema, publishedJsonSchemaText } from './configReference.js';
import { nearKeyPattern } from './nearKeyPattern.js';
import { parseProviderConfig } from './ProviderConfig.js';
import { PROVIDER_KEYS } from './ProviderConfigSchema.js';

const at = (rel: string) => fileURLToPath(new URL(rel, import.meta.url));

describe('the generated config reference and JSON Schema', () => {
  test('docs/config-reference.md and ovos-tools.schema.json are up to date (regenerate: pnpm --filter @ovos-tools/provider config-reference)', () => {
    expect(readFileSync(at('../../../../docs/config-reference.md'), 'utf8')).toBe(configReferenceMarkdown());
    expect(readFileSync(at('../../ovos-tools.schema.json'), 'utf8')).toBe(publishedJsonSchemaText());
  });

  test('the reference has a row for every top-level key and for nested ones', () => {
    const doc = configReferenceMarkdown();
    for (const key of PROVIDER_KEYS) expect(doc).toContain(`| \`${key}\` |`);
    for (const key of ['result_store.max_bytes', 'federation.interval_ms', 'agents.<agent id>.tools', 'toolbox_hosts.<entry point>.isolation', 'http.listen']) {
      expect(doc).toContain(`| \`${key}\` |`);
    }
  });

  test('the published schema accepts a good file with $schema and a toolbox section, and refuses a misspelt nested key', () => {
    // an editor's validator (draft 2020-12), strict about the schema itself
    const check = new Ajv2020({ strict: true, allErrors: true }).compile(publishedJsonSchema());
    expect(check({ $schema: './ovos-tools.schema.json', default_timeout_ms: 5000, result_store: { max_bytes: 4096 }, 'ovos-clock-tools': { any: 1 } })).toBe(true);
    expect(check({ result_store: { maxBytes: 4096 } })).toBe(false);
    expect(check.errors?.[0]).toMatchObject({ instancePath: '/result_store', params: { additionalProperty: 'maxBytes' } });
    expect(check({ tool_timeout: 5 })).toBe(false);
    expect(check({ agents: { a: { credential: { sha256: 'ab' }, tools: ['*'], tool: [] } } })).toBe(false);
  });

  test('the published schema is as strict as serve: a misspelt section is no toolbox section (issue 43)', () => {
    const check = new Ajv2020({ strict: true, allErrors: true }).compile(JSON.parse(publishedJsonSchemaText()));
    for (const key of ['confirmaton', 'federaton', 'htp', 'result_stor', 'agnts', 'tool_timeuts', 'enabld']) {
      expect(check({ [key]: { a: 1 } }), key).toBe(false);
      expect(check.errors?.some((e) => e.keyword === 'propertyNames' && e.params.propertyName === key), key).toBe(true);
      expect(parseProviderConfig.bind(null, { [key]: { a: 1 } }), key).toThrow(`provider config '${key}': unknown key; did you mean`);
    }
    // a misspelt scalar key is named as a misspelt key, not only as "must be object"
    expect(check({ default_timeout_m: 5 })).toBe(false);
    expect(check.errors?.some((e) => e.keyword === 'propertyNames')).toBe(true);
    for (const key of ['ovos-clock-tools', 'ovos-shell-tools', 'cfg_tools', 'good_tools', 'ovos-web-search-tools']) {
      expect(check({ [key]: { a: 1 } }), key).toBe(true);
      expect(parseProviderConfig({ [key]: { a: 1 } }).toolboxConfigs, key).toEqual({ [key]: { a: 1 } });
    }
  });

  test('nearKeyPattern matches exactly the strings within its edits', () => {
    const within = new RegExp(nearKeyPattern('http'), 'u');
    for (const s of ['http', 'htp', 'htttp', 'hxtp', 'tp', 'htpt', 'ht', 'xhttpx']) expect(within.test(s), s).toBe(true);
    for (const s of ['h', 'xxttpxx', 'ftpxx', 'https_x']) expect(within.test(s), s).toBe(false);
    expect(new RegExp(nearKeyPattern('a$b', 1), 'u').test('a$b')).toBe(true);
  });
});
