import { randomBytes } from 'node:crypto';
import { renderConfirmation, type JsonObject, type WireError } from '@ovos-tools/core';
import type { AgentDefinition } from '../access/AgentDefinition.js';
import type { CompiledToolRule } from '../access/toolRule.js';
import type { Caller } from '../service/Caller.js';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import type { ConfirmationRequest } from '../service/ConfirmationRequest.js';
import { argumentsDigest } from './argumentsDigest.js';
import type { ConfirmationStore } from './ConfirmationStore.js';
import { confirmErrors, tokenRefusals } from './confirmErrors.js';
import type { ConfirmSettings } from './confirmSettings.js';
import { checkConfirmTokenShape, claimDigest, issueConfirmToken, readConfirmToken } from './confirmToken.js';
import { ConfirmationStoreFullError, MemoryConfirmationStore } from './MemoryConfirmationStore.js';

/** What {@link createConfirmation} is built from. */
export interface ConfirmationOptions {
  /** The provider-wide rules, the token lifetime and key (the `confirmation` section). */
  settings: ConfirmSettings;
  /** The declared agents, for their `voice` and `confirm` keys. */
  agents: readonly AgentDefinition[];
  /** Where single use is recorded; default a {@link MemoryConfirmationStore}. */
  store?: ConfirmationStore;
  /** The clock, ms since the epoch (tests pass a fake one); default `Date.now`. */
  now?: () => number;
}

/** One call as confirmation sees it. */
export interface ConfirmCall {
  /** The arguments as the call hands them to the toolbox. */
  args: unknown;
  /** The request context: its `session.session_id` (OVOS), `mcp_session_id` or `session_id` is the session; its `lang` and `session.lang` the language. */
  context?: JsonObject;
  /** The caller's preferred languages from its transport (HTTP `Accept-Language`, …), after the context's. */
  languages?: readonly string[];
  /** The `confirm_token` sent with the call, as sent. */
  token?: unknown;
}

/** What {@link Confirmation.check} decides: run the call, or refuse it (with a question to ask when it needs confirmation). */
export type ConfirmVerdict =
  | {
      /** Run it: it needs no confirmation, or carries the token of this very call (now used). */
      ok: true;
    }
  | {
      /** Do not run it. */
      ok: false;
      /** `confirmation_required`, or `invalid_request` for a malformed token, or a store failure (`state_unavailable` when it is a Redis that cannot be reached). */
      error: WireError;
      /** With `confirmation_required`: the question and a fresh token for this call. */
      confirmation?: ConfirmationRequest;
      /** With `state_unavailable`: when to try again, in ms from now. */
      retryAfterMs?: number;
    };

/** The confirmation step of the service's one door (between "may this caller use the tool" and its agent's limits). */
export interface Confirmation {
  /**
   * Decides one call: answered at once (not a promise) for a call that needs no confirmation, else a promise (the
   * token's single use is recorded in the async store). Never rejects.
   */
  check(caller: Caller, entry: CatalogEntry, call: ConfirmCall): ConfirmVerdict | Promise<ConfirmVerdict>;
  /** Whether calls of `entry` by `caller` need confirmation under the settings (the rules that apply to it). */
  needs(caller: Caller, entry: CatalogEntry): boolean;
  /** The store single use is recorded in. */
  readonly store: ConfirmationStore;
}

const RUN: ConfirmVerdict = Object.freeze({ ok: true });

/**
 * Builds the provider's {@link Confirmation}. Which rules apply to a caller, first match wins:
 * 1. its agent's own `confirm` (`"never"`: none);
 * 2. if it is a voice persona — its agent says `voice: true`, or it names no agent-level `voice` and came over the
 *    OVOS bus with `voice_bus` on — the provider-wide `tools` plus `voice_tools` (default: destructive tools);
 * 3. else the provider-wide `tools` (default: none).
 *
 * A call that needs confirmation runs only with a `confirm_token` issued for it: signed with the provider's key
 * (HMAC-SHA256), for the same tool and toolbox, caller (transport and agent), session and arguments (their canonical
 * JSON's digest), not expired, and not used before (recorded in the store). Otherwise it is refused
 * `confirmation_required` with the question (the tool's template, or a default, in the caller's language) and a fresh
 * token; the error text says why a sent token was not accepted. A `confirm_token` that is not a token at all is
 * refused `invalid_request` on any call.
 */
export function createConfirmation(options: ConfirmationOptions): Confirmation {
  const { settings } = options;
  const now = options.now ?? Date.now;
  const store = options.store ?? new MemoryConfirmationStore({ now });
  const secret = settings.secret === undefined ? randomBytes(32) : Buffer.from(settings.secret, 'utf8');
  const agents = new Map(options.agents.map((a) => [a.id, a]));
  const ruleCache = new Map<string, readonly CompiledToolRule[]>();
  const voiceRules = [...settings.tools, ...settings.voiceTools];

  const rulesFor = (caller: Caller): readonly CompiledToolRule[] => {
    const key = `${caller.transport}\0${caller.agentId ?? ''}`;
    let rules = ruleCache.get(key);
    if (rules) return rules;
    const agent = caller.agentId === undefined ? undefined : agents.get(caller.agentId);
    const voice = agent?.voice ?? (caller.transport === 'ovos-bus' && settings.voiceBus);
    rules = agent?.confirm ?? (voice ? voiceRules : settings.tools);
    ruleCache.set(key, rules);
    return rules;
  };
  const needs = (caller: Caller, entry: CatalogEntry) => rulesFor(caller).some((r) => r.matches(entry));

  /** A `confirmation_required` refusal with a fresh token for this call. */
  const ask = (entry: CatalogEntry, call: ConfirmCall, bound: Binding, reason?: string): ConfirmVerdict => {
    const issuedAt = now();
    const expiresAt = issuedAt + settings.ttlMs;
    const { token } = issueConfirmToken(secret, { expiresAt, issuedAt, tool: entry.tool.name, toolboxId: entry.toolboxId, ...bound });
    const { prompt, lang } = renderConfirmation(entry.tool, call.args, languagesOf(call));
    return {
      ok: false,
      error: confirmErrors.required(entry.tool.name, prompt, reason),
      confirmation: { token, prompt, ...(lang !== undefined ? { lang } : {}), expiresAt },
    };
  };

  const decide = async (caller: Caller, entry: CatalogEntry, call: ConfirmCall): Promise<ConfirmVerdict> => {
    let bound: Binding;
    try {
      bound = { caller: claimDigest(`${caller.transport}\n${caller.agentId ?? ''}`), session: claimDigest(sessionOf(call.context) ?? ''), args: argumentsDigest(call.args) };
    } catch (err) {
      return { ok: false, error: confirmErrors.argumentsNotReadable(entry.tool.name, (err as Error)?.message ?? String(err)) };
    }
    if (call.token === undefined) return ask(entry, call, bound);
    const read = readConfirmToken(secret, call.token);
    if (read.kind === 'malformed') return { ok: false, error: confirmErrors.invalidToken(read.detail) };
    if (read.kind === 'unsigned') return ask(entry, call, bound, tokenRefusals.unsigned());
    const c = read.claims;
    if (c.tool !== entry.tool.name || c.toolboxId !== entry.toolboxId) return ask(entry, call, bound, tokenRefusals.otherTool(c.tool, c.toolboxId));
    if (c.caller !== bound.caller) return ask(entry, call, bound, tokenRefusals.otherCaller());
    if (c.session !== bound.session) return ask(entry, call, bound, tokenRefusals.otherSession());
    if (c.args !== bound.args) return ask(entry, call, bound, tokenRefusals.changedArguments());
    const t = now();
    if (t >= c.expiresAt) return ask(entry, call, bound, tokenRefusals.expired(Math.ceil((t - c.expiresAt) / 1000), Math.round(settings.ttlMs / 100) / 10));
    let first: boolean | 'unverifiable';
    try {
      first = await store.claim(c.nonce, c.expiresAt, c.issuedAt ?? c.expiresAt - settings.ttlMs);
    } catch (err) {
      const why = (err as Error)?.message ?? String(err);
      if ((err as { code?: unknown })?.code === 'state_unavailable') return { ok: false, error: confirmErrors.stateUnavailable(entry.tool.name, why), retryAfterMs: 1000 };
      return { ok: false, error: confirmErrors.storeFailed(why, err instanceof ConfirmationStoreFullError) };
    }
    if (first === 'unverifiable') return ask(entry, call, bound, tokenRefusals.unverifiable());
    return first ? RUN : ask(entry, call, bound, tokenRefusals.used());
  };

  return {
    store,
    needs,
    check(caller, entry, call) {
      if (!needs(caller, entry)) {
        const shape = call.token === undefined ? null : checkConfirmTokenShape(call.token);
        return shape ? { ok: false, error: confirmErrors.invalidToken(shape) } : RUN;
      }
      return decide(caller, entry, call);
    },
  };
}

/** The digests a token binds besides the tool. */
interface Binding {
  caller: string;
  session: string;
  args: string;
}

/**
 * The session of a call, from its context: OVOS `session.session_id`, else the MCP session (`mcp_session_id`), else a
 * top-level `session_id` (an HTTP body field); `undefined` when there is none (then every call of the caller shares one).
 */
export function sessionOf(context: JsonObject | undefined): string | undefined {
  const session = context?.session;
  const id = session !== null && typeof session === 'object' && !Array.isArray(session) ? (session as JsonObject).session_id : undefined;
  for (const v of [id, context?.mcp_session_id, context?.session_id]) if (typeof v === 'string' && v !== '') return v;
  return undefined;
}

/** The languages to ask in, best first: the context's `lang` (OVOS), its `session.lang`, then the transport's list. */
export function languagesOf(call: Pick<ConfirmCall, 'context' | 'languages'>): string[] {
  const out: string[] = [];
  const session = call.context?.session;
  for (const v of [call.context?.lang, session !== null && typeof session === 'object' && !Array.isArray(session) ? (session as JsonObject).lang : undefined]) {
    if (typeof v === 'string' && v !== '') out.push(v);
  }
  for (const v of call.languages ?? []) if (typeof v === 'string' && v !== '') out.push(v);
  return out;
}
