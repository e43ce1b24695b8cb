import { silentLogger } from '@ovos-tools/core';
import { expect, test } from 'vitest';
import type { ToolboxDeclaration } from '../discovery/scanPluginRoots.js';
import type { LoadProblem } from '../service/ToolboxStatus.js';
import { pickSearchRanker } from './pickSearchRanker.js';

const decl = (packageName: string, entryPointName: string, group: ToolboxDeclaration['group'] = 'ovos-tools.search-rankers'): ToolboxDeclaration => ({
  entryPointName,
  packageName,
  packageVersion: '1.0.0',
  packageDir: `/p/${packageName}`,
  modulePath: `/p/${packageName}/index.js`,
  exportName: 'searchRanker',
  root: '/p',
  fingerprint: 'f',
  group,
});

test('only @ovos-tools packages or pinned entry points may serve the ranker; the first allowed wins, others are problems', () => {
  const problems: LoadProblem[] = [];
  const chosen = pickSearchRanker(
    [decl('toolbox-x', 'x', 'opm.agents.toolbox'), decl('evil-ranker', 'evil'), decl('@ovos-tools/search-semantic', 'ovos-search-semantic'), decl('@ovos-tools/other', 'other')],
    [],
    problems,
    silentLogger,
  );
  expect(chosen?.entryPointName).toBe('ovos-search-semantic');
  expect(problems.map((p) => p.entryPoint)).toEqual(['evil', 'other']);
  expect(problems[0]!.error).toMatch(/read every tool's text and every search request.*add "evil" to pinned_toolboxes if you trust evil-ranker/);
  expect(problems[1]!.error).toMatch(/already served by @ovos-tools\/search-semantic/);
  expect(pickSearchRanker([decl('evil-ranker', 'evil')], ['evil'], [], silentLogger)?.packageName).toBe('evil-ranker');
  expect(pickSearchRanker([], [], [], silentLogger)).toBeUndefined();
});
