import type { LazyAbortController } from './LazyAbortController.js';
import type { WireError } from '../errors/wireError.js';
import type { Logger } from '../logging/Logger.js';
import type { ToolProgress } from '../tool/ToolProgress.js';
import type { ToolLike } from '../wire/toolJson.js';
import type { JsonObject } from '../wire/Message.js';

/**
 * Where a toolbox runs, as seen by the provider:
 * - `inline`: in the provider's own thread (trusted, fastest; only where the operator asks for it);
 * - `worker`: in its own `worker_threads` Worker with `resourceLimits`;
 * - `process`: in its own child Node process under Node's permission model, with a reduced environment;
 * - `bus`: a toolbox that lives elsewhere on the messagebus (e.g. a Python OVOS `ToolBox`), reached over its call topic;
 * - `mcp`: the tools of a mounted MCP server;
 * - `http`: tools declared in config whose executor calls an HTTP service.
 */
export type HostKind = 'inline' | 'worker' | 'process' | 'bus' | 'mcp' | 'http';

/**
 * One tool as a host describes it: the tool's contract and catalog metadata as plain, structured-clone-safe data
 * (schemas are plain JSON Schema; there is no `toolCall`). `title` is the human-readable name MCP shows.
 */
export type ToolDescriptor = ToolLike & {
  /** The human-readable name MCP clients show (MCP `title`); defaults to the tool name. */
  title?: string;
  /**
   * Only these agents may see and call the tool (the toolcore seed's per-tool `allowed_agents`, set e.g. by
   * toolbox-http from its tools file); absent: every agent the caller's own allowlist allows. The provider's access
   * control reads it; a caller naming no agent never gets a tool that has it.
   */
  allowedAgents?: readonly string[];
};

/** What {@link ToolboxHost.describe} answers: the toolbox id and its tools in listing order. */
export interface ToolboxDescription {
  /** The toolbox id (`toolbox_id` on the wire), e.g. `ovos-math-tools`. */
  toolboxId: string;
  /** Every tool, in the order it should be listed. */
  tools: readonly ToolDescriptor[];
}

/** What the provider passes with every {@link ToolboxHost.call}. */
export interface HostCallContext {
  /**
   * Fires when the call is cut off (time limit, caller cancellation, shutdown); the host must stop the work.
   * When {@link abort} is given, this is its signal, created on first read. It may be a getter on the context's
   * prototype (the provider's context is a class): pass a context on as it is; a spread copy (`{...ctx}`) drops it.
   */
  signal: AbortSignal;
  /**
   * The controller behind {@link signal}, when the caller made it lazily (the provider's policy does, for every
   * call): a host in the same thread can check `abort.aborted`, subscribe with `abort.onAbort` or pass it on as
   * `CallToolOptions.abort` without creating the `AbortSignal`, which costs more than a trivial call. Hosts that
   * need a signal (to cross a thread, or for `fetch`) just read {@link signal}.
   */
  abort?: LazyAbortController;
  /** The time limit decided by the provider's policy for this call, in ms. */
  timeoutMs: number;
  /** `Date.now()` value (ms since the epoch) at which the call is answered `timeout`. */
  deadline: number;
  /**
   * The request's context, passed through to the tool: OVOS message `context` keys such as `session`,
   * `utterance_id` and `traceparent`, or the HTTP/MCP caller's equivalents. Never `null`.
   */
  context: JsonObject;
  /** Receives progress reports from the tool, when the caller wants them. */
  onProgress?: (progress: ToolProgress) => void;
}

/** The outcome of one call, as a value: the validated output, or a wire error (never thrown across a host). */
export type CallOutcome =
  | {
      /** The tool returned. */
      ok: true;
      /** Its output, validated against the tool's output schema. */
      result: Record<string, unknown>;
    }
  | {
      /** The call failed. */
      ok: false;
      /** What the caller sees: `{error, code}` (see {@link WireError}). */
      error: WireError;
    };

/**
 * A host's state: `starting` (not yet serving), `ready`, `restarting` (after a crash, a memory limit or a
 * call that would not stop; calls wait for the restart), `unhealthy` (crashed repeatedly; calls are refused
 * until the next reload) and `closed`.
 */
export type HostState = 'starting' | 'ready' | 'restarting' | 'unhealthy' | 'closed';

/** What {@link ToolboxHost.health} answers. */
export interface HostHealth {
  /** Where the host is in its life (see {@link HostState}). */
  state: HostState;
  /** How many times the host was restarted since it was created. */
  restarts: number;
  /** Calls running in the host now. */
  inflight: number;
  /** Why the host last stopped or was marked unhealthy, when it did. */
  lastError?: string;
}

/**
 * The one interface between the provider and a toolbox, whatever runs it (see {@link HostKind}). The
 * registry, the execution policy and every transport (OVOS bus topics, MCP, HTTP) talk only to this.
 *
 * Contract:
 * - `describe()` is synchronous and cheap: the tools as of the last (re)start; it never runs toolbox code.
 * - `call()` never rejects: every failure is a {@link CallOutcome} with a wire error naming the toolbox.
 *   It settles promptly once `ctx.signal` fires (with a `timeout` or `aborted` error, whichever the signal's
 *   reason says), even if the toolbox's code does not stop; the host then reclaims the work (e.g. terminates
 *   and restarts a worker after a grace period).
 * - `close()` stops accepting calls, answers the ones in flight with an error, and releases everything the
 *   host holds (threads, processes, connections). Idempotent.
 */
export interface ToolboxHost {
  /** What runs the toolbox (see {@link HostKind}). */
  readonly kind: HostKind;
  /** The toolbox id (`toolbox_id` on the wire). */
  readonly toolboxId: string;
  /** The toolbox's tools as of the last (re)start; synchronous, never runs toolbox code. */
  describe(): ToolboxDescription;
  /** Runs tool `name` with the raw `args` (the host validates them); never rejects (see the contract above). */
  call(name: string, args: unknown, ctx: HostCallContext): Promise<CallOutcome>;
  /** The host's state, restarts and calls in flight now. */
  health(): HostHealth;
  /** Stops the host and releases what it holds; calls in flight are answered with an error. Idempotent. */
  close(): Promise<void>;
  /**
   * Subscribes to changes of the tool list at the source (an MCP server's `list_changed`, a remote toolbox
   * that re-announced itself); the provider then re-reads `describe()`. Returns the unsubscribe function.
   */
  onToolsChanged?(listener: () => void): () => void;
  /**
   * Starts loading, in the background, what the toolbox's first calls would load (its `ToolBox.warmUp`), and
   * returns at once; a host that restarts its runtime warms the new one too. The provider calls it once per host,
   * once the host's generation is serving and idle (setting `warm_up`). Calls made meanwhile are served as usual.
   */
  warmUp?(): void;
}

/** What a {@link HostSource} receives when the provider (re)loads. */
export interface HostSourceOptions {
  /** The source's own config section (keyed by its entry-point name in the provider config). */
  config: Record<string, unknown>;
  /** A logger whose lines carry the source's name. */
  logger: Logger;
  /** Hosts this source made for the previous registry generation; unchanged ones may be returned again. */
  previous: readonly ToolboxHost[];
}

/** What {@link HostSource.createHosts} returns: the hosts to serve and the ones that could not start. */
export interface HostSourceResult {
  /** The hosts to serve in this generation, one per toolbox. */
  hosts: ToolboxHost[];
  /** One entry per toolbox that could not start, e.g. `{toolboxId: 'everything', error: 'spawn npx ENOENT'}`. */
  problems: Array<{ toolboxId: string; error: string }>;
}

/**
 * A package-provided factory of toolbox hosts, for toolboxes that are not `ToolBox` classes (mounted MCP
 * servers, HTTP tools declared in config). Declared in package.json under the `ovos-tools.hosts` entry-point
 * group: `{"entryPoints": {"ovos-tools.hosts": {"ovos-mcp-tools": "./dist/index.js#mcpHostSource"}}}`.
 * Carries {@link HOST_SOURCE_BRAND} with the contract version. Sources run in the provider's thread: what they
 * talk to (servers, services) runs out of process.
 */
export interface HostSource {
  /** The host-source contract version this source implements ({@link HOST_SOURCE_CONTRACT_VERSION}). */
  readonly [HOST_SOURCE_BRAND]: number;
  /** Builds this generation's hosts; must not throw for one bad toolbox (report it in `problems`). */
  createHosts(options: HostSourceOptions): Promise<HostSourceResult>;
}

/** The cross-copy brand of a {@link HostSource}: `Symbol.for('ovos-tools.host-source')`. */
export const HOST_SOURCE_BRAND: unique symbol = Symbol.for('ovos-tools.host-source') as never;
/** The host-source contract version carried under {@link HOST_SOURCE_BRAND}. */
export const HOST_SOURCE_CONTRACT_VERSION = 1;
/** The package.json entry-point group that declares {@link HostSource}s. */
export const HOST_SOURCE_GROUP = 'ovos-tools.hosts';
