import type { WireError } from '@ovos-tools/core';
import type { AccessDecision, ActingRefusal, OperatorAction, SessionRules } from './AccessDecision.js';
import type { Caller } from './Caller.js';
import type { CatalogEntry } from './CatalogEntry.js';
import type { InvokeOutcome } from './InvokeOutcome.js';
import type { InvokeRequest } from './InvokeRequest.js';
import type { Refusal } from './Refusal.js';
import type { CatalogChange, ReloadOutcome } from './ReloadReport.js';
import type { ResultPageOutcome, ResultPageRequest } from './ResultPageRequest.js';
import type { ToolSearchOutcome, ToolSearchRequest } from './ToolSearchRequest.js';
import type { Collision, LoadProblem, ToolboxStatus } from './ToolboxStatus.js';

/** What {@link ToolService.list} filters by. */
export interface ListQuery {
  /** Keep tools carrying every one of these tags (AND). */
  tags?: readonly string[];
  /** Only what this caller may call (default: an unauthenticated `in-process` caller, which sees everything). */
  caller?: Caller;
}

/**
 * What {@link ToolService.list} answers: the caller's entries, or the first-load error (`toolbox_unavailable`: the
 * toolboxes did not finish loading within the service's bound).
 */
export type ListOutcome =
  | {
      /** Loaded: the entries. */
      ok: true;
      /** The catalog in load order, filtered by tags and the caller's permissions. */
      entries: CatalogEntry[];
    }
  | ({
      /** The first load did not finish in time. */
      ok: false;
      /** `toolbox_unavailable` ("still loading … retry in a moment"). */
      error: WireError;
    } & Refusal);

/**
 * What {@link ToolService.get} answers: the entry, or a wire error (`unknown_tool` — with the nearest name the caller
 * may see, when one is close —, `forbidden`, or the first load's `toolbox_unavailable`).
 */
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
  | ({
      /** Not found, or not visible to the caller. */
      ok: false;
      /** `unknown_tool` or `forbidden`. */
      error: WireError;
    } & Refusal);

/**
 * The transport-free tool service: everything a transport (the OVOS bus API, MCP, HTTP) needs, and nothing that
 * knows a topic, a route or a JSON-RPC method. Every call goes through the current registry generation, access
 * control (may this caller see, call, start now, reload) and the execution policy; transports only turn their
 * credential into a {@link Caller} and outcomes into their wire. Never throws for bad input: outcomes carry wire errors.
 */
export interface ToolService {
  /**
   * The catalog in load order (colliding names once per toolbox), filtered by tags and the caller's permissions. Like
   * every request (get, search, invoke), one that arrives while the first load runs waits for it here, within the
   * service's bound (30 s by default), then answers the `toolbox_unavailable` error: transports never wait themselves.
   */
  list(query?: ListQuery): Promise<ListOutcome>;
  /**
   * The entry serving `name` (the collision winner, or with `toolboxId` that toolbox's tool, shadowed or not; a
   * vendor-mapped name works too), if the caller may see it; waits for the first load as {@link ToolService.list}.
   */
  get(name: string, caller?: Caller, toolboxId?: string): Promise<GetOutcome>;
  /** Runs one tool under permissions and policy on the generation current when it arrived, cut to the caller's output budget. */
  invoke(request: InvokeRequest): Promise<InvokeOutcome>;
  /**
   * Ranks the tools the caller may call for a natural-language query (name, title, summary, description, tags,
   * arguments, examples; multilingual), over the current catalog: the index is rebuilt beside the old one on every
   * catalog swap; waits for the first load as {@link ToolService.list}. Never throws: bad input is an error value.
   */
  search(request: ToolSearchRequest): Promise<ToolSearchOutcome>;
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
  actingFor(caller: Caller, claimedAgentId: string | undefined): Caller | ActingRefusal;
  /** The rules of transport sessions (MCP over HTTP): whose sessions a caller may use, and the key its quota counts under. */
  readonly sessions: SessionRules;
  /** Resolves once the first load has swapped in its catalog (at once afterwards); requests that arrive earlier can wait on it. */
  whenLoaded(): Promise<void>;
  /**
   * The first-load wait every request (list, get, search, invoke) takes inside the service, for an embedder that wants
   * it alone: resolves `undefined` at once when the first load is done, when it finishes within the service's bound
   * (30 s by default), or the `toolbox_unavailable` error ("still loading … retry in a moment") when it does not.
   * Transports never call it: the service's own methods wait.
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
