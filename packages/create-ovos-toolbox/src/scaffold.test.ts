import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { ENTRY_POINT_NAME_PATTERN } from '@ovos-tools/core/testing';
import { afterAll, describe, expect, test } from 'vitest';
import { main } from './main.js';
import { defaultClassName, defaultToolName, TOOLBOX_ID_PATTERN } from './names.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'create-ovos-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs `main` with captured streams; `answers` are fed as typed lines when given (interactive). */
async function run(argv: string[], answers?: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  const error = new PassThrough();
  let out = '';
  let err = '';
  output.on('data', (d) => (out += d));
  error.on('data', (d) => (err += d));
  if (answers) {
    for (const a of answers) input.write(`${a}\n`);
    input.end();
  }
  const code = await main(argv, { input, output, error, interactive: answers !== undefined, cwd: work });
  return { code, out, err };
}
const read = (...p: string[]) => readFileSync(path.join(work, ...p), 'utf8');

describe('create-ovos-toolbox', () => {
  test('--yes writes a TypeScript package whose entry point names its class by the given id', async () => {
    const r = await run(['ts-tools', '--yes', '--name', '@me/ovos-weather-tools', '--id', 'ovos-weather-tools']);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toContain('toolbox id ovos-weather-tools, class WeatherToolBox, example tool weather_greet');
    const pkg = JSON.parse(read('ts-tools', 'package.json'));
    expect(pkg).toMatchObject({
      name: '@me/ovos-weather-tools',
      license: 'Apache-2.0',
      entryPoints: { 'opm.agents.toolbox': { 'ovos-weather-tools': './dist/index.js#WeatherToolBox' } },
      peerDependencies: { '@ovos-tools/core': '^1.0.0' },
      files: ['dist', '!dist/**/*.test.*', 'locale', 'README.md'],
      // the compiled tests in dist/: from Node 22.18 on, `node --test` in the root would also run src/*.test.ts
      scripts: { test: 'npm run build && cd dist && node --test' },
      engines: { node: '^20.19.0 || >=22.12.0' },
      devDependencies: { '@types/node': '^22.19.0' },
    });
    expect(read('ts-tools', 'README.md')).toContain('Needs Node.js 22, 24 or 26');
    expect(read('ts-tools', 'src', 'index.ts')).toContain("static override toolboxId = 'ovos-weather-tools';");
    expect(read('ts-tools', 'src', 'index.ts')).toContain("description: 'Greet a person by name, optionally several times (the example tool of ovos-weather-tools).'");
    expect(read('ts-tools', 'README.md')).toContain('## Threat model');
    // example requests, the OVOS way, for the provider's tool search (issue 39)
    expect(read('ts-tools', 'locale', 'en', 'weather_greet.intent')).toContain('(greet|say hello to) {name}\n');
    expect(read('ts-tools', 'README.md')).toContain('## Example requests (utterances)');
    expect(JSON.parse(read('ts-tools', 'tsconfig.json')).compilerOptions.types).toEqual(['node']);
  });

  test('--js writes JavaScript with defaults taken from the directory', async () => {
    expect((await run(['js-tools', '--js', '--yes'])).code).toBe(0);
    const pkg = JSON.parse(read('js-tools', 'package.json'));
    expect(pkg).toMatchObject({ name: 'js-tools', license: 'Apache-2.0', entryPoints: { 'opm.agents.toolbox': { 'js-tools': './src/index.js#JsToolBox' } }, scripts: { test: 'node --test' } });
    expect(pkg.devDependencies).toEqual({ '@ovos-tools/core': '^1.0.0' });
    expect(read('js-tools', 'test', 'index.test.js')).toContain("from '../src/index.js'");
  });

  test('--license sets the license of package.json and the README; a license npm would refuse is refused', async () => {
    expect((await run(['mit-tools', '--yes', '--license', '(MIT OR Apache-2.0)'])).code).toBe(0);
    expect(JSON.parse(read('mit-tools', 'package.json')).license).toBe('(MIT OR Apache-2.0)');
    expect(read('mit-tools', 'README.md')).toMatch(/## License\n\n\(MIT OR Apache-2\.0\)\n$/);
    expect(await run(['x', '--yes', '--license', 'MIT; rm -rf /'])).toMatchObject({ code: 2, err: expect.stringContaining('is not a license npm accepts') });
  });

  test('two scaffolded toolboxes describe their example tools differently', async () => {
    expect((await run(['ovos-alpha-tools', '--yes'])).code).toBe(0);
    expect((await run(['ovos-beta-tools', '--yes', '--js'])).code).toBe(0);
    const description = (file: string) => /name: '\w+_greet',\s*description: '([^']+)'/.exec(read(...file.split('/')))![1];
    expect(description('ovos-alpha-tools/src/index.ts')).not.toBe(description('ovos-beta-tools/src/index.js'));
  });

  test('interactive: asks what the flags leave out, re-asks after an invalid answer', async () => {
    const r = await run(['asked'], ['', 'Bad Id!', 'my-tools', 'js']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Package name (asked): ');
    expect(r.out).toContain('"Bad Id!" is not a valid toolbox id');
    expect(JSON.parse(read('asked', 'package.json')).entryPoints).toEqual({ 'opm.agents.toolbox': { 'my-tools': './src/index.js#MyToolBox' } });
  });

  test('input that ends early, bad flags, bad names and non-empty directories are refused with the reason', async () => {
    expect(await run(['early'], [])).toMatchObject({ code: 2, err: expect.stringContaining('the input ended before every question was answered') });
    expect(await run(['x', '--frobnicate'])).toMatchObject({ code: 2, err: expect.stringContaining("Unknown option '--frobnicate'") });
    expect(await run(['x', '--js', '--ts'])).toMatchObject({ code: 2, err: expect.stringContaining('--js and --ts exclude each other') });
    expect(await run(['x', '--yes', '--name', 'Not Valid'])).toMatchObject({ code: 2, err: expect.stringContaining('is not a valid npm package name') });
    mkdirSync(path.join(work, 'full'));
    writeFileSync(path.join(work, 'full', 'keep.txt'), 'mine');
    expect(await run(['full', '--yes'])).toMatchObject({ code: 1, err: expect.stringContaining('already exists and is not empty') });
    expect(read('full', 'keep.txt')).toBe('mine');
  });

  test('names: ids map to identifiers and tool names; the id pattern is the provider\'s', () => {
    expect(TOOLBOX_ID_PATTERN.source).toBe(ENTRY_POINT_NAME_PATTERN.source);
    expect(defaultClassName('ovos-hello-tools')).toBe('HelloToolBox');
    expect(defaultClassName('3d.print')).toBe('T3dPrintToolBox');
    expect(defaultToolName('ovos-hello-tools')).toBe('hello_greet');
    expect(defaultToolName('tools')).toBe('tools_greet');
  });
});
