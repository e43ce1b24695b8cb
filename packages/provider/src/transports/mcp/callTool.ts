import type { Server } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { JsonObject, Logger, ToolProgress } from '@ovos-tools/core';
import type { GetOutcome, ToolService } from '../../service/ToolService.js';
import type { Caller } from '../../service/Caller.js';
import { confirmationResult, declinedResult, mcpLanguages, readMcpConfirmation } from './mcpConfirmation.js';
import { ERROR_CODE_META_KEY, MAX_OUTPUT_CHARS_META_KEY } from './metaKeys.js';
import { refusalResult } from './refusalResult.js';
import { fromQualifiedMcpToolName } from './qualifiedToolName.js';
import { withTruncation } from './resultResources.js';
import { returnsMcpContent } from './toMcpTool.js';
import { fromMcpToolName } from '@ovos-tools/core';

/** The params of a `tools/call` request, as received. */
export interface ToolCallParams {
  /** The MCP tool name asked for (a catalog name, an escaped one, or `<toolbox_id>__<name>`). */
  name?: unknown;
  /** The tool's arguments, as sent. */
  arguments?: unknown;
  /** The request's `_meta` (progress token, budget, confirmation token, languages, trace context). */
  _meta?: Record<string, unknown>;
}

/** What `tools/call` needs of the SDK's request context. */
type CallContext = Parameters<typeof readMcpConfirmation>[1] & {
  sessionId?: string | undefined;
  mcpReq: { signal: AbortSignal; notify(notification: never): Promise<void> };
};

/**
 * One `tools/call` (see `createMcpToolServer`): the MCP name resolved to a tool, `service.invoke` (the one door) with
 * the request's AbortSignal, progress, budget, confirmation token and languages; the outcome translated to MCP — a
 * `CallToolResult`, an `isError` result with the code in `_meta`, the confirmation question, or, for a name the
 * catalog does not have, the protocol error `-32602` (with the service's did-you-mean, when it has one).
 */
export async function callTool(service: ToolService, server: Server, caller: Caller, logger: Logger, params: ToolCallParams, ctx: CallContext): Promise<never> {
  const target = typeof params.name === 'string' ? await resolveName(service, caller, params.name) : undefined;
  if (target === undefined) throw await unknownTool(service, caller, params.name);
  const { name, toolboxId } = target;
  const meta = params._meta ?? {};
  const budget = meta[MAX_OUTPUT_CHARS_META_KEY];
  const confirmation = readMcpConfirmation(meta, ctx as never);
  if ('declined' in confirmation) return declinedResult(name, confirmation.declined, ERROR_CODE_META_KEY) as never;
  const languages = mcpLanguages(meta, ctx as never);
  const onProgress = progressSender(meta.progressToken, ctx, logger);
  const outcome = await service.invoke({
    name,
    args: params.arguments ?? {},
    context: contextOf(meta, ctx.sessionId),
    signal: ctx.mcpReq.signal,
    caller,
    ...(toolboxId !== undefined ? { toolboxId } : {}),
    ...(onProgress ? { onProgress } : {}),
    ...(budget !== undefined ? { maxOutputChars: budget as number } : {}),
    ...(confirmation.token !== undefined ? { confirmToken: confirmation.token } : {}),
    ...(languages.length ? { languages } : {}),
  });
  if (outcome.ok) {
    // a mounted MCP tool's content blocks pass through as they are (the one case where the descriptor matters)
    const tool = Array.isArray(outcome.result.content) ? await service.get(name, caller, outcome.toolboxId) : undefined;
    const result = callToolResult(tool?.ok ? tool.entry.tool : undefined, outcome.result);
    return (outcome.truncated ? withTruncation(result, outcome.truncated, params.name as string) : result) as never;
  }
  // the same decision as every other transport; only a name the catalog does not have is a protocol error
  if (outcome.error.code === 'unknown_tool') throw await unknownTool(service, caller, params.name);
  if (outcome.confirmation) return confirmationResult(server, ctx as never, outcome.error.error, ERROR_CODE_META_KEY, outcome.confirmation) as never;
  return refusalResult(outcome) as never;
}

/** The protocol error for a name the catalog does not have, with the service's did-you-mean (a tool this caller may see). */
async function unknownTool(service: ToolService, caller: Caller, name: unknown): Promise<ProtocolError> {
  const got = typeof name === 'string' ? await service.get(name, caller) : undefined;
  const hint = got && !got.ok ? / Did you mean '[^']*'\?$/.exec(got.error.error)?.[0] ?? '' : '';
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${JSON.stringify(name)}.${hint} Call tools/list for the tools this server offers.`);
}

/** Progress forwarded as `notifications/progress` when the request carried a `progressToken`. */
function progressSender(token: unknown, ctx: CallContext, logger: Logger): ((p: ToolProgress) => void) | undefined {
  if (typeof token !== 'string' && typeof token !== 'number') return undefined;
  return (p: ToolProgress) => {
    const progress: Record<string, unknown> = { progressToken: token, progress: p.progress };
    if (p.total !== undefined) progress.total = p.total;
    if (p.message !== undefined) progress.message = p.message;
    ctx.mcpReq.notify({ method: 'notifications/progress', params: progress } as never).catch((err: unknown) => logger.debug(`progress not delivered: ${String(err)}`));
  };
}

/** A successful result as an MCP `CallToolResult` (see `createMcpToolServer`). */
function callToolResult(tool: { outputSchema: object } | undefined, result: Record<string, unknown>): Record<string, unknown> {
  if (tool && returnsMcpContent(tool) && Array.isArray(result.content)) {
    const sc = result.structuredContent;
    return { content: result.content, ...(sc !== null && typeof sc === 'object' && !Array.isArray(sc) ? { structuredContent: sc } : {}) };
  }
  return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
}

/**
 * The tool an MCP name calls: the catalog's tool of exactly that name (a name MCP accepts passes unchanged:
 * `projects.list`) — the collision winner — when there is one; else the tool its escaped form decodes to
 * (`projects.002elist`, the older listing); else a qualified name `<toolbox_id>__<name>` naming a tool its toolbox
 * serves (shadowed or not).
 */
async function resolveName(service: ToolService, caller: Caller, mcpName: string): Promise<{ name: string; toolboxId?: string } | undefined> {
  if (!isUnknown(await service.get(mcpName, caller))) return { name: mcpName };
  const name = fromMcpToolName(mcpName);
  if (name !== undefined && !isUnknown(await service.get(name, caller))) return { name };
  // a qualified reading: every `__` split, each asked of the service (the catalog is loaded by now)
  const served = new Set<string>();
  for (const split of qualifiedSplits(mcpName)) if (!isUnknown(await service.get(split.name, caller, split.toolboxId))) served.add(`${split.toolboxId}\u0000${split.name}`);
  const qualified = fromQualifiedMcpToolName(mcpName, (toolboxId, tool) => served.has(`${toolboxId}\u0000${tool}`));
  return qualified ?? (name === undefined ? undefined : { name });
}

/** Every `<toolbox_id>__<name>` reading of an MCP name (see `fromQualifiedMcpToolName`). */
function qualifiedSplits(mcpName: string): Array<{ toolboxId: string; name: string }> {
  const splits: Array<{ toolboxId: string; name: string }> = [];
  fromQualifiedMcpToolName(mcpName, (toolboxId, name) => (splits.push({ toolboxId, name }), false));
  return splits;
}

function isUnknown(got: GetOutcome): boolean {
  return !got.ok && got.error.code === 'unknown_tool';
}

/** The call's context: the MCP session id and W3C trace headers from `_meta`, when present. */
function contextOf(meta: Record<string, unknown>, sessionId: string | undefined): JsonObject {
  const context: JsonObject = {};
  if (sessionId) context.mcp_session_id = sessionId;
  for (const key of ['traceparent', 'tracestate'] as const) if (typeof meta[key] === 'string') context[key] = meta[key];
  return context;
}
