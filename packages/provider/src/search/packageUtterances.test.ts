import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { silentLogger, type Logger } from '@ovos-tools/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import { PackageUtterances, type ServedToolbox } from './packageUtterances.js';
import type { PackageRead } from './readUtterancesOffThread.js';
import { readUtterancesOffThread } from './readUtterancesOffThread.js';

const entry = (source: string, name: string) => ({ source, tool: { name } }) as unknown as CatalogEntry;
const served = (source: string, packageName: string, origin: ServedToolbox['origin'], tools: string[]): ServedToolbox => ({ source, packageName, origin, tools });

function store(trusted: string[] = []) {
  const warnings: string[] = [];
  const reads: string[][] = [];
  const files: Record<string, Record<string, string[]>> = {
    '/pkg/math': { evaluate_expression: ['calculate', 'what is 2 plus 2'] },
    '/pkg/tidy': { tidy_calc: ['calculate', 'calculate quickly', 'tidy my desk'] },
  };
  const read = async (dirs: readonly string[]) => {
    reads.push([...dirs]);
    return new Map<string, PackageRead>(dirs.map((d) => [d, { byTool: new Map(Object.entries(files[d] ?? {})), problems: d === '/pkg/tidy' ? ['locale/en/x.intent: is a FIFO (named pipe), not a regular file'] : [] }]));
  };
  const logger: Logger = { ...silentLogger, warn: (...a: unknown[]) => void warnings.push(a.map(String).join(' ')) };
  return { utterances: new PackageUtterances({ logger, trusted: () => trusted, read }), warnings, reads };
}

const PACKAGES = [
  { source: 'ovos-math-tools', packageName: '@ovos-tools/toolbox-math', dir: '/pkg/math', fingerprint: 'a' },
  { source: 'tidy', packageName: 'tidy-tools', dir: '/pkg/tidy', fingerprint: 'b' },
];
const TOOLBOXES = [served('tidy', 'tidy-tools', 'plugin', ['tidy_calc']), served('ovos-math-tools', '@ovos-tools/toolbox-math', 'bundled', ['evaluate_expression'])];

describe('PackageUtterances: read before the swap, claimed by trust order, answered by a lookup (issue 42)', () => {
  it('nothing is answered before settle; then the bundled package keeps its requests whatever the load order', async () => {
    const { utterances, warnings } = store();
    await utterances.prepare(PACKAGES);
    expect(utterances.utterancesOf(entry('ovos-math-tools', 'evaluate_expression'))).toBeUndefined();
    utterances.settle(TOOLBOXES);
    expect(utterances.utterancesOf(entry('ovos-math-tools', 'evaluate_expression'))).toEqual(['calculate', 'what is 2 plus 2']);
    expect(utterances.utterancesOf(entry('tidy', 'tidy_calc'))).toEqual(['tidy my desk']);
    expect(utterances.utterancesOf(entry('elsewhere', 'tidy_calc'))).toBeUndefined();
    expect(warnings).toEqual([
      'search: tidy-tools (/pkg/tidy): locale/en/x.intent: is a FIFO (named pipe), not a regular file',
      expect.stringMatching(/^search: tidy-tools: 2 example request\(s\) of tool 'tidy_calc' repeat those of 'evaluate_expression' of @ovos-tools\/toolbox-math \(e\.g\. "calculate"\) and are not searched; write requests only your tool answers, or list the package in search_trusted_toolboxes/),
    ]);
  });

  it('reads a package again only when its fingerprint changes, and says the same drops once', async () => {
    const { utterances, warnings, reads } = store();
    await utterances.prepare(PACKAGES);
    utterances.settle(TOOLBOXES);
    await utterances.prepare(PACKAGES);
    utterances.settle(TOOLBOXES);
    await utterances.prepare([PACKAGES[0]!, { ...PACKAGES[1]!, fingerprint: 'c' }]);
    utterances.settle(TOOLBOXES);
    expect(reads).toEqual([['/pkg/math', '/pkg/tidy'], [], ['/pkg/tidy']]);
    expect(warnings.filter((w) => w.includes('repeat those'))).toHaveLength(1);
  });

  it('reads trusted packages first, and a folder the reader did not finish again at the next reload', async () => {
    const order: string[][] = [];
    let stop = true;
    const read = async (dirs: readonly string[]) => {
      order.push([...dirs]);
      return new Map<string, PackageRead>(dirs.map((d) => [d, stop && d === '/pkg/tidy' ? { byTool: new Map(), problems: ['locale: not read: reading took longer than 10 s'], unfinished: true as const } : { byTool: new Map(), problems: [] }]));
    };
    const utterances = new PackageUtterances({ logger: silentLogger, trusted: () => [], read });
    await utterances.prepare([...PACKAGES].reverse());
    stop = false;
    await utterances.prepare([...PACKAGES].reverse());
    await utterances.prepare([...PACKAGES].reverse());
    expect(order).toEqual([['/pkg/math', '/pkg/tidy'], ['/pkg/tidy'], []]);
  });

  it('fails closed: a bundled package that is not served still owns its requests, and an unread one silences strangers until it is read', async () => {
    const { utterances, warnings } = store();
    await utterances.prepare(PACKAGES);
    utterances.settle([TOOLBOXES[0]!]); // the math toolbox failed to load: only the stranger is served
    expect(utterances.utterancesOf(entry('tidy', 'tidy_calc'))).toEqual(['tidy my desk']);
    expect(warnings.join('\n')).toMatch(/tidy-tools: 2 example request\(s\) of tool 'tidy_calc' repeat those of 'evaluate_expression' of @ovos-tools\/toolbox-math/);

    let finished = false;
    const read = async (dirs: readonly string[]) =>
      new Map<string, PackageRead>(
        dirs.map((d) => [d, d === '/pkg/math' && !finished ? { byTool: new Map(), problems: ['locale: not read: reading took longer than 10 s'], unfinished: true as const } : { byTool: new Map([['tidy_calc', ['calculate', 'tidy my desk']], ['evaluate_expression', ['calculate']]].filter(([tool]) => (d === '/pkg/math') === (tool === 'evaluate_expression')) as Array<[string, string[]]>), problems: [] }]),
      );
    const said: string[] = [];
    const unread = new PackageUtterances({ logger: { ...silentLogger, warn: (m: string) => void said.push(m) }, trusted: () => [], read });
    await unread.prepare(PACKAGES);
    unread.settle(TOOLBOXES);
    expect(unread.utterancesOf(entry('tidy', 'tidy_calc'))).toBeUndefined();
    expect(said).toContain('search: the example requests of tidy-tools are not searched until those of @ovos-tools/toolbox-math are read (they could be copies of them); the next reload reads them again');
    finished = true;
    await unread.prepare(PACKAGES);
    unread.settle(TOOLBOXES);
    expect(unread.utterancesOf(entry('tidy', 'tidy_calc'))).toEqual(['tidy my desk']);
    expect(unread.utterancesOf(entry('ovos-math-tools', 'evaluate_expression'))).toEqual(['calculate']);
  });

  it('a trusted package served in place of an unserved bundled one keeps their common requests', async () => {
    const { utterances } = store(['tidy-tools']);
    await utterances.prepare(PACKAGES);
    utterances.settle([TOOLBOXES[0]!]); // the math toolbox is disabled; the operator trusts and serves tidy-tools
    expect(utterances.utterancesOf(entry('tidy', 'tidy_calc'))).toEqual(['calculate', 'calculate quickly', 'tidy my desk']);
  });

  it('search_trusted_toolboxes: a trusted package keeps its near requests, never the bundled ones', async () => {
    const { utterances } = store(['tidy-tools']);
    await utterances.prepare(PACKAGES);
    utterances.settle(TOOLBOXES);
    expect(utterances.utterancesOf(entry('tidy', 'tidy_calc'))).toEqual(['calculate quickly', 'tidy my desk']);
    expect(utterances.utterancesOf(entry('ovos-math-tools', 'evaluate_expression'))).toEqual(['calculate', 'what is 2 plus 2']);
  });
});

describe('readUtterancesOffThread', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ovos-offthread-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'locale', 'en'), { recursive: true });
  writeFileSync(path.join(dir, 'locale', 'en', 'get_time.intent'), 'what (time|hour) is it\n');

  it('reads in a worker thread and answers every folder', async () => {
    const found = await readUtterancesOffThread([dir, path.join(dir, 'missing')]);
    expect(found.get(dir)).toMatchObject({ byTool: new Map([['get_time', ['what time is it', 'what hour is it']]]), problems: [] });
    expect(found.get(dir)!.words!.get('what time is it')).toEqual(['time']);
    expect(found.get(path.join(dir, 'missing'))).toMatchObject({ problems: [] });
  });

  it('a package with no locale folder is answered without a worker (no time limit can stop it)', async () => {
    const missing = path.join(dir, 'missing');
    expect(await readUtterancesOffThread([missing], 1)).toEqual(new Map([[missing, { byTool: new Map(), problems: [] }]]));
    const both = await readUtterancesOffThread([missing, dir], 1);
    expect(both.get(missing)).toEqual({ byTool: new Map(), problems: [] });
    expect(both.get(dir)).toMatchObject({ unfinished: true });
  });

  it('a reader that does not finish in time is stopped; its folders get a problem, never a hang', async () => {
    const found = await readUtterancesOffThread([dir], 1);
    expect(found.get(dir)).toMatchObject({ byTool: new Map(), problems: ['locale: not read: reading took longer than 0.001 s; its example requests are not searched'] });
  });
});
