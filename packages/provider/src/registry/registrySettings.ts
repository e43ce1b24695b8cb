import { Type, type Static } from '@ovos-tools/core';
import type { DuplicateNamePolicy } from './RegistryGeneration.js';
import { applyLive, type ReloadRule } from '../service/ReloadRule.js';

/** The registry's keys of the provider config (snake_case on disk): who wins a tool name, and what a shared name means. */
export const RegistryKeys = Type.Object({
  duplicate_tool_names: Type.Enum(['precedence', 'error'], { default: 'precedence', description: 'What a name several toolboxes serve means' }),
  pinned_toolboxes: Type.Array(Type.String(), { default: [], description: 'Entry points trusted to win collisions' }),
});

/** How names and ids that several toolboxes claim resolve (the registry's part of the provider config). */
export interface RegistrySettings {
  /**
   * `duplicate_tool_names`: `precedence` (default: the toolbox of highest precedence serves a name several
   * toolboxes provide — bundled, then pinned, then plugins, then remote) or `error` (OVOS-TOOLS-1: invoking a
   * duplicated name is an error naming the toolboxes).
   */
  duplicateToolNames: DuplicateNamePolicy;
  /** `pinned_toolboxes`: entry-point names the operator trusts to win collisions over other third-party toolboxes. */
  pinnedToolboxes: string[];
}

/** The {@link RegistrySettings} of keys read against {@link RegistryKeys}. */
export function registrySettings(k: Static<typeof RegistryKeys>): RegistrySettings {
  return { duplicateToolNames: k.duplicate_tool_names, pinnedToolboxes: k.pinned_toolboxes };
}

/** How a reload applies the RegistrySettings: live, as a whole. */
export const registryReload: ReloadRule<RegistrySettings> = applyLive();
