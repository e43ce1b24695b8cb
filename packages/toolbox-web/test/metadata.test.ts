import fs from 'node:fs';
import { TOOLBOX_BRAND } from '@ovos-tools/core';
import * as pkg from '@ovos-tools/toolbox-web';
import { describe, expect, it } from 'vitest';
import { makeToolbox } from './helpers/server.js';

describe('toolbox identity and tool metadata', () => {
  it('is the ovos-web-search-tools entry point, exported by name', () => {
    const manifest = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest.entryPoints['opm.agents.toolbox']).toEqual({ 'ovos-web-search-tools': './dist/index.js#WebSearchToolBox' });
    expect(pkg.WebSearchToolBox.toolboxId).toBe('ovos-web-search-tools');
    expect((pkg.WebSearchToolBox as unknown as Record<symbol, unknown>)[TOOLBOX_BRAND]).toBeDefined();
  });

  it('describes both tools for catalogs: summary, tags, openWorld, examples that validate', async () => {
    const tb = makeToolbox({});
    const search = tb.getTool('web_search')!;
    const fetchUrl = tb.getTool('fetch_url')!;
    for (const tool of [search, fetchUrl]) {
      expect(tool.summary.length).toBeGreaterThan(10);
      expect(tool.tags).toEqual(expect.arrayContaining(['network', 'read-only']));
      expect(tool.openWorld).toBe(true);
      expect(tool.readOnly).toBe(true);
      expect(tool.examples.length).toBeGreaterThanOrEqual(2);
      expect(tool.errorModes).toBeTruthy();
      expect(tool.timeoutMs).toBeGreaterThan(10_000);
    }
    // every example's result satisfies the output schema
    const { compileSchema } = await import('@ovos-tools/core');
    for (const tool of [search, fetchUrl]) {
      for (const ex of tool.examples) {
        expect(compileSchema(tool.argumentSchema).parse(ex.arguments).ok).toBe(true);
        if (ex.result) expect(compileSchema(tool.outputSchema).parse(ex.result)).toMatchObject({ ok: true });
      }
    }
  });

  it('sizes the web_search time limit from the retry config', () => {
    const tb = makeToolbox({ timeout_s: 2, max_retries: 1, max_backoff_ms: 1000, min_interval_ms: 0 });
    expect(tb.getTool('web_search')!.timeoutMs).toBe(2 * 2000 + 1000 + 5000);
    expect(tb.getTool('fetch_url')!.timeoutMs).toBe(2000 + 5000);
  });
});
