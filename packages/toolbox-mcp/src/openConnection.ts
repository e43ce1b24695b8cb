import type { ChildProcess } from 'node:child_process';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Logger } from '@ovos-tools/core';
import { classifyFailure, errorText } from './classifyFailure.js';
import type { ToolSelection } from './compileToolSelection.js';
import { listServedTools, type ServedTools } from './listServedTools.js';
import type { McpServerSpec, McpTimings } from './serverConfig.js';
import { serverEnv } from './serverEnv.js';
import { serverLabel, withoutUrlSecrets } from './serverLabel.js';

/** The most of a stdio server's stderr kept (its tail), in characters. */
const STDERR_KEPT = 2000;
/** The most of that tail put in an error or log line, in characters. */
export const STDERR_SHOWN = 500;
/** How long closing waits for the server to end an HTTP session (`DELETE`), in ms. */
const TERMINATE_WAIT_MS = 1000;

/** What {@link openConnection} needs. */
export interface OpenConnectionOptions {
  /** The toolbox id: the server's name in config. */
  toolboxId: string;
  /** How to reach the server. */
  spec: McpServerSpec;
  /** `connectTimeoutMs` bounds the whole opening. */
  timings: McpTimings;
  /** Which tools are served, under which names. */
  selection: ToolSelection;
  /** Where listing problems go. */
  logger: Logger;
}

/** One live connection (one stdio process, or one Streamable HTTP session) with the tools it serves. */
export interface McpConnection extends ServedTools {
  /** The SDK client bound to this connection. */
  readonly client: Client;
  /** `stdio` or `http`. */
  readonly transport: McpServerSpec['transport'];
  /** Set when the HTTP server said it no longer knows this session: requests still pending on it were refused. */
  sessionGone?: boolean;
  /** How a stdio server's process ended (`exited with code 3`, `was killed by SIGKILL`), once it has. */
  exitText(): string | undefined;
  /** The last characters a stdio server wrote to stderr (at most {@link STDERR_SHOWN}), trimmed; `''` for HTTP. */
  stderrTail(): string;
  /** Closes the connection; with `endSession`, first asks an HTTP server to end the session (bounded wait). */
  close(endSession?: boolean): Promise<void>;
}

/**
 * Opens one connection to a server — spawns the stdio command or starts a Streamable HTTP session — then
 * initializes and lists its tools, all within `connect_timeout_ms`.
 * @throws Error whose message names the server and its URL or command (see `serverLabel`) and says why:
 *   `could not be started: spawn … ENOENT`, `exited with code 2 before it answered …`, `is unreachable: fetch
 *   failed: connect ECONNREFUSED …`, `did not answer … within 800 ms (connect_timeout_ms)`, followed for stdio by
 *   the tail of its stderr.
 */
export async function openConnection(options: OpenConnectionOptions): Promise<McpConnection> {
  const { toolboxId, spec, timings } = options;
  const client = new Client({ name: 'ovos-tools', version: '0.1.0' }, { capabilities: {} });
  let stderr = '';
  const transport =
    spec.transport === 'stdio'
      ? new WatchedStdioTransport({ command: spec.command, args: spec.args, env: serverEnv(spec.env), ...(spec.cwd ? { cwd: spec.cwd } : {}), stderr: 'pipe' })
      : new StreamableHTTPClientTransport(new URL(spec.url), { requestInit: { headers: spec.headers } });
  if (transport instanceof WatchedStdioTransport) {
    transport.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + String(d)).slice(-STDERR_KEPT);
    });
  }
  const exitText = () => (transport instanceof WatchedStdioTransport ? transport.exitText() : undefined);
  const stderrTail = () => stderr.trim().slice(-STDERR_SHOWN);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ConnectTimeout(timings.connectTimeoutMs)), timings.connectTimeoutMs);
  });
  let tools: ServedTools;
  try {
    tools = await Promise.race([
      (async () => {
        await client.connect(transport);
        return listServedTools(client, toolboxId, options.selection, options.logger);
      })(),
      timeout,
    ]);
  } catch (err) {
    await client.close().catch(() => undefined);
    throw new ConnectError(`${serverLabel(toolboxId, spec)} ${withoutUrlSecrets(startFailure(err, spec, exitText()), spec)}`, stderrTail(), err);
  } finally {
    clearTimeout(timer);
  }
  return {
    ...tools,
    client,
    transport: spec.transport,
    exitText,
    stderrTail,
    async close(endSession = false) {
      if (endSession && transport instanceof StreamableHTTPClientTransport) {
        await Promise.race([transport.terminateSession().catch(() => undefined), new Promise((r) => setTimeout(r, TERMINATE_WAIT_MS).unref())]);
      }
      await client.close().catch(() => undefined);
    },
  };
}

/** Why opening failed, as the end of a sentence that starts with the server's label. */
function startFailure(err: unknown, spec: McpServerSpec, exit: string | undefined): string {
  if (err instanceof ConnectTimeout) return err.message;
  if (exit) return `${exit} before it answered initialize and tools/list`;
  const code = (err as { code?: unknown } | null)?.code;
  if (spec.transport === 'stdio' && typeof code === 'string' && /^E[A-Z]+$/.test(code)) return `could not be started: ${errorText(err)}`;
  if (spec.transport === 'http' && classifyFailure(err) === 'unreachable') return `is unreachable: ${errorText(err)}`;
  return `failed during initialize and tools/list: ${errorText(err)}`;
}

/**
 * Why {@link openConnection} failed. `message` is the whole story for the operator (load problems, logs):
 * {@link summary} plus `; its stderr ended with: …`; `summary` leaves the server's stderr out (it may hold
 * anything the server printed) and is what callers of its tools are told.
 */
export class ConnectError extends Error {
  override readonly name = 'ConnectError';
  /** The server's label and what went wrong, without its stderr. */
  readonly summary: string;
  constructor(summary: string, stderrTail: string, cause: unknown) {
    super(`${summary}${stderrTail ? `; its stderr ended with: ${stderrTail}` : ''}`, { cause });
    this.summary = summary;
  }
}

class ConnectTimeout extends Error {
  constructor(ms: number) {
    super(`did not answer initialize and tools/list within ${ms} ms (connect_timeout_ms)`);
  }
}

/** The SDK's stdio transport, also recording how the process ended (the SDK reports no exit code). */
class WatchedStdioTransport extends StdioClientTransport {
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  override start(): Promise<void> {
    const started = super.start();
    // SDK 2.4 keeps the ChildProcess in `_process`, set synchronously by start(); without it only the code is lost
    const child = (this as unknown as { _process?: ChildProcess })._process;
    child?.once('exit', (code, signal) => {
      this.exit = { code, signal };
    });
    return started;
  }

  /** `exited with code 3` / `was killed by SIGKILL` once the process ended, else `undefined`. */
  exitText(): string | undefined {
    if (!this.exit) return undefined;
    return this.exit.signal ? `was killed by ${this.exit.signal}` : `exited with code ${this.exit.code}`;
  }
}
