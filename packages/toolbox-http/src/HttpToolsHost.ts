import { abortOutcome, compileSchema, hostErrors, type CallOutcome, type HostCallContext, type HostHealth, type ToolboxDescription, type ToolboxHost, type ToolDescriptor } from '@ovos-tools/core';
import { FetchRefusedError, safeRequest, systemResolver, type HostResolver } from '@ovos-tools/core/net';
import type { HttpToolSpec } from './httpToolsFile.js';

/** Network settings shared by every tool of a host (the source's config). */
export interface HttpToolsNetOptions {
  /** Config `allowed_hosts`: `host` or `host:port` targets exempt from the private-address refusal. */
  allowedHosts: readonly string[];
  /** Config `allow_private_network`: every target may be private (per-tool `allow_private` is the narrow form). */
  allowPrivateNetwork: boolean;
  /** Largest answer in bytes (after decompression); default 1 MiB. */
  maxResponseBytes: number;
  /** Redirects followed (307/308 only, each re-checked); default 3. */
  maxRedirects: number;
  /** Resolves host names (default: the system resolver); tests pass a fake one. */
  resolve?: HostResolver;
}

/** A tool descriptor with the seed's `allowed_agents` (core's `ToolDescriptor.allowedAgents`, read by the provider's access control). */
export type HttpToolDescriptor = ToolDescriptor;

const fail = (code: 'invalid_arguments' | 'invalid_output' | 'execution_failed' | 'timeout' | 'aborted' | 'unknown_tool' | 'toolbox_unavailable', error: string): CallOutcome => ({
  ok: false,
  error: { error, code },
});

/**
 * A {@link ToolboxHost} (kind `http`) for the tools of one file: each call validates the arguments against the
 * tool's `input_schema`, POSTs `{"args": …, "context": …}` as JSON to its `target` through the SSRF-safe
 * `safeRequest` of `@ovos-tools/core/net` (private targets refused unless the tool says `allow_private: true`
 * or the operator allows the host), and validates the JSON answer against `output_schema`. The tool's
 * `timeout` (seconds) caps the call below the provider's own limit. Failures are values:
 * `execution_failed` (service down, HTTP error, refused target, not JSON, too large), `invalid_output`,
 * `timeout`, `aborted`.
 */
export class HttpToolsHost implements ToolboxHost {
  readonly kind = 'http' as const;
  readonly toolboxId: string;
  /** The file text this host was built from (the source reuses the host when it has not changed). */
  readonly fingerprint: string;
  readonly #tools: Map<string, HttpToolSpec>;
  readonly #descriptors: HttpToolDescriptor[];
  readonly #net: HttpToolsNetOptions;
  #inflight = 0;
  #closed = false;
  readonly #controllers = new Set<AbortController>();

  constructor(toolboxId: string, tools: readonly HttpToolSpec[], net: HttpToolsNetOptions, fingerprint = '') {
    this.toolboxId = toolboxId;
    this.fingerprint = fingerprint;
    this.#net = net;
    const enabled = tools.filter((t) => t.enabled);
    this.#tools = new Map(enabled.map((t) => [t.id, t]));
    this.#descriptors = enabled.map((t) => ({
      name: t.id,
      title: t.name,
      description: t.description,
      argumentSchema: t.input_schema,
      outputSchema: t.output_schema,
      tags: t.tags,
      openWorld: true,
      timeoutMs: t.timeout * 1000,
      ...(t.allowed_agents ? { allowedAgents: t.allowed_agents } : {}),
    }));
  }

  describe(): ToolboxDescription {
    return { toolboxId: this.toolboxId, tools: this.#descriptors };
  }

  health(): HostHealth {
    return { state: this.#closed ? 'closed' : 'ready', restarts: 0, inflight: this.#inflight };
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const c of this.#controllers) c.abort(new Error(`toolbox ${this.toolboxId} closed`));
  }

  async call(name: string, args: unknown, ctx: HostCallContext): Promise<CallOutcome> {
    const tool = this.#tools.get(name);
    if (!tool) return fail('unknown_tool', `ValueError: Unknown tool '${name}' for ToolBox '${this.toolboxId}'.`);
    if (this.#closed) return { ok: false, error: hostErrors.toolboxClosed(this.toolboxId) };
    const parsed = compileSchema(tool.input_schema).parse(args ?? {});
    if (!parsed.ok) return fail('invalid_arguments', `ValueError: Invalid arguments for ${name}: ${parsed.problems.join('; ')}`);

    const timeoutMs = Math.min(tool.timeout * 1000, ctx.timeoutMs);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimeoutSignal()), timeoutMs);
    const onOuter = () => controller.abort(ctx.signal.reason);
    if (ctx.signal.aborted) onOuter();
    else ctx.signal.addEventListener('abort', onOuter, { once: true });
    this.#controllers.add(controller);
    this.#inflight++;
    try {
      const res = await safeRequest(tool.target, {
        method: 'POST',
        body: JSON.stringify({ args: parsed.value, context: ctx.context }),
        contentType: 'application/json',
        accept: 'application/json',
        userAgent: 'ovos-tools-http/0.1',
        maxBytes: this.#net.maxResponseBytes,
        maxRedirects: this.#net.maxRedirects,
        signal: controller.signal,
        policy: {
          allowPrivateNetwork: this.#net.allowPrivateNetwork || tool.allow_private,
          allowedHosts: this.#net.allowedHosts,
          resolve: this.#net.resolve ?? systemResolver,
          refusalHint: `HTTP tools only call public addresses. Allow this target with "allow_private: true" on tool ${tool.id}, or allowed_hosts in the ovos-http-tools config.`,
        },
      });
      const { bytes, capped } = await res.read();
      if (res.status < 200 || res.status > 299) {
        return fail('execution_failed', `RuntimeError: ${tool.target} answered HTTP ${res.status} ${res.statusText}`.trim());
      }
      if (capped) return fail('execution_failed', `RuntimeError: ${tool.target} answered more than ${this.#net.maxResponseBytes} bytes`);
      let value: unknown;
      try {
        value = JSON.parse(bytes.toString('utf8'));
      } catch {
        return fail('execution_failed', `RuntimeError: ${tool.target} answered something that is not JSON (${res.mediaType || 'no content type'})`);
      }
      const checked = compileSchema(tool.output_schema).parse(value);
      if (!checked.ok) return fail('invalid_output', `ValueError: ${tool.target} answered output that does not match output_schema: ${checked.problems.join('; ')}`);
      const out = checked.value;
      return { ok: true, result: out !== null && typeof out === 'object' && !Array.isArray(out) ? (out as Record<string, unknown>) : { value: out } };
    } catch (err) {
      const reason = controller.signal.reason;
      if (controller.signal.aborted && reason instanceof TimeoutSignal) {
        return fail('timeout', `TimeoutError: ${name} timed out after ${timeoutMs} ms waiting for ${tool.target}`);
      }
      // the provider's time limit or the caller giving up: the same words as every other host (core abortOutcome)
      if (ctx.signal.aborted) return abortOutcome(ctx.signal, name, this.toolboxId);
      if (err instanceof FetchRefusedError) return fail('execution_failed', `RuntimeError: ${err.message}`);
      const code = (err as { code?: string }).code;
      return fail('execution_failed', `RuntimeError: Connection failed: ${tool.target}${code ? ` (${code})` : `: ${(err as Error).message}`}`);
    } finally {
      clearTimeout(timer);
      ctx.signal.removeEventListener('abort', onOuter);
      this.#controllers.delete(controller);
      this.#inflight--;
    }
  }
}

/** The abort reason of a tool's own `timeout`. */
class TimeoutSignal extends Error {
  override readonly name = 'TimeoutError';
}
