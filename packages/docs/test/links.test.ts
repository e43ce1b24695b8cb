import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLinks } from './helpers/checkLinks.js';
import { markdownFiles, repoRoot } from './helpers/markdownFiles.js';

const temp = mkdtempSync(path.join(os.tmpdir(), 'ovos-links-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('links in the markdown', () => {
  it('every relative link and anchor in every markdown file resolves', async () => {
    const files = markdownFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/getting-started.md', 'packages/provider/README.md']));
    const problems = await checkLinks(repoRoot, files);
    console.log(`link check: ${files.length} markdown files, ${problems.length} broken link(s)`);
    expect(problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([]);
  });

  it('the check reports a missing file, a missing heading, one in another page, and one behind a repository URL', async () => {
    writeFileSync(path.join(temp, 'a.md'), '# A\n\n## Real heading\n\n[ok](#real-heading) [ok](b.md#b) [x](#nope) [y](missing.md) [z](b.md#nope)\n');
    writeFileSync(path.join(temp, 'b.md'), '# B\n\n[back](a.md#real-heading) [npm page](https://github.com/OpenVoiceOS/ovos-tools/blob/main/a.md#gone)\n');
    const problems = await checkLinks(temp, ['a.md', 'b.md']);
    expect(problems.map((p) => `${p.file}: ${p.message}`).sort()).toEqual([
      'a.md: Cannot find file `missing.md`',
      'a.md: Cannot find heading for `#nope`',
      'a.md: Cannot find heading for `#nope` in `b.md`',
      'b.md: Cannot find heading for `#gone` in `a.md`',
    ]);
  });
});
