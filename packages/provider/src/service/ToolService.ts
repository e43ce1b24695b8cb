import type { HostHealth, HostKind, JsonObject, ToolDescriptor, ToolProgress, WireError } from '@ovos-tools/core';

/**
 * Who is asking: the transport a request came in on and, when known, the agent it acts for. HTTP and MCP-over-HTTP
 * take `agentId` from the request's credential (never from its body); on the OVOS bus, which has no
 * authentication, it may come from a context field and is advisory unless the bus secret is set.
 */
export interface Caller {
  transport: 'ovos-bus' | 'mcp' | 'http' | 'in-process';
  agentId?: string;
}

/** One tool of the catalog (a registry-generation snapshot): its descriptor and the toolbox that serves it. */
export interface CatalogEntry {
  tool: ToolDescriptor;
  /** The serving toolbox (`toolbox_id` on the wire). */
  toolboxId: string;
  /** How that toolbox runs. */
  kind: HostKind;
  /** The entry-point (or host-source) name that declared the toolbox: the key of its config section. */
  source: string;
}

/** A permission decision; a refusal names the rule that refused, e.g. `agent "kid": tool not in allowlist`. */
export type AccessDecision = { allowed: true } | { allowed: false; rule: string };

/** Decides whether `caller` may see and call `entry`; the service asks it on list, get and invoke. */
export type Authorizer = (caller: Caller, entry: CatalogEntry) => AccessDecision;

/** What {@link ToolService.list} filters by. */
export interface ListQuery {
  /** Keep tools carrying every one of these tags (AND). */
  tags?: readonly string[];
  /** Only what this caller may call (default: an unauthenticated `in-process` caller, which sees everything). */
  caller?: Caller;
}

/** One invocation request, whatever transport it came in on. */
export interface InvokeRequest {
  /** The tool name. */
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
  caller?: Caller;
}

/** The outcome of one invocation: a result or an error, who ran it and how long it took (ms, 3 decimals). */
export type InvokeOutcome =
  | { ok: true; result: Record<string, unknown>; toolboxId: string; latencyMs: number }
  | { ok: false; error: WireError; toolboxId?: string; latencyMs: number };

/** What {@link ToolService.get} answers: the entry, or a wire error (`unknown_tool`, `forbidden`). */
export type GetOutcome = { ok: true; entry: CatalogEntry } | { ok: false; error: WireError };

/** A toolbox that did not load (or a declaration that could not be used), as reported to clients. */
export interface LoadProblem {
  /** The entry-point name (`''` for package-level problems). */
  entryPoint: string;
  packageName: string;
  error: string;
}

/** A tool name served by more than one toolbox, and which one serves `get`/`invoke` (see the README's precedence). */
export interface Collision {
  name: string;
  toolboxIds: string[];
  winner: string;
}

/** One loaded toolbox as the service reports it. */
export interface ToolboxStatus {
  toolboxId: string;
  source: string;
  kind: HostKind;
  /** Bundled with the provider, pinned by the operator, or a third-party plugin (collision precedence, high first). */
  origin: 'bundled' | 'pinned' | 'plugin' | 'remote';
  toolCount: number;
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
  problems: LoadProblem[];
  /** Tool names that appeared / disappeared, and entry points whose package changed. */
  added: string[];
  removed: string[];
  updated: string[];
  /** Wall time of the reload in ms. */
  durationMs: number;
}

/** A change of the catalog, sent to {@link ToolService.onChange} listeners (the bus `ovos.tools.changed`, MCP `list_changed`). */
export interface CatalogChange {
  generation: number;
  loaded: string[];
  totalTools: number;
  added: string[];
  removed: string[];
  updated: string[];
}

/**
 * The transport-free tool service: everything a transport (the OVOS bus API, MCP, HTTP) needs, and nothing that
 * knows a topic, a route or a JSON-RPC method. Every call goes through the current registry generation, the
 * authorizer and the execution policy. Never throws for bad input: outcomes carry wire errors.
 */
export interface ToolService {
  /** The catalog in load order (colliding names once per toolbox), filtered by tags and the caller's permissions. */
  list(query?: ListQuery): CatalogEntry[];
  /** The entry serving `name` (the collision winner), if the caller may see it. */
  get(name: string, caller?: Caller): GetOutcome;
  /** Runs one tool under permissions and policy on the generation current when it arrived. */
  invoke(request: InvokeRequest): Promise<InvokeOutcome>;
  /** Rescans and swaps in the next generation; serialised; never rejects for a bad toolbox. */
  reload(): Promise<ReloadReport>;
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
