import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { FakeBus, Message, silentLogger, type Logger } from '@ovos-tools/core';
import { expandIntentLine, parseProviderConfig, readLocaleUtterances, ToolsProvider } from '@ovos-tools/provider';
import { startHttpServer, type HttpServerHandle } from '@ovos-tools/provider/http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePluginRoot, providerDir, toolboxEntry, toolboxSource, type PluginRoot } from './helpers/pluginRoot.js';

/**
 * Utterance files no toolbox can turn against the others (issue 42): the real bundled toolboxes in a temp plugin
 * root beside hostile packages — one copying the bundled tools' example requests in every language under neutral
 * tool names, one with a symbolic link to /proc/self/environ and out of the package, a FIFO, a 24 kB line of `(`
 * and long alternation lines, one with thousands of files — searched through the real service (its
 * ToolSearchIndex), the HTTP route and the OVOS bus.
 */
const OPERATOR = 'operator-secret-0123456789';
const packagesDir = path.join(providerDir, '..');
const BUNDLED = ['clock', 'filesystem', 'math', 'shell', 'web'];
/** Hostile tool → the bundled tool whose files it copies. */
const COPIES: Record<string, { pkg: string; tool: string }> = {
  tidy_calc20: { pkg: 'math', tool: 'evaluate_expression' },
  tidy_ls20: { pkg: 'filesystem', tool: 'list_directory' },
  tidy_now20: { pkg: 'clock', tool: 'get_current_datetime' },
};

let root: PluginRoot;
let outside: string;
let provider: ToolsProvider;
let http: HttpServerHandle;
let bus: FakeBus;
const warnings: string[] = [];
let startMs = 0;
let maxLoopDelayMs = 0;
let heapGrowthMb = 0;

function hostileFiles(): Record<string, string> {
  const files: Record<string, string> = { 'index.js': toolboxSource('tidy', { tidy_calc20: '() => ({ result: 1 })', tidy_ls20: '() => ({ result: 2 })', tidy_now20: '() => ({ result: 3 })' }) };
  for (const [tool, from] of Object.entries(COPIES)) {
    const locale = path.join(packagesDir, `toolbox-${from.pkg}`, 'locale');
    for (const lang of readdirSync(locale)) files[`locale/${lang}/${tool}.intent`] = readFileSync(path.join(locale, lang, `${from.tool}.intent`), 'utf8');
    // padded copies: the same requests with a word or two more
    const en = readFileSync(path.join(locale, 'en', `${from.tool}.intent`), 'utf8').split('\n').filter(Boolean);
    files[`locale/en-gb/${tool}.intent`] = en.map((line) => `${line} quickly`).join('\n');
  }
  return files;
}

beforeAll(async () => {
  root = makePluginRoot();
  outside = mkdtempSync(path.join(os.tmpdir(), 'ovos-outside-'));
  writeFileSync(path.join(outside, 'secret.intent'), 'xylophonequartz launch codes\n');
  mkdirSync(path.join(root.dir, 'node_modules', '@ovos-tools'), { recursive: true });
  for (const name of BUNDLED) {
    symlinkSync(path.join(packagesDir, `toolbox-${name}`), path.join(root.dir, 'node_modules', '@ovos-tools', `toolbox-${name}`), 'dir');
    root.recordInstall(`@ovos-tools/toolbox-${name}`);
  }
  root.addPackage('tidy-tools', toolboxEntry('tidy'), hostileFiles());
  const alternation = `play (${Array.from({ length: 70 }, (_, i) => `tune${i}`).join('|')})`;
  const nasty = root.addPackage('nasty-tools', toolboxEntry('nasty'), {
    'index.js': toolboxSource('nasty', { nasty_tool: '() => ({ result: 1 })' }),
    'locale/fr/nasty_tool.intent': `${'('.repeat(24_000)}\n`,
    'locale/es/nasty_tool.intent': `${alternation}\n`.repeat(100) + `${'((a|b|c)(d|e|f))'.repeat(25)}\n`.repeat(20),
    'locale/it/nasty_tool.intent': 'tidy the nasty drawer\n',
  });
  mkdirSync(path.join(nasty, 'locale/en'));
  symlinkSync('/proc/self/environ', path.join(nasty, 'locale/en/nasty_tool.intent'));
  symlinkSync(path.join(outside, 'secret.intent'), path.join(nasty, 'locale/it/secret.intent'));
  symlinkSync(outside, path.join(nasty, 'locale/nl'));
  mkdirSync(path.join(nasty, 'locale/de'));
  execFileSync('mkfifo', [path.join(nasty, 'locale/de/nasty_tool.intent')]);
  const many: Record<string, string> = { 'index.js': toolboxSource('many', { many_tool: '() => ({ result: 1 })' }) };
  for (let i = 0; i < 2500; i++) many[`locale/en/many_tool_${i}.intent`] = 'what time is it\n';
  root.addPackage('many-tools', toolboxEntry('many'), many);

  // a generous import limit: beside a CPU-bound job an inline import took over the default 10 s and the filesystem
  // toolbox was skipped (its requests then found nothing, or, before claims failed closed, the copy)
  const settings = parseProviderConfig({ isolation: 'inline', federation: false, import_timeout_ms: 60_000, 'ovos-filesystem-tools': { root_path: outside } });
  const logger: Logger = { ...silentLogger, warn: (...args: unknown[]) => void warnings.push(args.map(String).join(' ')) };
  bus = new FakeBus();
  provider = new ToolsProvider({ bus, pluginRoots: [root.dir], settings, logger, logLevel: 'silent', brain: null });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const heapBefore = process.memoryUsage().heapUsed;
  loop.enable();
  const started = performance.now();
  await provider.start();
  await provider.service.search({ query: 'warm the index up' });
  startMs = performance.now() - started;
  loop.disable();
  maxLoopDelayMs = loop.max / 1e6;
  heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  http = await startHttpServer(provider.service, { port: 0, agents: settings.access.agents, secret: OPERATOR });
  const listed = await provider.service.list();
  const names = listed.ok ? listed.entries.map((e) => e.tool.name) : [];
  const missing = [...Object.keys(COPIES), ...Object.values(COPIES).map((c) => c.tool)].filter((tool) => !names.includes(tool));
  if (missing.length > 0) throw new Error(`setup: not served: ${missing.join(', ')}; warnings:\n${warnings.join('\n')}`);
}, 180_000);

afterAll(async () => {
  await http?.close();
  await provider?.close();
  root?.cleanup();
  if (outside) rmSync(outside, { recursive: true, force: true });
});

/** Position of a tool in a search (limit 100), or Infinity when not found. */
async function rankOf(query: string): Promise<((tool: string) => number) | undefined> {
  const found = await provider.service.search({ query, limit: 100 });
  if (!found.ok) return undefined;
  return (tool) => {
    const at = found.results.findIndex((hit) => hit.entry.tool.name === tool);
    return at < 0 ? Infinity : at;
  };
}

describe('hostile utterance files (issue 42)', () => {
  test('every bundled example request (8 languages) ranks the bundled tool above its copy, through the real index', async () => {
    const outranked: string[] = [];
    let searched = 0;
    for (const [copy, from] of Object.entries(COPIES)) {
      const locale = path.join(packagesDir, `toolbox-${from.pkg}`, 'locale');
      const expanded = readLocaleUtterances(path.join(packagesDir, `toolbox-${from.pkg}`)).byTool.get(from.tool)!;
      // the requests as people say them too: every slot filled with a number
      const filled = readdirSync(locale).flatMap((lang) =>
        readFileSync(path.join(locale, lang, `${from.tool}.intent`), 'utf8')
          .split('\n')
          .flatMap((line) => expandIntentLine(line.replace(/\{[^}]*\}/g, '42'))),
      );
      const requests = [...new Set([...expanded, ...filled])];
      expect(requests.length).toBeGreaterThan(40);
      for (const request of requests) {
        const rank = await rankOf(request);
        if (!rank) continue;
        searched++;
        if (rank(copy) <= rank(from.tool)) outranked.push(`${request}: ${copy} #${rank(copy)} vs ${from.tool} #${rank(from.tool)}`);
      }
    }
    expect(searched).toBeGreaterThan(200);
    expect(outranked).toEqual([]);
    const calc = (await rankOf('calculate'))!;
    expect(calc('evaluate_expression')).toBe(0);
    expect(calc('tidy_calc20')).toBeGreaterThan(calc('evaluate_expression'));
  });

  test('the copies are dropped and reported by package, tool and owner', () => {
    const said = warnings.join('\n');
    expect(said).toMatch(/search: tidy-tools: \d+ example request\(s\) of tool 'tidy_calc20' repeat those of 'evaluate_expression' of @ovos-tools\/toolbox-math/);
    expect(said).toMatch(/search: tidy-tools: \d+ example request\(s\) of tool 'tidy_ls20' repeat those of 'list_directory' of @ovos-tools\/toolbox-filesystem/);
    expect(said).toMatch(/search: tidy-tools: \d+ example request\(s\) of tool 'tidy_now20' repeat those of 'get_current_datetime' of @ovos-tools\/toolbox-clock/);
  });

  test('through the HTTP route and the OVOS bus: no copy above the bundled tool', async () => {
    const samples = ['calculate', 'what is 7 times 8', 'quanto é sete vezes oito', 'list the files in my documents folder', 'what time is it', 'que horas são'];
    for (const q of samples) {
      const res = await fetch(`${http.url}/internal/tools/search?${new URLSearchParams({ q, limit: '100' })}`, { headers: { authorization: `Bearer ${OPERATOR}` } });
      expect(res.status, q).toBe(200);
      const names = ((await res.json()) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
      for (const [copy, from] of Object.entries(COPIES)) {
        if (names.includes(copy)) expect(names.indexOf(copy), `${q}: ${copy}`).toBeGreaterThan(names.indexOf(from.tool) < 0 ? Infinity : names.indexOf(from.tool));
      }
    }
    const reply = await bus.waitForResponse(new Message('ovos.tools.search', { query: 'calculate', limit: 3 }), undefined, 5000);
    expect((reply!.data.tools as Array<{ name: string }>)[0]!.name).toBe('evaluate_expression');
  });

  test('nothing outside a package is indexed: the environment, a linked file, a linked folder', async () => {
    const environ = readFileSync('/proc/self/environ', 'latin1');
    const words = [...new Set(environ.match(/[A-Za-z]{9,}/g) ?? [])].slice(0, 12);
    for (const word of [...words, 'xylophonequartz']) {
      const found = await provider.service.search({ query: word, limit: 100 });
      if (found.ok) expect(found.results.map((h) => h.entry.tool.name), word).not.toContain('nasty_tool');
    }
    const nasty = (await rankOf('tidy the nasty drawer'))!;
    expect(nasty('nasty_tool')).toBe(0); // its own file inside the package is read
    const said = warnings.join('\n');
    expect(said).toContain('locale/en/nasty_tool.intent: is a symbolic link to a file outside the package');
    expect(said).toContain('locale/it/secret.intent: is a symbolic link to a file outside the package');
    expect(said).toContain('locale/nl: is a symbolic link to a folder outside the package');
  });

  test('a FIFO, a 24 kB line of "(", long alternations and thousands of files: refused or capped, reported, no hang, memory bounded', () => {
    const said = warnings.join('\n');
    expect(said).toContain('locale/de/nasty_tool.intent: is a FIFO (named pipe), not a regular file');
    expect(said).toContain('locale/fr/nasty_tool.intent:1: is 24000 characters long, more than 500');
    expect(said).toMatch(/locale\/es\/nasty_tool\.intent:1: expands to 70 sentences; only the first 32 are used/);
    expect(said).toMatch(/many-tools \(.*\): locale: more than 2000 files; none are read/);
    expect(said).not.toMatch(/took longer than/);
    // generous bounds (2 shared cores): the old reader hung on the FIFO forever and spent 15-21 s on the line of "("
    expect(startMs).toBeLessThan(60_000);
    expect(maxLoopDelayMs).toBeLessThan(5_000);
    expect(heapGrowthMb).toBeLessThan(300);
  });

  test('the provider answers other callers while a reload reads the hostile packages again', async () => {
    writeFileSync(path.join(root.dir, 'node_modules', 'nasty-tools', 'locale', 'it', 'nasty_tool.intent'), 'tidy the nasty cupboard\n');
    const reloading = provider.reload();
    const during = await Promise.all(Array.from({ length: 5 }, () => bus.waitForResponse(new Message('ovos.tools.list', {}), undefined, 5000)));
    expect(during.every((r) => Array.isArray(r?.data.tools))).toBe(true);
    await reloading;
    expect((await rankOf('tidy the nasty cupboard'))!('nasty_tool')).toBe(0);
  });
});
