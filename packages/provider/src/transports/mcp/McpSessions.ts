import type { Caller } from '../../service/Caller.js';
import type { SessionRules } from '../../service/AccessDecision.js';
import { mcpDefault } from './mcpSchema.js';

/** Limits of the MCP sessions of one server (`mcp.max_sessions`, `mcp.max_sessions_per_caller`, `mcp.session_idle_s`). */
export interface McpSessionLimits {
  /** Open sessions at most, every caller together; default 64. */
  maxSessions?: number;
  /**
   * Open sessions of one caller (one agent, the operator, or the anonymous caller of an open loopback server) at
   * most; default 8. A caller that opens one more has its least recently used session closed (and told so when it
   * uses it again), so one caller can never hold the sessions everyone else needs.
   */
  maxSessionsPerCaller?: number;
  /** A session with no request for this long (ms) is closed; default 5 minutes. */
  sessionIdleMs?: number;
}

/** Defaults of {@link McpSessionLimits}: those of the config's `mcp` keys (read from its schema, seconds made ms). */
export const MCP_SESSION_DEFAULTS = Object.freeze({
  maxSessions: mcpDefault('max_sessions'),
  maxSessionsPerCaller: mcpDefault('max_sessions_per_caller'),
  sessionIdleMs: mcpDefault('session_idle_s') * 1000,
});

/** One open session. */
export interface OpenSession<T> {
  /** The transport-specific parts (the SDK transport and server). */
  value: T;
  /** Who opened it. */
  caller: Caller;
  /** When it last had a request (ms since the epoch). */
  lastSeen: number;
}

/** Why a session id is no longer open (kept for a while to say so instead of "not found"). */
const MAX_CLOSED_REASONS = 1024;

/**
 * The open sessions of an MCP server, bounded: in total, per caller (whose key and whose sessions a caller may use
 * are the service's {@link SessionRules}), and in idle time. `close` is called for every session it drops.
 */
export class McpSessions<T> {
  readonly #open = new Map<string, OpenSession<T>>();
  readonly #closedBecause = new Map<string, string>();
  /** Sessions admitted but not initialized yet, per owner (concurrent `initialize` requests count before they finish). */
  readonly #pending = new Map<string, number>();
  readonly #limits: Required<McpSessionLimits>;

  constructor(
    private readonly rules: SessionRules,
    private readonly close: (value: T) => void,
    limits: McpSessionLimits = {},
  ) {
    this.#limits = { ...MCP_SESSION_DEFAULTS, ...limits };
    for (const [key, value] of Object.entries(this.#limits)) {
      if (!Number.isInteger(value) || value < 1) throw new RangeError(`MCP session limit ${key} must be a positive integer, received ${String(value)}`);
    }
  }

  /** Open sessions now. */
  get size(): number {
    return this.#open.size;
  }

  #pendingTotal(): number {
    let n = 0;
    for (const v of this.#pending.values()) n += v;
    return n;
  }

  /** The idle time after which a session is closed, ms. */
  get idleMs(): number {
    return this.#limits.sessionIdleMs;
  }

  /**
   * The session `id` for `caller`: the session (marked used), or why not — `unknown` (never opened, or closed: then
   * `reason` says why, e.g. the per-caller cap), `forbidden` (another caller's).
   */
  use(id: string, caller: Caller): { ok: true; session: OpenSession<T> } | { ok: false; why: 'unknown' | 'forbidden'; reason?: string } {
    const session = this.#open.get(id);
    if (!session) {
      const reason = this.#closedBecause.get(id);
      return { ok: false, why: 'unknown', ...(reason ? { reason } : {}) };
    }
    if (!this.rules.mayUse(session.caller, caller).allowed) return { ok: false, why: 'forbidden' };
    session.lastSeen = Date.now();
    this.#open.delete(id); // most recently used last
    this.#open.set(id, session);
    return { ok: true, session };
  }

  /**
   * Makes room for a new session of `caller`: past its own cap its least recently used session is closed; with every
   * slot taken, its own least recently used one (if it has any). Answers why not (a text for the 503) when the
   * caller has its cap of `initialize` requests under way, or the server is full of other callers' sessions. An admitted caller holds a reserved slot until {@link add} or
   * {@link release}, so concurrent `initialize` requests cannot pass the caps together.
   */
  admit(caller: Caller): string | undefined {
    const owner = this.rules.owner(caller);
    const pending = this.#pending.get(owner) ?? 0;
    const mine = [...this.#open].filter(([, s]) => this.rules.owner(s.caller) === owner);
    const cap = this.#limits.maxSessionsPerCaller;
    if (pending >= cap) return `Too many MCP sessions: this caller already has ${cap} initialize requests under way (mcp.max_sessions_per_caller); retry when they are done`;
    for (let i = 0; mine.length - i + pending >= cap; i++) {
      this.drop(mine[i]![0], `Session closed: this caller opened more than ${cap} MCP sessions (mcp.max_sessions_per_caller); the least recently used was closed — initialize a new session`);
    }
    if (this.#open.size + this.#pendingTotal() >= this.#limits.maxSessions) {
      const oldest = [...this.#open].find(([, s]) => this.rules.owner(s.caller) === owner);
      if (!oldest) return 'Too many MCP sessions: every one (mcp.max_sessions) is held by other callers; retry later';
      this.drop(oldest[0], `Session closed: the server holds ${this.#limits.maxSessions} MCP sessions (mcp.max_sessions); this caller's least recently used was closed — initialize a new session`);
    }
    this.#pending.set(owner, pending + 1);
    return undefined;
  }

  /** Gives back the slot {@link admit} reserved for `caller` when its `initialize` did not open a session. */
  release(caller: Caller): void {
    const owner = this.rules.owner(caller);
    const pending = (this.#pending.get(owner) ?? 0) - 1;
    if (pending > 0) this.#pending.set(owner, pending);
    else this.#pending.delete(owner);
  }

  /** Records an initialized session (it takes the slot {@link admit} reserved). */
  add(id: string, caller: Caller, value: T): void {
    this.release(caller);
    this.#open.set(id, { value, caller, lastSeen: Date.now() });
  }

  /** Forgets a session that ended (DELETE, transport closed) without calling `close` (the caller of this did). */
  forget(id: string, value?: T): OpenSession<T> | undefined {
    const session = this.#open.get(id);
    if (!session || (value !== undefined && session.value !== value)) return undefined;
    this.#open.delete(id);
    return session;
  }

  /** Closes the sessions idle longer than the limit; answers their ids. */
  sweep(now = Date.now()): string[] {
    const idle = [...this.#open].filter(([, s]) => now - s.lastSeen >= this.#limits.sessionIdleMs).map(([id]) => id);
    for (const id of idle) this.drop(id, `Session closed after ${this.#limits.sessionIdleMs} ms without a request (mcp.session_idle_s); initialize a new session`);
    return idle;
  }

  /** Closes every session. */
  clear(): T[] {
    const all = [...this.#open.values()].map((s) => s.value);
    this.#open.clear();
    return all;
  }

  private drop(id: string, reason: string): void {
    const session = this.#open.get(id);
    if (!session) return;
    this.#open.delete(id);
    this.#closedBecause.set(id, reason);
    if (this.#closedBecause.size > MAX_CLOSED_REASONS) this.#closedBecause.delete(this.#closedBecause.keys().next().value!);
    this.close(session.value);
  }
}
