import { describe, expect, it } from 'vitest';
import { MAX_SLUG_LENGTH, slugifySkillName } from './slugify.js';

describe('slugifySkillName (OVOS _slugify)', () => {
  it.each([
    ['web-search', 'web_search'],
    ['My Cool Tool', 'my_cool_tool'],
    ['--web--', 'web'],
    ['PDF  Processing!!v2', 'pdf_processing_v2'],
    ['Ünïcode Skill', 'n_code_skill'],
    ['already_snake', 'already_snake'],
    ['!!!', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugifySkillName(name)).toBe(slug);
  });

  it('keeps long names long so callers can reject them', () => {
    expect(slugifySkillName('a'.repeat(65))).toHaveLength(65);
    expect(MAX_SLUG_LENGTH).toBe(64);
  });
});
