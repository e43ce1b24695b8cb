import type { HostHealth, HostKind, JsonObject, ToolDescriptor, ToolFormat, ToolProgress, WireError } from '@ovos-tools/core';

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
   * Set when HiveMind relayed the request onto the messagebus: the `peer` it stamped and, when that parsed, the
   * stable client key `<client_id>::<client name>`. A satellite acts for the agent whose `hivemind.client` is that
   * key (`agentId`); one without such an agent may do nothing, and a satellite never has operator rights.
   */
  satellite?: SatelliteOrigin;
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
export type OperatorAction = 'reload' | 'events';

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
}

/** The outcome of one invocation: a result or an error, who ran it and how long it took (ms, 3 decimals). */
export type InvokeOutcome =
  | {
      /** The tool returned. */
      ok: true;
      /** Its output, validated against its output schema. */
      result: Record<string, unknown>;
      /** The toolbox that ran it. */
      toolboxId: string;
      /** Time from arrival at the service to the outcome, in ms (3 decimals). */
      latencyMs: number;
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
    };

/** What {@link ToolService.get} answers: the entry, or a wire error (`unknown_tool`, `forbidden`). */
export type GetOutcome =
  | {
      /** Found, and visible to the caller. */
      ok: true;
      /** The catalog entry (the collision winner). */
      entry: CatalogEntry;
    }
  | {
      /** Not found, or not visible to the caller. */
      ok: false;
      /** `unknown_tool` or `forbidden`. */
      error: WireError;
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

/** One loaded toolbox as the service reports it. */
export interface ToolboxStatus {
  /** The toolbox id. */
  toolboxId: string;
  /** The entry-point (or host-source) name that declared it: the key of its config section. */
  source: string;
  /** How it runs. */
  kind: HostKind;
  /** Bundled with the provider, pinned by the operator, or a third-party plugin (collision precedence, high first). */
  origin: 'bundled' | 'pinned' | 'plugin' | 'remote';
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
  /** The entry serving `name` (the collision winner; a vendor-mapped name works too), if the caller may see it. */
  get(name: string, caller?: Caller): GetOutcome;
  /** Runs one tool under permissions and policy on the generation current when it arrived. */
  invoke(request: InvokeRequest): Promise<InvokeOutcome>;
  /**
   * Rescans and swaps in the next generation, if `caller` may reload (default: the in-process operator); serialised;
   * never rejects for a bad toolbox.
   */
  reload(caller?: Caller): Promise<ReloadOutcome>;
  /** May `caller` perform an operator action (reload, the bus traffic stream)? Agents never may. */
  allows(caller: Caller, action: OperatorAction): AccessDecision;
  /** Resolves once the first load has swapped in its catalog (at once afterwards); requests that arrive earlier can wait on it. */
  whenLoaded(): Promise<void>;
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
