import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { checkPackages, undocumentedFields } from '../../../scripts/checkTsdoc.mjs';

/**
 * Every field of an exported interface or object type has a doc comment (issue 19), in every published package.
 * `node scripts/checkTsdoc.mjs` lists what is missing.
 */
const CHECKED = readdirSync(path.join(fileURLToPath(new URL('../..', import.meta.url)))).filter((p) => p !== 'e2e');

describe('TSDoc on exported interface fields', () => {
  it.each(CHECKED)('%s: every exported interface and object type field is documented', (pkg) => {
    expect((checkPackages as (p: string[]) => string[])([pkg])).toEqual([]);
  });

  it('the check finds an undocumented field, in an interface and in a union of object types', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tsdoc-'));
    try {
      const file = path.join(dir, 'sample.ts');
      const text = `export interface A {\n  /** documented */\n  x: number;\n  y: string;\n}\nexport type B = { ok: true } | {\n  /** no */\n  ok: false;\n  reason: string;\n};\ninterface Private { z: number }\n`;
      writeFileSync(file, text);
      const found = (undocumentedFields as (f: string, t: string) => string[])(file, text).map((m) => m.replace(/^.*sample\.ts/, 'sample.ts'));
      expect(found).toEqual(['sample.ts:4 A.y', 'sample.ts:6 B.ok', 'sample.ts:9 B.reason']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
