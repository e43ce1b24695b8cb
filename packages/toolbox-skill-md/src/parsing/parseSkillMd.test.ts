import { describe, expect, it } from 'vitest';
import { parseSkillMd } from './parseSkillMd.js';

function reason(text: string): string {
  const r = parseSkillMd(text);
  if (r.ok) throw new Error('expected the text to be rejected');
  return r.reason;
}

describe('parseSkillMd', () => {
  it('parses name, description, the optional Agent Skills fields and a trimmed body', () => {
    const r = parseSkillMd(
      [
        '---',
        'name: pdf-processing',
        'description: "Extract text from PDFs: use when the user mentions PDFs."',
        'license: Apache-2.0',
        'compatibility: Requires poppler',
        'metadata:',
        '  author: example-org',
        '  version: "1.0"',
        'allowed-tools: Bash(pdftotext:*) Read',
        'x-custom: kept',
        '---',
        '',
        '# PDF processing',
        '',
        'Step 1.',
        '',
      ].join('\n'),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.frontmatter).toEqual({
      name: 'pdf-processing',
      description: 'Extract text from PDFs: use when the user mentions PDFs.',
      license: 'Apache-2.0',
      compatibility: 'Requires poppler',
      metadata: { author: 'example-org', version: '1.0' },
      'allowed-tools': 'Bash(pdftotext:*) Read',
      'x-custom': 'kept',
    });
    expect(r.rawFrontmatter['x-custom']).toBe('kept');
    expect(r.body).toBe('# PDF processing\n\nStep 1.');
  });

  it('tolerates a UTF-8 BOM and CRLF line endings', () => {
    const r = parseSkillMd('\uFEFF---\r\nname: crlf\r\ndescription: Windows file\r\n---\r\nLine one\r\nLine two\r\n');
    expect(r).toMatchObject({ ok: true, frontmatter: { name: 'crlf', description: 'Windows file' }, body: 'Line one\nLine two' });
  });

  it('accepts an empty body and a block-scalar description', () => {
    const r = parseSkillMd('---\nname: a\ndescription: >\n  folded\n  text\n---\n');
    expect(r).toMatchObject({ ok: true, frontmatter: { description: 'folded text\n' }, body: '' });
  });

  it('rejects a file without frontmatter', () => {
    expect(reason('# Just markdown\n')).toMatch(/no YAML frontmatter: the file must start with a '---' line$/);
  });

  it('rejects a leading blank line, as OVOS does, and says so', () => {
    expect(reason('\n---\nname: a\ndescription: b\n---\nbody')).toMatch(/must start with a '---' line \(found blank lines before it/);
  });

  it('rejects frontmatter that is never closed', () => {
    expect(reason('---\nname: a\ndescription: b\nbody')).toMatch(/frontmatter is not closed/);
  });

  it('rejects bad YAML with the file line number', () => {
    const r = reason('---\nname: a\ndescription: [unclosed\n---\nbody');
    expect(r).toMatch(/^invalid YAML frontmatter: /);
    expect(r).toMatch(/line 3/);
  });

  it('rejects duplicate keys', () => {
    expect(reason('---\nname: a\nname: b\ndescription: c\n---\n')).toMatch(/invalid YAML frontmatter: .*unique/i);
  });

  it('requires name and description', () => {
    expect(reason('---\ndescription: only this\n---\nbody')).toBe('invalid frontmatter: name: required property is missing');
    expect(reason('---\nname: only-name\n---\nbody')).toBe('invalid frontmatter: description: required property is missing');
  });

  it('rejects a non-string name or an empty description', () => {
    expect(reason('---\nname: 123\ndescription: numbers\n---\n')).toMatch(/^invalid frontmatter: name: .*string.*received 123/);
    expect(reason('---\nname: a\ndescription: ""\n---\n')).toMatch(/^invalid frontmatter: description: /);
    expect(reason('---\nname: "   "\ndescription: d\n---\n')).toBe('invalid frontmatter: name is blank');
  });

  it('rejects metadata values that are not strings', () => {
    expect(reason('---\nname: a\ndescription: b\nmetadata:\n  version: 1.5\n---\n')).toMatch(/metadata.version: .*string/);
  });

  it('rejects empty frontmatter and frontmatter that is not a mapping', () => {
    expect(reason('---\n---\nbody')).toMatch(/frontmatter is empty/);
    expect(reason('---\n- a\n- b\n---\nbody')).toMatch(/must be a YAML mapping.*a list/);
  });
});
