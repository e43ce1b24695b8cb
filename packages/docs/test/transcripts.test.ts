import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandBlocks, transcriptSteps, type CommandBlock, type TranscriptStep } from './helpers/blocks.js';
import { compareOutput } from './helpers/compare.js';
import { markdownFiles, repoRoot } from './helpers/markdownFiles.js';
import { runStep } from './helpers/runStep.js';
import { SETUPS, type Setup } from './helpers/setups.js';

/**
 * Every console transcript, `curl` example and shell example of README.md, docs/ and the package READMEs runs here
 * against a real provider, and what it prints must be what the page shows, with only what varies normalised (the
 * temporary HOME, latencies, ports; a `…` line stands for output the page leaves out). A block that cannot run here
 * is marked in the page source, with the reason: `<!-- transcript: skip — <why> -->`; the registry test runs the
 * blocks marked `<!-- registry.test.ts: <name> -->` (every "from npm" block: getting-started.md, writing-a-toolbox.md,
 * versioning.md) against a local registry, and reads each by that name. An unmarked block that does not run fails.
 */
const pages = markdownFiles().filter((f) => f === 'README.md' || f.startsWith('docs/') || /^packages\/[^/]+\/README\.md$/.test(f));
const blocks = commandBlocks(repoRoot, pages);
const skipped = blocks.filter((b) => b.marker?.kind === 'skip');
const elsewhere = blocks.filter((b) => b.marker?.kind === 'elsewhere');
const runnable = blocks.filter((b) => b.marker === undefined || b.marker.kind === 'setup');
const setupOf = (b: CommandBlock) => (b.marker?.kind === 'setup' ? b.marker.setup : 'session');

/** The steps of a block: a transcript's `$ ` lines, or each command line of a shell example (its output not shown). */
function stepsOf(b: CommandBlock): Array<TranscriptStep & { compare: boolean }> {
  if (b.lines[0]?.startsWith('$ ')) return transcriptSteps(b.lines).map((s) => ({ ...s, compare: true }));
  return b.lines.filter((l) => l.trim() && !l.trim().startsWith('#')).map((command) => ({ command, input: [], expected: [], compare: false }));
}

/** Runs every step of `b` in `setup`; resolves with a description of the first difference, or `undefined`. */
async function runBlock(b: CommandBlock, setup: Setup, only?: Array<TranscriptStep & { compare: boolean }>): Promise<string | undefined> {
  const steps = only;
  for (const step of only ?? stepsOf(b)) {
    const printed = await runStep(step, setup);
    if (!step.compare) continue;
    const diff = compareOutput(step.expected, printed, { home: setup.home });
    if (diff && UPDATE && steps === undefined && step.input.length === 0) {
      updatePage(b, step, printed.map((l) => l.split(setup.home).join('/home/ovos')));
      continue;
    }
    if (diff) {
      return `${b.file}:${b.line}: "$ ${step.command}" printed something else than the page shows at output line ${diff.index + 1}:\n  page:    ${diff.expected ?? '(nothing more)'}\n  printed: ${diff.actual ?? '(nothing more)'}\nwhole output:\n${printed.join('\n')}`;
    }
  }
  return undefined;
}

/** `OVOS_TOOLS_DOCS_UPDATE=1`: write what was printed into the page in place of the lines that differ. */
const UPDATE = process.env.OVOS_TOOLS_DOCS_UPDATE === '1';

/** Replaces a step's output lines in its page with `printed` (the command line and what follows it, found by text). */
function updatePage(b: CommandBlock, step: TranscriptStep, printed: string[]) {
  const file = path.join(repoRoot, b.file);
  const text = readFileSync(file, 'utf8');
  const before = [`$ ${step.command}`, ...step.input.map((l) => `> ${l}`), ...step.expected].join('\n');
  const after = [`$ ${step.command}`, ...step.input.map((l) => `> ${l}`), ...printed].join('\n');
  const at = text.indexOf(`${before}\n`);
  if (at < 0) throw new Error(`${b.file}:${b.line}: cannot find "$ ${step.command}" and its output to update`);
  writeFileSync(file, text.slice(0, at) + after + text.slice(at + before.length));
  console.log(`updated ${b.file}: "$ ${step.command}"`);
}

let stepsRun = 0;
afterAll(() => {
  console.log(
    `transcripts: ${blocks.length} command blocks in ${pages.length} pages: ${runnable.length} run here (${stepsRun} commands), ` +
      `${elsewhere.length} run by the registry test, ${skipped.length} marked as not runnable here`,
  );
});

it('finds the blocks, and every marker names a setup that exists', () => {
  expect(blocks.length).toBeGreaterThan(30);
  expect(runnable.length).toBeGreaterThan(0);
  for (const b of runnable) expect(Object.keys(SETUPS), `${b.file}:${b.line}`).toContain(setupOf(b));
  for (const b of skipped) expect(b.marker?.kind === 'skip' && b.marker.reason.length > 10, `${b.file}:${b.line}: say why it cannot run`).toBe(true);
});

it('every block marked for the registry test is one that test reads by its marker', () => {
  expect(elsewhere.length).toBeGreaterThanOrEqual(5);
  for (const b of elsewhere) {
    if (b.marker?.kind !== 'elsewhere') continue;
    const source = readFileSync(path.join(repoRoot, b.marker.by), 'utf8');
    expect(source, `${b.file}:${b.line}: ${b.marker.by} never reads the block marked '${b.marker.name}'`).toContain(`registry.test.ts: ${b.marker.name}`);
  }
});

it('every npm step that fetches one of our packages runs against the local registry, or says where the same steps do', () => {
  const ours = /\b(npm create ovos-toolbox|npx -p @ovos-tools\/|(npm install|pnpm add) [^\n]*@ovos-tools\/)/;
  const onlyInstalls = (b: CommandBlock) => b.lines.filter((l) => l.trim()).every((l) => /^(npm install|pnpm add) @ovos-tools\//.test(l.trim()));
  const fetching = skipped.filter((b) => b.lines.some((l) => ours.test(l)));
  expect(fetching.filter(onlyInstalls).map((b) => `${b.file}:${b.line}: mark it <!-- registry.test.ts: npm install -->`)).toEqual([]);
  for (const b of fetching) expect(b.marker?.kind === 'skip' && b.marker.reason, `${b.file}:${b.line}: name where the same steps run against the local registry`).toMatch(/registry\.test\.ts|registry:local/);
});

for (const name of [...new Set(runnable.map(setupOf))]) {
  describe(`setup ${name}`, () => {
    let setup: Setup;
    beforeAll(async () => {
      setup = await SETUPS[name]!();
    }, 120_000);
    afterAll(async () => {
      await setup?.close();
    });

    for (const b of runnable.filter((x) => setupOf(x) === name)) {
      it(`${b.file}:${b.line} prints what the page shows`, async () => {
        stepsRun += stepsOf(b).length;
        expect(await runBlock(b, setup)).toBeUndefined();
      });
    }

    if (name === 'session') {
      it('a deliberately changed output line fails the comparison', async () => {
        const b = runnable.find((x) => x.file === 'docs/getting-started.md' && x.lines.some((l) => l.startsWith('$ ovos-tools invoke evaluate_expression')))!;
        expect(b, 'the getting-started session shows ovos-tools invoke evaluate_expression').toBeDefined();
        const step = stepsOf(b).find((s) => s.command.startsWith('ovos-tools invoke evaluate_expression'))!;
        const at = step.expected.findIndex((l) => l.includes('"result": 1028'));
        expect(at).toBeGreaterThanOrEqual(0);
        expect(await runBlock(b, setup, [step])).toBeUndefined();
        const changed = { ...step, expected: step.expected.map((l, i) => (i === at ? l.replace('1028', '1029') : l)) };
        const failure = await runBlock(b, setup, [changed]);
        expect(failure).toContain(`at output line ${at + 1}`);
        expect(failure).toContain('"result": 1029');
      });
    }
  });
}
