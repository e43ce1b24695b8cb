#!/usr/bin/env node
// Writes the provider config's reference table (docs/config-reference.md) and its published JSON Schema
// (packages/provider/ovos-tools.schema.json) from the config schema in the built provider (run `pnpm build` first).
// Usage: node packages/provider/scripts/write-config-reference.mjs   (the provider's `pnpm config-reference`)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configReferenceMarkdown, publishedJsonSchemaText } from '../dist/config/configReference.js';

const pkg = fileURLToPath(new URL('..', import.meta.url));
writeFileSync(`${pkg}ovos-tools.schema.json`, publishedJsonSchemaText());
writeFileSync(`${pkg}../../docs/config-reference.md`, configReferenceMarkdown());
console.log('wrote packages/provider/ovos-tools.schema.json and docs/config-reference.md');
