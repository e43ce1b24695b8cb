import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FakeBus, Message, type JsonObject, type Logger } from '@ovos-tools/core';
import { parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FUSION_WEIGHTS } from '../src/search/semantic/fuseRankings.js';
import { readVectorCache, vectorCacheFile } from '../src/search/semantic/vectorCache.js';
import { makePluginRoot, providerDir, toolboxEntry, type PluginRoot } from './helpers/pluginRoot.js';
import { until } from './helpers/processes.js';

/**
 * The search-ranker package (issue 42) as a user gets it: the real `@ovos-tools/search-semantic` folder installed in a
 * temp plugin root, its model in a real worker thread, its vectors in a temp cache dir. One model load per scenario
 * (each costs seconds of CPU), a catalog of four tools.
 */
const RANKER = '@ovos-tools/search-semantic';
const RANKER_DIR = path.resolve(providerDir, '..', 'search-semantic');
/** The workspace ranker's own declaration (its model id names the cache file, its dimensions each vector's length). */
const { searchRanker } = (await import(pathToFileURL(path.join(RANKER_DIR, 'dist', 'index.js')).href)) as { searchRanker: { modelId: string; dimensions: number } };
const TOOLS = `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
const tool = (name, description) => new AgentTool({ name, description, argumentSchema: Type.Object({ text: Type.Optional(Type.String()) }), outputSchema: Type.Object({}), toolCall: () => ({}) });
export class Toolbox extends ToolBox {
  static toolboxId = 'home_tools';
  discoverTools() {
    return [
      tool('save_note', 'Store a short text so it can be read back later.'),
      tool('set_timer', 'Start a countdown that rings when it ends.'),
      tool('get_weather', 'Current conditions and forecast for a city.'),
      tool('open_issue', 'Create a bug report in the project tracker.'),
    ];
  }
}
`;

interface Logged {
  lines: string[];
  logger: Logger;
}
function logged(): Logged {
  const lines: string[] = [];
  const push = (level: string) => (m: string) => void lines.push(`${level} ${m}`);
  return { lines, logger: { debug: () => {}, info: push('info'), warn: push('warn'), error: push('error') } as Logger };
}

let root: PluginRoot;
let cacheHome: string;
const savedCache = process.env.XDG_CACHE_HOME;

beforeAll(() => {
  root = makePluginRoot();
  root.addPackage('home-tools', toolboxEntry('home_tools', './index.js#Toolbox'), { 'index.js': TOOLS });
  cacheHome = mkdtempSync(path.join(tmpdir(), 'ovos-vectors-'));
  process.env.XDG_CACHE_HOME = cacheHome;
});
afterAll(() => {
  root.cleanup();
  rmSync(cacheHome, { recursive: true, force: true });
  if (savedCache === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = savedCache;
});

/** Installs the workspace's ranker package in the plugin root as npm would link it. */
function installRanker(): void {
  const at = path.join(root.dir, 'node_modules', '@ovos-tools', 'search-semantic');
  mkdirSync(path.dirname(at), { recursive: true });
  rmSync(at, { force: true });
  symlinkSync(RANKER_DIR, at, 'dir');
  root.recordInstall(RANKER, '0.1.0');
}

async function start(log: Logged) {
  const bus = new FakeBus();
  const provider = new ToolsProvider({ bus, pluginRoots: [root.dir], settings: parseProviderConfig({ isolation: 'inline', federation: false }), logger: log.logger, logLevel: 'silent', brain: null });
  await provider.start();
  const search = async (query: string): Promise<{ data: JsonObject; ms: number }> => {
    const started = performance.now();
    const reply = await bus.waitForResponse(new Message('ovos.tools.search', { query, explain: true }), 'ovos.tools.search.response', 10_000);
    if (!reply) throw new Error('no reply to ovos.tools.search');
    return { data: reply.data, ms: performance.now() - started };
  };
  const fused = (data: JsonObject) => ((data.tools as JsonObject[])[0]?.explain as JsonObject | undefined)?.rankers !== undefined;
  /** Searches until the model ranks too (each search answering meanwhile), then answers that search. */
  const untilFused = async (query: string) => {
    let last: JsonObject = {};
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { data } = await search(query);
      expect(data.error).toBeUndefined();
      last = data;
      if (fused(data)) return last;
      if (Date.now() > deadline) throw new Error(`the model never ranked; log:\n${log.lines.join('\n')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  return { provider, search, fused, untilFused };
}

const names = (data: JsonObject) => (data.tools as JsonObject[]).map((t) => t.name);
const modelOf = (provider: ToolsProvider) => (provider as unknown as { modelRanking: { current?: { status: string; worker?: { terminate(): Promise<number> } } } }).modelRanking;

describe('the search-ranker package', () => {
  test('absent: lexical search, no worker; npm install + reload: fused rankings (explain shows both ranks); killed mid-search: answered, logged, recovered; removed: lexical again', async () => {
    const log = logged();
    const p = await start(log);
    try {
      const before = await p.search('keep in mind that my keys are in the drawer');
      expect(p.fused(before.data)).toBe(false);
      expect(modelOf(p.provider).current).toBeUndefined();

      installRanker();
      await p.provider.reload();
      // the first search after the reload starts the model and answers lexically meanwhile
      const first = await p.search('keep in mind that my keys are in the drawer');
      expect(first.data.error).toBeUndefined();
      expect(p.fused(first.data)).toBe(false);
      const fused = await p.untilFused('keep in mind that my keys are in the drawer');
      expect(names(fused)[0]).toBe('save_note');
      const rankers = (fused.tools as JsonObject[])[0]!.explain as { rankers: Array<{ ranker: string; rank: number | null; score: number | null }> };
      expect(rankers.rankers.map((r) => r.ranker)).toEqual(['lexical', 'model']);
      expect(rankers.rankers[1]!.rank).toBe(1);
      expect(rankers.rankers[1]!.score).toBeGreaterThan(FUSION_WEIGHTS.minCosine); // its cosine: 0.19 here, the next tool's 0.08
      expect(log.lines.some((l) => l.includes('searches now rank by meaning too'))).toBe(true);

      // the worker killed while a search waits for it: that search answers lexically, the log says so
      const worker = modelOf(p.provider).current!.worker!;
      const killed = worker.terminate();
      const during = await p.search('report that the app crashes');
      expect(during.data.error).toBeUndefined();
      expect((during.data.tools as JsonObject[]).length).toBeGreaterThan(0);
      await killed;
      await until(() => log.lines.some((l) => l.startsWith('warn') && l.includes('stopped')), 'the log says the worker stopped');
      const recovered = await p.untilFused('report that the app crashes');
      expect(names(recovered)[0]).toBe('open_issue');

      // the package removed: searches still answer; the next reload drops the model
      root.removePackage(RANKER);
      expect((await p.search('start a countdown')).data.error).toBeUndefined();
      await p.provider.reload();
      const after = await p.search('start a countdown');
      expect(p.fused(after.data)).toBe(false);
      expect(names(after.data)).toContain('set_timer');
      expect(modelOf(p.provider).current).toBeUndefined();
      expect(log.lines.some((l) => l.includes('no search ranker installed any more'))).toBe(true);
    } finally {
      await p.provider.close();
    }
  }, 240_000);

  test('a cache file full of garbage is ignored (the log says so), the tools are embedded again and the file rewritten', async () => {
    const dir = path.join(cacheHome, 'ovos-tools', 'search-vectors');
    mkdirSync(dir, { recursive: true });
    const file = vectorCacheFile(dir, searchRanker.modelId);
    writeFileSync(file, Buffer.from('garbage'.repeat(1000)));
    installRanker();
    const log = logged();
    const p = await start(log);
    try {
      const fused = await p.untilFused('report that the app crashes');
      expect(names(fused)[0]).toBe('open_issue');
      expect(log.lines.some((l) => l.startsWith('warn') && l.includes('is not a cache'))).toBe(true);
      const reread = readVectorCache(file, searchRanker.dimensions);
      expect(reread.problem).toBeUndefined();
      expect(reread.vectors.size).toBeGreaterThanOrEqual(4);
    } finally {
      await p.provider.close();
      root.removePackage(RANKER);
    }
  }, 240_000);
});
