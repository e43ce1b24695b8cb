import { Type, type Static } from '@ovos-tools/core';

/**
 * The SKILL.md frontmatter (Agent Skills convention, agentskills.io): `name` and `description` are required
 * non-empty strings; `license`, `compatibility`, `metadata` (string → string map) and `allowed-tools`
 * (space-separated string, or a list of tool names) are optional. Other keys are tolerated and kept (also in
 * `SkillMDEntry.rawFrontmatter`, exactly as parsed).
 *
 * The Agent Skills naming rules (lowercase, hyphens, ≤ 64 characters) are not enforced: OVOS accepts any
 * name and slugifies it (`My Cool Tool` → `my_cool_tool`).
 */
export const SkillFrontmatterSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'Skill name; slugified into the tool name.' }),
    description: Type.String({ minLength: 1, description: 'What the skill does and when to use it; the tool description.' }),
    license: Type.Optional(Type.String()),
    compatibility: Type.Optional(Type.String()),
    metadata: Type.Optional(Type.Record(Type.String(), Type.String())),
    'allowed-tools': Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
  },
  { title: 'SkillFrontmatter', additionalProperties: true },
);

/** A validated SKILL.md frontmatter; see {@link SkillFrontmatterSchema}. */
export type SkillFrontmatter = Static<typeof SkillFrontmatterSchema>;
