import { Type, type Static } from '@ovos-tools/core';
import { applyLive, type ReloadRule } from '../service/ReloadRule.js';

/** Tool search's keys of the provider config (snake_case on disk). */
export const SearchKeys = Type.Object({
  search_trusted_toolboxes: Type.Array(Type.String(), {
    default: [],
    description: 'Entry-point or package names whose example requests search trusts like the bundled toolboxes',
  }),
});

/** How tool search treats toolbox packages (search's part of the provider config). */
export interface SearchSettings {
  /**
   * `search_trusted_toolboxes`: entry-point or package names whose `locale/<lang>/<tool>.intent` example requests
   * search trusts like those of the bundled `@ovos-tools` toolboxes (always trusted): a trusted package keeps the
   * requests it says first, and no untrusted package's copy or near-copy of them is searched.
   */
  trustedToolboxes: string[];
}

/** The {@link SearchSettings} of keys read against {@link SearchKeys}. */
export function searchSettings(k: Static<typeof SearchKeys>): SearchSettings {
  return { trustedToolboxes: k.search_trusted_toolboxes };
}

/** How a reload applies the {@link SearchSettings}: live (the next reload's claims use them). */
export const searchReload: ReloadRule<SearchSettings> = applyLive();
