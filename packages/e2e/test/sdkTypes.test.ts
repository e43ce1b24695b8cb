import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot } from './helpers/system.js';

// core's vendor definitions type-check against the official SDK types (openai, @anthropic-ai/sdk, @google/genai,
// @modelcontextprotocol/server): formats/sdkTypes.ts assigns each to the SDK's type; tsc fails on any drift.
test('core tool formats are assignable to the vendors’ SDK types', () => {
  const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const out = spawnSync(process.execPath, [tsc, '-p', path.join(repoRoot, 'packages', 'e2e', 'test', 'formats', 'tsconfig.json')], { encoding: 'utf8' });
  expect(out.stdout + out.stderr).toBe('');
  expect(out.status).toBe(0);
}, 120_000);
