import type { Logger } from '@ovos-tools/core';
import { parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { afterAll, expect, test } from 'vitest';
import { makePluginRoot, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';

/**
 * The search index is built in the background at every registry swap (issue 42: the first search after a start or
 * a reload answers at once): the provider's log says each generation's index serves before `start()` or the reload
 * resolves, and before anyone searched. Proven on the order of events and log lines, not on times.
 */
let root: PluginRoot | undefined;
let provider: ToolsProvider | undefined;

afterAll(async () => {
  await provider?.close();
  root?.cleanup();
});

/** A logger that keeps its lines. */
function recordingLogger() {
  const lines: string[] = [];
  const log = (message: string) => void lines.push(message);
  const logger: Logger = { debug: log, info: log, warn: log, error: log };
  return { logger, lines, line: (pattern: RegExp) => lines.find((l) => pattern.test(l)) };
}

test('each generation\'s search index is built after its swap, before any search (before start and reload answer), and the first search ranks it', async () => {
  root = makePluginRoot();
  root.addPackage('home-tools', toolboxEntry('home'), { 'index.js': toolboxSource('home', { get_weather_forecast: '() => ({ result: "sunny" })', set_kitchen_timer: '() => ({ result: "set" })' }) });
  const log = recordingLogger();
  provider = new ToolsProvider({ pluginRoots: [root.dir], settings: parseProviderConfig({ isolation: 'inline', federation: false }), logger: log.logger, logLevel: 'silent', brain: null });
  const report = await provider.start();
  expect(report.totalTools).toBe(2);
  // no search was asked: the index of the first load's generation is built all the same, before start() resolves
  // (`serve` says it serves after that)
  expect(log.line(/search: the index of generation 1 serves/)).toMatch(/\(2 tool\(s\), built in \d+ ms\)/);
  root.addPackage('music-tools', toolboxEntry('music'), { 'index.js': toolboxSource('music', { play_music_album: '() => ({ result: "playing" })' }) });
  root.recordInstall('music-tools', '1.0.0');
  const reloaded = await provider.service.reload();
  expect(reloaded.ok && reloaded.report.totalTools).toBe(3);
  const generation = provider.service.generation;
  expect(generation).toBeGreaterThan(1);
  // the reload answers once the new generation's index serves
  expect(log.line(new RegExp(`search: the index of generation ${generation} serves`))).toMatch(/\(3 tool\(s\)/);
  const found = await provider.service.search({ query: 'play an album' });
  expect(found.ok && found.results.map((h) => h.entry.tool.name)[0]).toBe('play_music_album');
  expect(log.lines.filter((l) => /search index could not be rebuilt/.test(l))).toEqual([]);
}, 60_000);
