import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  compileSchema,
  InvalidArgumentsError,
  InvalidOutputError,
  ToolAbortedError,
  ToolExecutionError,
  toWireError,
  UnknownToolError,
  type CallOutcome,
  type HostCallContext,
  type HostHealth,
  type HostState,
  type Logger,
  type ToolboxDescription,
  type ToolboxHost,
  type ToolDescriptor,
  type WireError,
} from '@ovos-tools/core';
import type { McpServerSpec, McpTimings } from './serverConfig.js';
import { serverEnv } from './serverEnv.js';
import { toToolDescriptor, type McpTool } from './toToolDescriptor.js';

/** Options of {@link McpToolboxHost.start}. */
export interface McpToolboxHostOptions {
  /** The toolbox id: the server's name in config. */
  toolboxId: string;
  /** How to reach the MCP server. */
  spec: McpServerSpec;
  /** Connect, call and restart timings. */
  timings: McpTimings;
  /** Where connection events and the server's stderr go. */
  logger: Logger;
}

/** What one connection to the server holds. */
interface Connection {
  client: Client;
  tools: ToolDescriptor[];
  /** Every tool's declared schemas by name (as the server sent them). */
  schemas: Map<string, { input: object; output?: object }>;
}

const STDERR_TAIL = 2000;

/**
 * One mounted MCP server as a {@link ToolboxHost} of kind `mcp`. `start` connects (spawns a stdio server or
 * opens a Streamable HTTP session), initializes and lists its tools within `connect_timeout_ms`, or rejects with
 * a readable reason. Calls validate arguments against the tool's `inputSchema` (core `compileSchema`) before
 * anything is sent, and the result against its `outputSchema` when one is declared; an `isError` result is an
 * `execution_failed` error carrying the server's text. `ctx.signal` cancels the request on the server (the SDK
 * sends `notifications/cancelled`). The server's `tools/list_changed` re-lists its tools and tells
 * `onToolsChanged` listeners. A server that exits or disconnects is restarted with exponential backoff: calls
 * in flight get `toolbox_crashed`, calls meanwhile wait for the restart until their deadline, and after
 * `max_restarts` failed restarts in a row (without a successful call between) the host is `unhealthy` and answers
 * `toolbox_unavailable` until the next reload.
 */
export class McpToolboxHost implements ToolboxHost {
  readonly kind = 'mcp' as const;
  readonly toolboxId: string;
  private readonly options: McpToolboxHostOptions;
  private readonly logger: Logger;
  private connection: Connection | undefined;
  private state: HostState = 'starting';
  private restarts = 0;
  private crashesInRow = 0;
  private lastError: string | undefined;
  private stderrTail = '';
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly inflight = new Set<(outcome: CallOutcome) => void>();
  private readonly listeners = new Set<() => void>();
  private stateWaiters: Array<() => void> = [];
  /** The last-known tools: kept while restarting, so the catalog does not flap. */
  private tools: ToolDescriptor[] = [];
  private schemas = new Map<string, { input: object; output?: object }>();

  private constructor(options: McpToolboxHostOptions) {
    this.options = options;
    this.toolboxId = options.toolboxId;
    this.logger = options.logger;
  }

  /**
   * Connects to the server and lists its tools.
   * @throws Error saying why the server could not be used (spawn failure, exit, HTTP error, timeout), with the
   *   tail of a stdio server's stderr.
   */
  static async start(options: McpToolboxHostOptions): Promise<McpToolboxHost> {
    const host = new McpToolboxHost(options);
    host.adopt(await host.connect());
    return host;
  }

  /** The server config this host was started with (a source reuses the host when it is unchanged). */
  get spec(): McpServerSpec {
    return this.options.spec;
  }

  describe(): ToolboxDescription {
    return { toolboxId: this.toolboxId, tools: this.tools };
  }

  health(): HostHealth {
    const h: HostHealth = { state: this.state, restarts: this.restarts, inflight: this.inflight.size };
    if (this.lastError !== undefined) h.lastError = this.lastError;
    return h;
  }

  onToolsChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async call(name: string, args: unknown, ctx: HostCallContext): Promise<CallOutcome> {
    if (this.state === 'closed' || this.state === 'unhealthy') return { ok: false, error: this.unavailable() };
    const schemas = this.schemas.get(name);
    if (!schemas) return { ok: false, error: toWireError(new UnknownToolError(name, this.toolboxId)) };
    const parsed = compileSchema(schemas.input).parse(args ?? {});
    if (!parsed.ok) {
      return { ok: false, error: toWireError(new InvalidArgumentsError('ValueError', `Invalid arguments for tool '${name}'`, { detail: parsed.problems.join('; ') })) };
    }
    if (this.state !== 'ready') {
      await this.waitForState(ctx.signal);
      if (ctx.signal.aborted) return abortOutcome(ctx.signal, name, this.toolboxId);
      if ((this.state as HostState) !== 'ready') return { ok: false, error: this.unavailable() };
    }
    const connection = this.connection!;
    return new Promise<CallOutcome>((resolve) => {
      const settle = (outcome: CallOutcome) => {
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
          { name, arguments: parsed.value as Record<string, unknown> },
          {
            signal: ctx.signal,
            timeout: Math.max(1000, ctx.deadline - Date.now() + 1000),
            ...(onprogress ? { onprogress: (p: { progress: number; total?: number; message?: string }) => onprogress(p) } : {}),
          },
        )
        .then(
          (result) => {
            if (this.connection === connection) this.crashesInRow = 0;
            settle(this.toOutcome(name, schemas, result));
          },
          (err: unknown) => {
            if (ctx.signal.aborted) return settle(abortOutcome(ctx.signal, name, this.toolboxId));
            if (this.connection !== connection) return settle({ ok: false, error: this.crashed() });
            settle({ ok: false, error: toWireError(new ToolExecutionError(name, this.toolboxId, { detail: `the MCP server answered with an error: ${message(err)}` })) });
          },
        );
      if (ctx.signal.aborted) onAbort();
    });
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.setState('closed');
    clearTimeout(this.restartTimer);
    this.failInflight({ error: `RuntimeError: ToolBox '${this.toolboxId}' was closed (reload or shutdown) before the call finished`, code: 'toolbox_unavailable' });
    const c = this.connection;
    this.connection = undefined;
    this.listeners.clear();
    await c?.client.close().catch(() => undefined);
  }

  /** Opens one connection: transport, initialize, tools/list, within `connectTimeoutMs`. */
  private async connect(): Promise<Connection> {
    const { spec, timings } = this.options;
    const client = new Client({ name: 'ovos-tools', version: '0.1.0' }, { capabilities: {} });
    this.stderrTail = '';
    const transport =
      spec.transport === 'stdio'
        ? new StdioClientTransport({ command: spec.command, args: spec.args, env: serverEnv(spec.env), ...(spec.cwd ? { cwd: spec.cwd } : {}), stderr: 'pipe' })
        : new StreamableHTTPClientTransport(new URL(spec.url), { requestInit: { headers: spec.headers } });
    if (transport instanceof StdioClientTransport) {
      transport.stderr?.on('data', (d: Buffer) => {
        this.stderrTail = (this.stderrTail + String(d)).slice(-STDERR_TAIL);
      });
    }
    const connection: Connection = { client, tools: [], schemas: new Map() };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the MCP server did not answer initialize and tools/list within ${timings.connectTimeoutMs} ms (connect_timeout_ms)`)), timings.connectTimeoutMs);
    });
    try {
      await Promise.race([
        (async () => {
          await client.connect(transport);
          await this.list(connection);
        })(),
        timeout,
      ]);
    } catch (err) {
      await client.close().catch(() => undefined);
      const tail = this.stderrTail.trim();
      throw new Error(`${message(err)}${tail ? `; its stderr ended with: ${tail.slice(-500)}` : ''}`);
    } finally {
      clearTimeout(timer);
    }
    return connection;
  }

  /** Makes `connection` the live one: watches for its loss and for `list_changed`. */
  private adopt(connection: Connection): void {
    this.connection = connection;
    this.tools = connection.tools;
    this.schemas = connection.schemas;
    connection.client.onclose = () => this.lost(connection, 'the MCP server exited or closed the connection');
    connection.client.setNotificationHandler('notifications/tools/list_changed', () => {
      void this.list(connection).then(
        () => {
          if (this.connection !== connection) return;
          this.tools = connection.tools;
          this.schemas = connection.schemas;
          this.emitChanged();
        },
        (err: unknown) => this.logger.warn(`MCP server '${this.toolboxId}': re-listing tools after list_changed failed: ${message(err)}`),
      );
    });
    this.setState('ready');
  }

  /** Lists every tool (all pages) into `connection`; tools our wire format cannot carry are logged and skipped. */
  private async list(connection: Connection): Promise<void> {
    const result = await connection.client.listTools();
    const tools: ToolDescriptor[] = [];
    const schemas = new Map<string, { input: object; output?: object }>();
    for (const tool of (result.tools ?? []) as McpTool[]) {
      const mapped = toToolDescriptor(tool, this.toolboxId);
      if (!mapped.ok) {
        this.logger.warn(mapped.error);
        continue;
      }
      if (schemas.has(tool.name)) {
        this.logger.warn(`MCP server '${this.toolboxId}' lists tool '${tool.name}' twice; the first is served`);
        continue;
      }
      tools.push(mapped.descriptor);
      schemas.set(tool.name, { input: mapped.descriptor.argumentSchema, ...(tool.outputSchema ? { output: mapped.descriptor.outputSchema } : {}) });
    }
    connection.tools = tools;
    connection.schemas = schemas;
  }

  /** The connection died: calls in flight get `toolbox_crashed`; a restart is scheduled. */
  private lost(connection: Connection, why: string): void {
    if (this.connection !== connection || this.state === 'closed') return;
    this.connection = undefined;
    const tail = this.stderrTail.trim();
    this.lastError = `${why}${tail ? ` (stderr: ${tail.slice(-300)})` : ''}`;
    this.logger.warn(`MCP server '${this.toolboxId}': ${this.lastError}`);
    this.failInflight(this.crashed());
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    const { timings } = this.options;
    if (this.crashesInRow >= timings.maxRestarts) {
      this.logger.error(`MCP server '${this.toolboxId}' failed ${this.crashesInRow} time(s) in a row; it is unhealthy until the next reload`);
      this.setState('unhealthy');
      return;
    }
    const delay = Math.min(timings.restartDelayMs * 2 ** this.crashesInRow, timings.maxRestartDelayMs);
    this.crashesInRow++;
    this.setState('restarting');
    this.restartTimer = setTimeout(() => {
      this.connect().then(
        (connection) => {
          if (this.state === 'closed') return void connection.client.close().catch(() => undefined);
          this.restarts++;
          const before = JSON.stringify(this.tools);
          this.adopt(connection);
          this.logger.info(`MCP server '${this.toolboxId}' restarted (${this.restarts} restart(s) so far)`);
          if (JSON.stringify(this.tools) !== before) this.emitChanged();
        },
        (err: unknown) => {
          if (this.state === 'closed') return;
          this.lastError = message(err);
          this.logger.warn(`MCP server '${this.toolboxId}' restart failed: ${this.lastError}`);
          this.scheduleRestart();
        },
      );
    }, delay);
    this.restartTimer.unref?.();
  }

  private toOutcome(name: string, schemas: { output?: object }, result: unknown): CallOutcome {
    const r = result as { content?: unknown; structuredContent?: unknown; isError?: unknown } | null;
    if (!r || typeof r !== 'object' || !Array.isArray(r.content)) {
      return { ok: false, error: toWireError(new InvalidOutputError(`MCP server '${this.toolboxId}' answered tool '${name}' with a malformed result (no content array)`)) };
    }
    if (r.isError === true) {
      return { ok: false, error: toWireError(new ToolExecutionError(name, this.toolboxId, { detail: textOf(r.content) || 'the MCP server reported an error without text' })) };
    }
    if (schemas.output) {
      const sc = r.structuredContent;
      if (!sc || typeof sc !== 'object' || Array.isArray(sc)) {
        return { ok: false, error: toWireError(new InvalidOutputError(`Tool '${name}' of MCP server '${this.toolboxId}' declares an outputSchema but returned no structuredContent object`)) };
      }
      const parsed = compileSchema(schemas.output).parse(sc);
      if (!parsed.ok) {
        return { ok: false, error: toWireError(new InvalidOutputError(`Tool '${name}' of MCP server '${this.toolboxId}' returned output that fails its outputSchema`, { detail: parsed.problems.join('; ') })) };
      }
      return { ok: true, result: parsed.value as Record<string, unknown> };
    }
    const sc = r.structuredContent;
    if (sc && typeof sc === 'object' && !Array.isArray(sc)) return { ok: true, result: sc as Record<string, unknown> };
    return { ok: true, result: { content: r.content } };
  }

  private crashed(): WireError {
    return { error: `RuntimeError: ToolBox '${this.toolboxId}' crashed during the call: ${this.lastError ?? 'the MCP server went away'}; it is being restarted`, code: 'toolbox_crashed' };
  }

  private unavailable(): WireError {
    const why = this.state === 'closed' ? 'it was closed' : this.state === 'unhealthy' ? `it failed repeatedly (${this.lastError ?? 'unknown error'}); reload to try again` : 'it is restarting';
    return { error: `RuntimeError: ToolBox '${this.toolboxId}' is unavailable: ${why}`, code: 'toolbox_unavailable' };
  }

  private failInflight(error: WireError): void {
    for (const settle of [...this.inflight]) settle({ ok: false, error });
  }

  private setState(state: HostState): void {
    this.state = state;
    if (state !== 'restarting' && state !== 'starting') for (const w of this.stateWaiters.splice(0)) w();
  }

  /** Resolves when the host leaves `restarting` or `signal` fires. */
  private waitForState(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done);
        this.stateWaiters = this.stateWaiters.filter((w) => w !== done);
        resolve();
      };
      this.stateWaiters.push(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  private emitChanged(): void {
    for (const l of [...this.listeners]) {
      try {
        l();
      } catch (err) {
        this.logger.warn(`an onToolsChanged listener threw: ${message(err)}`);
      }
    }
  }
}

/** The outcome of a call whose signal fired: the signal's reason when it is a tool error (the policy's timeout), else `aborted`. */
function abortOutcome(signal: AbortSignal, name: string, toolboxId: string): CallOutcome {
  const reason = signal.reason as { ovosClass?: unknown; code?: unknown } | undefined;
  if (reason && typeof reason.ovosClass === 'string' && typeof reason.code === 'string') return { ok: false, error: toWireError(reason) };
  return { ok: false, error: toWireError(new ToolAbortedError(name, toolboxId, { cause: reason })) };
}

function textOf(content: unknown[]): string {
  return content
    .map((c) => (c && typeof c === 'object' && (c as { type?: unknown }).type === 'text' ? String((c as { text?: unknown }).text ?? '') : ''))
    .filter(Boolean)
    .join('\n');
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
