import {
  abortOutcome,
  hostErrors,
  SupervisedHost,
  ToolExecutionError,
  toWireError,
  type CallOutcome,
  type HostCallContext,
  type Logger,
  type ToolboxDescription,
  type ToolDescriptor,
  type WireError,
} from '@ovos-tools/core';
import { untilAborted } from './untilAborted.js';
import { classifyFailure, errorText as fullErrorText } from './classifyFailure.js';
import { compileToolSelection, type ToolSelection } from './compileToolSelection.js';
import { listServedTools, type ServedTool } from './listServedTools.js';
import { ConnectError, openConnection, type McpConnection } from './openConnection.js';
import { prepareCall, type PreparedCall } from './prepareCall.js';
import type { McpServerSpec, McpTimings } from './serverConfig.js';
import { serverLabel, withoutUrlSecrets } from './serverLabel.js';
import { toCallOutcome } from './toCallOutcome.js';

/** Options of {@link McpToolboxHost.start}. */
export interface McpToolboxHostOptions {
  /** The toolbox id: the server's name in config. */
  toolboxId: string;
  /** How to reach the MCP server, and which of its tools to serve under which names. */
  spec: McpServerSpec;
  /** Connect, call and restart timings. */
  timings: McpTimings;
  /** Where connection events and the server's stderr go. */
  logger: Logger;
}

/** A call the server refused because it no longer knows the session: safe to send again on a new one. */
const SESSION_GONE = Symbol('session-gone');
type SendOutcome = CallOutcome | typeof SESSION_GONE;

/**
 * One mounted MCP server as a {@link ToolboxHost} of kind `mcp`. `start` connects (spawns a stdio server or
 * opens a Streamable HTTP session), initializes and lists its tools within `connect_timeout_ms`, or rejects with
 * a {@link ConnectError} naming the server, its URL or command, how it ended and its stderr tail. Only the tools
 * the spec's `include`/`exclude` select are served, named `prefix` + their server name. Calls validate arguments
 * against the tool's `inputSchema` (core `compileSchema`) before anything is sent, and the result against its
 * `outputSchema` when one is declared; an `isError` result is an `execution_failed` error carrying the server's
 * text. `ctx.signal` cancels the request on the server. The server's `tools/list_changed` re-lists its tools and
 * tells `onToolsChanged` listeners.
 *
 * Supervision (core's {@link SupervisedHost}, shared with the provider's worker and process hosts):
 * - stdio: a server that exits is restarted with exponential backoff; calls in flight get `toolbox_crashed`,
 *   calls meanwhile wait for the restart until their deadline, and after `max_restarts` crashes (exits or failed
 *   restarts) within a minute the host is `unhealthy` and answers `toolbox_unavailable` until the next reload.
 * - Streamable HTTP: when the server answers that it no longer knows the session (HTTP 404, as the MCP spec
 *   says, or a 400 saying so, after a restart), a new session is started and the call sent once more — the server
 *   refused it before running it, so this is safe. When the server is unreachable, the call is answered
 *   `toolbox_unavailable` naming the URL and the host reconnects in the background with backoff; the next call
 *   also tries at once. An HTTP server is never given up on.
 */
export class McpToolboxHost extends SupervisedHost {
  readonly kind = 'mcp' as const;
  private readonly options: McpToolboxHostOptions;
  private readonly logger: Logger;
  /** `MCP server 'x' at <url>` / `MCP server 'x' (command: …)`: how every error names the server. */
  private readonly label: string;
  private readonly selection: ToolSelection;
  private connection: McpConnection | undefined;
  /** Why the last (re)connection failed, as callers are told it. */
  private lastFailure: ConnectError | undefined;
  private readonly inflight = new Set<(outcome: SendOutcome) => void>();
  /** The last-known tools: kept while restarting, so the catalog does not flap. */
  private tools: ToolDescriptor[] = [];
  private served = new Map<string, ServedTool>();

  private constructor(options: McpToolboxHostOptions) {
    const { timings, spec } = options;
    const label = serverLabel(options.toolboxId, spec);
    super(
      {
        toolboxId: options.toolboxId,
        // an HTTP server is never given up on: it may come back at any time, and each call tries it at once
        maxRestarts: spec.transport === 'stdio' ? timings.maxRestarts : Infinity,
        backoffMs: (attempt) => Math.min(timings.restartDelayMs * 2 ** (attempt - 1), timings.maxRestartDelayMs),
        logger: options.logger,
        label,
      },
      'starting',
    );
    this.options = options;
    this.logger = options.logger;
    this.label = label;
    this.selection = compileToolSelection(options.spec);
  }

  /**
   * Connects to the server and lists its tools.
   * @throws {@link ConnectError} saying why the server could not be used (spawn failure, exit code, unreachable
   *   URL, HTTP error, timeout), naming the server and its URL or command, with the tail of a stdio server's stderr.
   */
  static async start(options: McpToolboxHostOptions): Promise<McpToolboxHost> {
    const host = new McpToolboxHost(options);
    host.adopt(await host.open());
    return host;
  }

  /** The server config this host was started with (a source reuses the host when it is unchanged). */
  get spec(): McpServerSpec {
    return this.options.spec;
  }

  describe(): ToolboxDescription {
    return { toolboxId: this.toolboxId, tools: this.tools };
  }

  async call(name: string, args: unknown, ctx: HostCallContext): Promise<CallOutcome> {
    if (this.state === 'closed' || this.state === 'unhealthy') return { ok: false, error: this.unavailable() };
    let prepared = prepareCall(this.toolboxId, this.served, name, args);
    if (!prepared.ok) return prepared;
    const connection = await this.live(ctx, name);
    if (!('client' in connection)) return connection;
    if (connection.served !== this.served) prepared = prepareCall(this.toolboxId, connection.served, name, args);
    if (!prepared.ok) return prepared;
    const first = await this.send(connection, name, prepared, ctx);
    if (first !== SESSION_GONE) return first;

    // the server refused our session before running the call: start a new session and send the call once more
    const fresh = await untilAborted(this.renew(connection), ctx.signal);
    if (fresh === undefined) return abortOutcome(ctx.signal, name, this.toolboxId);
    if (fresh instanceof ConnectError) return { ok: false, error: this.unavailable(fresh.summary) };
    prepared = prepareCall(this.toolboxId, fresh.served, name, args);
    if (!prepared.ok) return prepared;
    const second = await this.send(fresh, name, prepared, ctx);
    if (second !== SESSION_GONE) return second;
    return { ok: false, error: this.unavailable(`${this.label} refused a new session too (it answers that it does not know the session)`) };
  }

  protected async shutdown(): Promise<void> {
    const c = this.connection;
    this.connection = undefined;
    await c?.close(true);
  }

  protected inflightCount(): number {
    return this.inflight.size;
  }

  protected failInflight(error: WireError): void {
    for (const settle of [...this.inflight]) settle({ ok: false, error });
  }

  /** A restart: a fresh connection (a respawned stdio server, a new HTTP session), adopted as the live one. */
  protected async relaunch(): Promise<{ toolsChanged: boolean }> {
    let connection: McpConnection;
    try {
      connection = await this.open();
    } catch (err) {
      throw (this.lastFailure = err instanceof ConnectError ? err : new ConnectError(`${this.label} could not be reached: ${this.errorText(err)}`, '', err));
    }
    if (this.state === 'closed') {
      void connection.close(true);
      throw (this.lastFailure = new ConnectError(`${this.label} was closed`, '', undefined));
    }
    this.lastFailure = undefined;
    const before = JSON.stringify(this.tools);
    this.adopt(connection);
    return { toolsChanged: JSON.stringify(this.tools) !== before };
  }

  /** `err`'s message chain, without the secrets an HTTP server's URL may hold. */
  private errorText(err: unknown): string {
    return withoutUrlSecrets(fullErrorText(err), this.options.spec);
  }

  private open(): Promise<McpConnection> {
    const { toolboxId, spec, timings } = this.options;
    return openConnection({ toolboxId, spec, timings, selection: this.selection, logger: this.logger });
  }

  /**
   * The connection to send on: the live one; for stdio, the one a restart brings (waiting until the call's
   * deadline); for HTTP, a new session opened now. Else the outcome to answer.
   */
  private async live(ctx: HostCallContext, name: string): Promise<McpConnection | CallOutcome> {
    if (this.connection) return this.connection;
    if (this.options.spec.transport === 'stdio') {
      await this.untilSettled(ctx.signal);
      if (ctx.signal.aborted) return abortOutcome(ctx.signal, name, this.toolboxId);
      return this.connection ?? { ok: false, error: this.unavailable() };
    }
    const c = await untilAborted(this.reconnect(), ctx.signal);
    if (c === undefined) return abortOutcome(ctx.signal, name, this.toolboxId);
    return c instanceof ConnectError ? { ok: false, error: this.unavailable(c.summary) } : c;
  }

  /** Sends one `tools/call` on `connection`; {@link SESSION_GONE} when the server no longer knows the session. */
  private send(connection: McpConnection, name: string, prepared: PreparedCall & { ok: true }, ctx: HostCallContext): Promise<SendOutcome> {
    return new Promise<SendOutcome>((resolve) => {
      const settle = (outcome: SendOutcome) => {
        if (!this.inflight.delete(settle)) return;
        ctx.signal.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const onAbort = () => settle(abortOutcome(ctx.signal, name, this.toolboxId));
      this.inflight.add(settle);
      ctx.signal.addEventListener('abort', onAbort, { once: true });
      const onprogress = ctx.onProgress;
      connection.client
        .callTool(
          { name: prepared.tool.mcpName, arguments: prepared.args },
          {
            signal: ctx.signal,
            timeout: Math.max(1000, ctx.deadline - Date.now() + 1000),
            ...(onprogress ? { onprogress: (p: { progress: number; total?: number; message?: string }) => onprogress(p) } : {}),
          },
        )
        .then(
          (result) => {
            settle(toCallOutcome(this.toolboxId, name, prepared.tool, result));
          },
          (err: unknown) => {
            if (ctx.signal.aborted) return settle(abortOutcome(ctx.signal, name, this.toolboxId));
            const kind = connection.transport === 'http' ? classifyFailure(err) : 'other';
            if (kind === 'session-gone' || connection.sessionGone) return settle(SESSION_GONE);
            if (kind === 'unreachable') {
              this.lost(connection, `is unreachable: ${this.errorText(err)}`);
              return settle({ ok: false, error: this.unavailable(`${this.label} is unreachable: ${this.errorText(err)}`) });
            }
            if (this.connection !== connection) return settle({ ok: false, error: this.crashed() });
            settle({ ok: false, error: toWireError(new ToolExecutionError(name, this.toolboxId, { detail: `${this.label} answered with an error: ${this.errorText(err)}` })) });
          },
        );
      if (ctx.signal.aborted) onAbort();
    });
  }

  /** Makes `connection` the live one: watches for its loss, a lost HTTP session and `list_changed`. */
  private adopt(connection: McpConnection): void {
    this.connection = connection;
    this.tools = connection.tools;
    this.served = connection.served;
    connection.client.onclose = () => this.lost(connection, connection.exitText() ?? 'closed the connection');
    if (connection.transport === 'http') {
      // the SDK reports a failed server-to-client (GET) stream here: a 404 after a server restart renews the session now
      connection.client.onerror = (err: unknown) => {
        if (classifyFailure(err) === 'session-gone') void this.renew(connection);
      };
    }
    connection.client.setNotificationHandler('notifications/tools/list_changed', () => {
      void this.relist(connection);
    });
    this.setState('ready');
  }

  private async relist(connection: McpConnection): Promise<void> {
    try {
      const { tools, served } = await listServedTools(connection.client, this.toolboxId, this.selection, this.logger);
      connection.tools = tools;
      connection.served = served;
      if (this.connection !== connection) return;
      this.tools = tools;
      this.served = served;
      this.emitToolsChanged();
    } catch (err) {
      this.logger.warn(`${this.label}: re-listing tools after list_changed failed: ${this.errorText(err)}`);
    }
  }

  /** `stale`'s session is gone: drops it and opens a new one (or joins the renewal already under way). */
  private renew(stale: McpConnection): Promise<McpConnection | ConnectError> {
    stale.sessionGone = true;
    if (this.connection === stale && this.state !== 'closed') {
      this.connection = undefined;
      this.lastError = this.lastReason = `${this.label} ended our session (it restarted, or dropped the session)`;
      this.logger.info(`${this.lastReason}; starting a new session`);
      this.setState('restarting');
      void stale.close();
    }
    return this.reconnect();
  }

  /** Opens a new connection now, once however many ask (a restart of the base); the live one, or why it failed. */
  private async reconnect(): Promise<McpConnection | ConnectError> {
    if (this.connection) return this.connection;
    if (this.state === 'closed') return new ConnectError(`${this.label} was closed`, '', undefined);
    await this.restartNow();
    return this.connection ?? this.lastFailure ?? new ConnectError(`${this.label} is unavailable: ${this.unavailable().error}`, '', undefined);
  }

  /** The connection died: for stdio, calls in flight get `toolbox_crashed`; a restart is scheduled (the base's backoff). */
  private lost(connection: McpConnection, why: string): void {
    if (this.connection !== connection || this.state === 'closed') return;
    this.connection = undefined;
    const tail = connection.stderrTail();
    if (connection.transport === 'http') void connection.close();
    this.runtimeLost(`${this.label} ${why}`, { ...(tail ? { detail: `its stderr ended with: ${tail}` } : {}), failInflight: connection.transport === 'stdio' });
  }

  private crashed(): WireError {
    return hostErrors.crashedDuringCall(this.toolboxId, this.lastReason ?? `${this.label} went away`);
  }
}
