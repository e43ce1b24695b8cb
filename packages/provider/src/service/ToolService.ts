import type { HostHealth, HostKind, JsonObject, ToolDescriptor, ToolFormat, ToolProgress, WireError } from '@ovos-tools/core';
import type { HitExplanation } from './HitExplanation.js';

/**
 * Who is asking: the transport a request came in on and, when known, the agent it acts for. HTTP and MCP-over-HTTP
 * take `agentId` from the request's credential (never from its body); on the OVOS bus, which has no
 * authentication, it may come from a context field and is advisory unless the bus secret is set; a request HiveMind
 * relayed from a satellite acts for the agent declared for that HiveMind client (`satellite`).
 */
export interface Caller {
  /** The transport the request came in on. */
  transport: 'ovos-bus' | 'mcp' | 'http' | 'in-process';
  /** The agent the request acts for (HTTP/MCP: from the credential; a HiveMind satellite: its declared agent), when known. */
  agentId?: string;
  /**
   * The conversation the request belongs to, when the transport knows one: the MCP session (over stdio, the
   * connection), the OVOS `context.session.session_id`. It scopes the result handles of a caller without an agent
   * (see `resultOwner`); it never grants anything.
   */
  session?: string;
  /**
   * Set when HiveMind relayed the request onto the messagebus: the `peer` it stamped and, when that parsed, the
   * stable client key `<client_id>::<client name>`. A satellite acts for the agent whose `hivemind.client` is that
   * key (`agentId`); one without such an agent may do nothing, and a satellite never has operator rights.
   */
  satellite?: SatelliteOrigin;
  /**
   * Set by a transport when the request presented the operator secret (HTTP, MCP over HTTP). The operator may act
   * for a named agent (`agent_id`, see `actingFor`): that agent's rules then apply, and an agent not declared under
   * `agents` gets toolcore's rule (every tool whose `allowed_agents` is null or names it).
   */
  operator?: boolean;
}

/** Which HiveMind satellite a request came from (see {@link Caller.satellite}). */
export interface SatelliteOrigin {
  /** `context.peer` as HiveMind stamped it: `<useragent>::<client_id>::<client name>::<session_id>`. */
  peer: string;
  /** `<client_id>::<client name>`, the part of `peer` that stays the same across sessions; absent when `peer` did not parse. */
  client?: string;
}

/** One tool of the catalog (a registry-generation snapshot): its descriptor and the toolbox that serves it. */
export interface CatalogEntry {
  /** The tool's contract and metadata. */
  tool: ToolDescriptor;
  /** The serving toolbox (`toolbox_id` on the wire). */
  toolboxId: string;
  /** How that toolbox runs. */
  kind: HostKind;
  /** The entry-point (or host-source) name that declared the toolbox: the key of its config section. */
  source: string;
  /**
   * Set when another toolbox serves the same tool name with higher precedence (see {@link ToolboxStatus.origin}):
   * the id of the toolbox that answers the bare name. This tool stays reachable by its qualified name — its
   * `toolbox_id` in the request (bus, HTTP) or its MCP qualified name (`<toolbox_id>__<name>`).
   */
  shadowedBy?: string;
}

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

/** What {@link ToolService.list} filters by. */
export interface ListQuery {
  /** Keep tools carrying every one of these tags (AND). */
  tags?: readonly string[];
  /** Only what this caller may call (default: an unauthenticated `in-process` caller, which sees everything). */
  caller?: Caller;
}

/** One invocation request, whatever transport it came in on. */
export interface InvokeRequest {
  /** The tool name, or its name in a vendor format (e.g. an OpenAI-safe mapped name; core `vendorToolName`). */
  name: string;
  /** The raw arguments; validated (and coerced) by the toolbox's host. `undefined` means `{}`. */
  args: unknown;
  /** Only a tool of this toolbox (the per-toolbox OVOS topics); otherwise the catalog's winner for `name`. */
  toolboxId?: string;
  /** The request's context (OVOS `context`, HTTP body `context`, MCP `_meta`), passed to the tool. */
  context?: JsonObject;
  /** The caller gives up (MCP cancellation, HTTP client gone): the tool's AbortSignal fires, the outcome is `aborted`. */
  signal?: AbortSignal;
  /** Receives the tool's progress reports. */
  onProgress?: (progress: ToolProgress) => void;
  /** Who is asking; default an unauthenticated `in-process` caller. */
  caller?: Caller;
  /**
   * The format the caller listed the tool in. `openai-strict`: the nulls strict mode sends for left-out optional
   * properties are removed before the arguments are validated (core `restoreStrictArguments`). Default `ovos`.
   */
  format?: ToolFormat;
  /**
   * The most characters of the result's JSON the caller wants (OVOS/HTTP `max_output_chars`, MCP `_meta`): an integer
   * from 106 (the `truncated` marker's own size) to 2^31 - 1, checked at run time before the tool runs (wire values
   * arrive unchecked). Absent: the agent's `max_output_chars`, else the provider's, else no limit. A longer result is
   * cut (JSON-aware, still valid against the output schema) and the outcome carries {@link OutputTruncation}.
   */
  maxOutputChars?: number;
  /**
   * The `confirm_token` of an earlier `confirmation_required` answer, sent once the user said yes: the call runs if it
   * is exactly the confirmed one (same caller, session, tool and arguments), once, before the token expires. Read
   * as sent on the wire (anything); a value that is not a token is refused `invalid_request`.
   */
  confirmToken?: unknown;
  /**
   * The caller's preferred languages, best first (HTTP `Accept-Language`, an MCP client's `_meta`): the language of
   * a confirmation question, after the request context's OVOS `lang` and `session.lang`. English when none matches.
   */
  languages?: readonly string[];
}

/**
 * How a result was cut to the caller's budget (the answer envelope's `truncated: {"original_chars", "handle",
 * "expires_in_s"}` on the wire, never inside the result).
 */
export interface OutputTruncation {
  /** Length of the full result's JSON text, in UTF-16 code units. */
  originalChars: number;
  /** Pages the full result ({@link ToolService.readResult}); absent when it could not be kept (no owner, too large). */
  handle?: string;
  /** Seconds the handle stays valid from now; present with `handle`. */
  expiresInS?: number;
  /**
   * Why the full result was not kept, when its store refused it (`not_kept` on the wire): the store's error code,
   * `state_unavailable` (shared state down) or `overloaded` (too large to keep).
   */
  notKept?: string;
}

/**
 * What a `confirmation_required` answer carries besides its error: the question to ask the user and the token
 * that runs exactly this call once they said yes.
 */
export interface ConfirmationRequest {
  /** `confirm_token` on the wire: send it back with the same call (same arguments) to run it once. */
  token: string;
  /** `prompt` on the wire: the short question to speak or show, e.g. `Overwrite notes.txt in your workspace?`. */
  prompt: string;
  /** `prompt_lang` on the wire: the language of `prompt` (BCP 47), when known. */
  lang?: string;
  /** When the token stops being accepted, in ms since the epoch. */
  expiresAt: number;
}

/** The outcome of one invocation: a result or an error, who ran it and how long it took (ms, 3 decimals). */
export type InvokeOutcome =
  | {
      /** The tool returned. */
      ok: true;
      /** Its output, validated against its output schema (cut to the caller's budget when `truncated` is present). */
      result: Record<string, unknown>;
      /** The toolbox that ran it. */
      toolboxId: string;
      /** Time from arrival at the service to the outcome, in ms (3 decimals). */
      latencyMs: number;
      /** Present when the result was cut to the caller's `max_output_chars`. */
      truncated?: OutputTruncation;
    }
  | {
      /** The call failed or was refused. */
      ok: false;
      /** What the caller sees: `{error, code}`. */
      error: WireError;
      /** The toolbox that would have run it, when the tool was found. */
      toolboxId?: string;
      /** Time from arrival at the service to the outcome, in ms (3 decimals). */
      latencyMs: number;
      /** For `rate_limited` (and `state_unavailable`): when the caller's agent may try a call again, in ms from now, if known. */
      retryAfterMs?: number;
      /** For `confirmation_required`: the question to ask and the token that runs the call once confirmed. */
      confirmation?: ConfirmationRequest;
    };

/** What {@link ToolService.get} answers: the entry, or a wire error (`unknown_tool`, `forbidden`). */
export type GetOutcome =
  | {
      /** Found, and visible to the caller. */
      ok: true;
      /** The catalog entry (the collision winner, or the tool of the toolbox asked for). */
      entry: CatalogEntry;
      /**
       * The time limit a call of this tool runs under, in ms (config `tool_timeouts`, else the tool's own
       * `timeoutMs`, else `default_timeout_ms`): a client waiting for an invoke should wait at least this long.
       */
      timeoutMs: number;
    }
  | {
      /** Not found, or not visible to the caller. */
      ok: false;
      /** `unknown_tool` or `forbidden`. */
      error: WireError;
    };

/**
 * A ranked tool search ({@link ToolService.search}). Values usually come from the wire, so all are checked at run
 * time and refused with `invalid_request` errors that say what was wrong.
 */
export interface ToolSearchRequest {
  /** What the tool should do, in natural language (any language; at most 1,000 characters). */
  query: string;
  /** Most results, an integer from 1 to 100; default 5. */
  limit?: number;
  /** Keep tools carrying every one of these tags (AND); a tag none of the caller's tools carries is refused. */
  tags?: readonly string[];
  /** Only tools this caller may call (default: an unauthenticated `in-process` caller, which sees everything). */
  caller?: Caller;
  /** Also say per hit which fields and terms matched (`ToolSearchHit.explain`); default false; not a boolean: refused. */
  explain?: boolean;
}

/** One ranked search result. */
export interface ToolSearchHit {
  /** The catalog entry found. */
  entry: CatalogEntry;
  /** Its relevance (lexical BM25 scaled to the best match, plus the closeness of meanings; higher is better, comparable within one search only). */
  score: number;
  /** Why it was found, when the request asked (`explain: true`). */
  explain?: HitExplanation;
  /** The time limit its calls run under, ms (as {@link ToolService.get} answers it); set by the service. */
  timeoutMs?: number;
}

/** What {@link ToolService.search} answers: ranked tools the caller may call, or an `invalid_request` error. */
export type ToolSearchOutcome =
  | {
      /** Searched. */
      ok: true;
      /** Best first, at most `limit`. */
      results: ToolSearchHit[];
      /** How many of the caller's tools matched before the limit. */
      total: number;
    }
  | {
      /** The request was refused. */
      ok: false;
      /** What was wrong and how to fix it. */
      error: WireError;
    };

/** A page of a result that was cut to a budget ({@link ToolService.readResult}); values are checked at run time. */
export interface ResultPageRequest {
  /** The `handle` of an {@link OutputTruncation}. */
  handle: string;
  /** First character of the page (UTF-16 code unit of the full result's JSON); default 0. */
  offset?: number;
  /** Most characters of the page; default 100,000, or the caller's configured `max_output_chars` when lower. */
  limit?: number;
  /** Who asks: only the caller the handle was issued to may read it (see `resultOwner`). */
  caller?: Caller;
}

/**
 * Why a page was refused, for transports that map it to a status (HTTP 404, 410, 403, 400, 503): `unavailable` when
 * the handle is kept in shared state (Redis, `state.redis`) that cannot be reached now (code `state_unavailable`).
 */
export type ResultPageRefusal = 'unknown' | 'expired' | 'evicted' | 'forbidden' | 'invalid_range' | 'unavailable';

/** What {@link ToolService.readResult} answers. */
export type ResultPageOutcome =
  | {
      /** The slice is here. */
      ok: true;
      /** The characters `[offset, offset + text.length)` of the full result's JSON text. */
      text: string;
      /** Where the slice starts. */
      offset: number;
      /** Where the next slice starts, or `null` at the end. Pages never split a surrogate pair. */
      nextOffset: number | null;
      /** Length of the full result's JSON text. */
      totalChars: number;
    }
  | {
      /** Refused. */
      ok: false;
      /** What was wrong (`invalid_request`; `forbidden` for another caller's handle, showing none of it). */
      error: WireError;
      /** The kind of refusal. */
      reason: ResultPageRefusal;
    };

/** A toolbox that did not load (or a declaration that could not be used), as reported to clients. */
export interface LoadProblem {
  /** The entry-point name (`''` for package-level problems). */
  entryPoint: string;
  /** The npm package that declared it. */
  packageName: string;
  /** What went wrong and, where known, how to fix it. */
  error: string;
}

/** A tool name served by more than one toolbox, and which one serves `get`/`invoke` (see the README's precedence). */
export interface Collision {
  /** The tool name. */
  name: string;
  /** Every toolbox serving it, in precedence order. */
  toolboxIds: string[];
  /** The toolbox that answers `get` and `invoke` for it. */
  winner: string;
}

/** Where a toolbox comes from, in collision precedence order: `bundled` > `pinned` > `plugin` > `mounted` > `remote` (federated). */
export type ToolboxOrigin = 'bundled' | 'pinned' | 'plugin' | 'mounted' | 'remote';

/** One loaded toolbox as the service reports it. */
export interface ToolboxStatus {
  /** The toolbox id. */
  toolboxId: string;
  /** The entry-point (or host-source) name that declared it: the key of its config section. */
  source: string;
  /** How it runs. */
  kind: HostKind;
  /**
   * Where the toolbox comes from, which decides who wins a tool name or toolbox id several claim (high first):
   * `bundled` (an `@ovos-tools` package), `pinned` (in `pinned_toolboxes`), `plugin` (another installed package),
   * `mounted` (made by a host source: a mounted MCP server, config-declared HTTP tools), `remote` (federated: a
   * toolbox elsewhere on the messagebus).
   */
  origin: ToolboxOrigin;
  /** Tools it serves. */
  toolCount: number;
  /** Its host's state, restarts and calls in flight. */
  health: HostHealth;
}

/** What one (re)load did. */
export interface ReloadReport {
  /** Entry-point names now loaded, in load order (OVOS `loaded`). */
  loaded: string[];
  /** Tools over all toolboxes, colliding names counted once per toolbox (OVOS `total_tools`). */
  totalTools: number;
  /** The registry generation now serving (1 after the first load). */
  generation: number;
  /** Toolboxes that did not load, and why (OVOS `problems`). */
  problems: LoadProblem[];
  /** Tool names that appeared. */
  added: string[];
  /** Tool names that disappeared. */
  removed: string[];
  /** Entry points whose package changed (they got a fresh host). */
  updated: string[];
  /** Wall time of the reload in ms. */
  durationMs: number;
}

/** What {@link ToolService.reload} answers: the report, or a refusal (`forbidden`) for a caller that may not reload. */
export type ReloadOutcome =
  | {
      /** Reloaded (whatever the toolboxes did: their problems are in the report). */
      ok: true;
      /** What the reload did. */
      report: ReloadReport;
    }
  | {
      /** Refused: the caller may not reload. */
      ok: false;
      /** `forbidden`, naming the rule. */
      error: WireError;
    };

/** A change of the catalog, sent to {@link ToolService.onChange} listeners (the bus `ovos.tools.changed`, MCP `list_changed`). */
export interface CatalogChange {
  /** The registry generation now serving. */
  generation: number;
  /** Entry-point names now loaded. */
  loaded: string[];
  /** Tools over all toolboxes. */
  totalTools: number;
  /** Tool names that appeared. */
  added: string[];
  /** Tool names that disappeared. */
  removed: string[];
  /** Entry points whose package changed. */
  updated: string[];
}

/**
 * The transport-free tool service: everything a transport (the OVOS bus API, MCP, HTTP) needs, and nothing that
 * knows a topic, a route or a JSON-RPC method. Every call goes through the current registry generation, access
 * control (may this caller see, call, start now, reload) and the execution policy; transports only turn their
 * credential into a {@link Caller} and outcomes into their wire. Never throws for bad input: outcomes carry wire errors.
 */
export interface ToolService {
  /** The catalog in load order (colliding names once per toolbox), filtered by tags and the caller's permissions. */
  list(query?: ListQuery): CatalogEntry[];
  /**
   * The entry serving `name` (the collision winner, or with `toolboxId` that toolbox's tool, shadowed or not; a
   * vendor-mapped name works too), if the caller may see it.
   */
  get(name: string, caller?: Caller, toolboxId?: string): GetOutcome;
  /** Runs one tool under permissions and policy on the generation current when it arrived, cut to the caller's output budget. */
  invoke(request: InvokeRequest): Promise<InvokeOutcome>;
  /**
   * Ranks the tools the caller may call for a natural-language query (name, title, summary, description, tags,
   * arguments, examples; multilingual), over the current catalog: the index is rebuilt beside the old one on every
   * catalog swap. Never throws: bad input is an error value.
   */
  search(request: ToolSearchRequest): ToolSearchOutcome;
  /** One page of a full result that an answer cut to its budget, for the caller it was issued to only, within its time to live. */
  readResult(request: ResultPageRequest): Promise<ResultPageOutcome>;
  /**
   * Rescans and swaps in the next generation, if `caller` may reload (default: the in-process operator); serialised;
   * never rejects for a bad toolbox.
   */
  reload(caller?: Caller): Promise<ReloadOutcome>;
  /** May `caller` perform an operator action (reload, the bus traffic stream, the metrics)? See `AccessControl.allows`. */
  allows(caller: Caller, action: OperatorAction): AccessDecision;
  /**
   * Who a request acts for, given the `agent_id` it names (see `AccessControl.actingFor`): the caller, narrowed to
   * the named agent for the operator, or why the claim is refused (an agent credential naming another agent).
   */
  actingFor(caller: Caller, claimedAgentId: string | undefined): Caller | { refused: string };
  /** The rules of transport sessions (MCP over HTTP): whose sessions a caller may use, and the key its quota counts under. */
  readonly sessions: SessionRules;
  /** Resolves once the first load has swapped in its catalog (at once afterwards); requests that arrive earlier can wait on it. */
  whenLoaded(): Promise<void>;
  /**
   * The first-load wait, decided here for every transport and every request (list, get, search, invoke, discover):
   * resolves `undefined` at once when the first load is done, when it finishes within the service's bound (30 s by
   * default), or the `toolbox_unavailable` error to answer ("still loading … retry in a moment") when it does not.
   */
  ready(): Promise<WireError | undefined>;
  /** True once the first load has swapped in its catalog. */
  readonly loaded: boolean;
  /** Called after every reload (or host refresh) that changed the catalog. Returns the unsubscribe function. */
  onChange(listener: (change: CatalogChange) => void): () => void;
  /** Every loaded toolbox with its health, in load order. */
  toolboxes(): ToolboxStatus[];
  /** Load problems of the current generation plus toolboxes that are unhealthy now. */
  problems(): LoadProblem[];
  /** Name collisions of the current generation. */
  collisions(): Collision[];
  /** The registry generation number now serving. */
  readonly generation: number;
}
