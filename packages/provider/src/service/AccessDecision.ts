import type { Caller } from './Caller.js';
import type { CatalogEntry } from './CatalogEntry.js';
import type { Refusal } from './Refusal.js';

/** A permission decision; a refusal names the rule that refused, e.g. `agent "kid": tool not in allowlist`. */
export type AccessDecision =
  | {
      /** The caller may see and call the tool. */
      allowed: true;
    }
  | {
      /** It may not. */
      allowed: false;
      /** The rule that refused, e.g. `agent "kid": tool not in allowlist`. */
      rule: string;
    };

/**
 * Why a request may not act for the agent it names (`actingFor`): the {@link Refusal} (code `forbidden`, its text the
 * rule), and the rule's text alone as `refused` (kept for callers written against the earlier `{refused}` shape).
 */
export interface ActingRefusal {
  /** The rule's text, e.g. `agent_id "x" does not match the credential, which acts for agent "y"` (the same as `refusal.rule`). */
  refused: string;
  /** The refusal every door maps to its wire (HTTP 403 `forbidden`). */
  refusal: Refusal;
}

/** Decides whether `caller` may see and call `entry`; the service asks it on list, get and invoke. */
export type Authorizer = (caller: Caller, entry: CatalogEntry) => AccessDecision;

/**
 * What an operator may do that an agent may not: `reload` (rescan the plugin roots and swap the catalog) and
 * `events` (read the live tools-topic traffic of the messagebus, which shows every caller's arguments and results).
 */
export type OperatorAction = 'reload' | 'events' | 'metrics';

/** Whose transport sessions a caller may use, and how they are counted (see `AccessControl.sessions`). */
export interface SessionRules {
  /** The key a caller's sessions are counted under (`agent <id>`, `operator`, `anonymous`). */
  owner(caller: Caller): string;
  /** May `caller` use a session `opener` opened? Only the same owner. */
  mayUse(opener: Caller, caller: Caller): AccessDecision;
}
