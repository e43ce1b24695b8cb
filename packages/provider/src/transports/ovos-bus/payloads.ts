import {
  checkPayload,
  parseToolFormat,
  toolJson,
  toolSpecJson,
  toolSummaryJson,
  ToolsListRequest,
  ToolsSearchRequest,
  type JsonObject,
  type ToolFormat,
  type OvosLoadProblemData,
  type OvosToolEntryData,
  type PersonaDiscoverResponseData,
  type ToolboxCallResponseData,
  type ToolsGetResponseData,
  type ToolsInvokeResponseData,
  type ToolsListResponseData,
  type ToolsReloadResponseData,
  type ToolsResultGetResponseData,
  type ToolsSearchResponseData,
} from '@ovos-tools/core';
import type { ToolService } from '../../service/ToolService.js';
import type { Caller } from '../../service/Caller.js';
import type { CatalogEntry } from '../../service/CatalogEntry.js';
import type { InvokeOutcome } from '../../service/InvokeOutcome.js';
import type { LoadProblem } from '../../service/ToolboxStatus.js';
import type { ReloadReport } from '../../service/ReloadReport.js';
import { readRequestName } from './requestName.js';
import { resultPageJson, truncatedJson } from '../budgetJson.js';
import { formatCatalog, formatEntry } from '../formatCatalog.js';
import { searchResponseJson } from '../searchJson.js';
import { searchErrors } from '../../search/searchErrors.js';
import { confirmationJson } from '../confirmationJson.js';
import { ignoredKeys, ignoredKeysNote } from '../ignoredKeys.js';
import { wireErrors } from '../../service/wireErrors.js';

/**
 * The OVOS payloads of the provider API (wire spec §4.4, ovos-PHAL-plugin-tools) and the per-toolbox API
 * (§2.4–2.5, OPM `ToolBox`), built from the {@link ToolService}. Only this module shapes `ovos.tools.*` and
 * `ovos.persona.tools.*` data; `registerOvosBus.ts` only routes. Requests are checked here, at the edge, against
 * core's payload schemas (`ToolsListRequest`, `OvosToolName`, …; `@ovos-tools/core` `wire/ovosRequests.ts` and `wire/ovosResponses.ts`), and
 * every answer has the type of its response schema; the error texts come from `service/wireErrors.ts`.
 */

/**
 * One `ovos.tools.list` entry: OVOS `{name, description, argument_schema, output_schema, toolbox_id}`, plus
 * `shadowed_by` (the toolbox answering the bare name) when another toolbox's tool of this name wins it.
 */
export function listEntry(entry: CatalogEntry): OvosToolEntryData {
  const out: OvosToolEntryData = { ...toolJson(entry.tool), toolbox_id: entry.toolboxId };
  if (entry.shadowedBy !== undefined) out.shadowed_by = entry.shadowedBy;
  return out;
}

/**
 * `ovos.tools.list.response`: `{tools}` in load order, colliding names once per toolbox. `{"summary": true}`:
 * light entries `{name, summary, tags, toolbox_id}` (seed 004); `{"tags": [...]}` (or one string) keeps tools
 * carrying every tag. `collisions: [{name, toolbox_ids, winner}]` and `problems` are added when there are any.
 * `{"format": "openai"}` (or `mcp`, `openai-strict`, `anthropic`, `gemini`): `tools` are that vendor's definitions
 * (one per name), with `format`, `notes` and `skipped` (see `service/formatCatalog.ts`); `"ovos"` or no format is
 * the answer above, unchanged. A `tags` or `format` of the wrong type, an unknown format, or `summary` with a vendor
 * format answers `{tools: [], error, code: "invalid_request"}`.
 */
export async function listToolsPayload(service: ToolService, data: JsonObject, caller: Caller): Promise<ToolsListResponseData> {
  const mismatch = checkPayload(ToolsListRequest, data);
  if (mismatch) return { tools: [], ...(mismatch.field === 'format' ? wireErrors.invalidFormat(`expected a format name, received ${JSON.stringify(mismatch.received)}`) : wireErrors.invalidTags(mismatch.received)) };
  const parsed = parseToolFormat(data.format);
  if ('error' in parsed) return { tools: [], ...wireErrors.invalidFormat(parsed.error) };
  const tags = data.tags as string | string[] | null | undefined;
  const wanted = typeof tags === 'string' ? [tags] : (tags ?? []);
  const summary = data.summary === true;
  const format: ToolFormat = parsed.format;
  if (format !== 'ovos' && summary) return { tools: [], ...wireErrors.summaryWithFormat(format) };
  const listed = await service.list({ tags: wanted, caller });
  if (!listed.ok) return { tools: [], error: listed.error.error, code: listed.error.code };
  const entries = listed.entries;
  const collisions = service.collisions();
  let out: ToolsListResponseData;
  if (format === 'ovos') out = { tools: entries.map((e) => (summary ? summaryEntry(e) : listEntry(e))) };
  else {
    const formatted = formatCatalog(entries, collisions, format);
    out = { format, tools: formatted.tools, notes: formatted.notes, skipped: formatted.skipped };
  }
  if (collisions.length) out.collisions = collisions.map((c) => ({ name: c.name, toolbox_ids: c.toolboxIds, winner: c.winner }));
  const problems = service.problems();
  if (problems.length) out.problems = problemsJson(problems);
  return out;
}

/** A light `{"summary": true}` entry, plus `shadowed_by` as in {@link listEntry}. */
function summaryEntry(entry: CatalogEntry): ToolsListResponseData['tools'][number] {
  const out: Record<string, unknown> = { ...toolSummaryJson(entry.tool, entry.toolboxId) };
  if (entry.shadowedBy !== undefined) out.shadowed_by = entry.shadowedBy;
  return out as ToolsListResponseData['tools'][number];
}

/**
 * `ovos.tools.get.response`: the full spec `{name, description, argument_schema, output_schema, toolbox_id,
 * summary, tags, examples, annotations, timeout_ms, ...}` (`timeout_ms`: the limit its calls run under; plus
 * `shadowed_by` for a shadowed tool), or `{error, code}` with OVOS's texts (no `name` on errors, as OVOS).
 * With a vendor `format`: `{format, name, toolbox_id, tool, notes}`, `tool` being the vendor definition; a tool that
 * format cannot express answers `{error, code: "invalid_request"}` saying why. `name` may be a vendor-mapped name;
 * `toolbox_id` picks that toolbox's tool of the name (a shadowed one too).
 */
export async function getToolPayload(service: ToolService, data: JsonObject, caller: Caller): Promise<ToolsGetResponseData> {
  const name = readRequestName(data.name);
  if (name.kind === 'missing') return { ...wireErrors.missingName() };
  if (name.kind === 'invalid') return { ...wireErrors.invalidName(name.received) };
  const format = readFormat(data.format);
  if ('error' in format) return { ...format.error };
  const toolboxId = readToolboxId(data.toolbox_id);
  if (typeof toolboxId === 'object') return { ...toolboxId.error };
  const got = await service.get(name.name, caller, toolboxId);
  if (!got.ok) return { error: got.error.error, code: got.error.code };
  if (format.format === 'ovos') {
    const spec: ToolsGetResponseData = { ...toolSpecJson(got.entry.tool, got.entry.toolboxId), timeout_ms: got.timeoutMs };
    if (got.entry.shadowedBy !== undefined) spec.shadowed_by = got.entry.shadowedBy;
    return spec;
  }
  const one = formatEntry(got.entry, format.format);
  if (!one.ok) return { ...wireErrors.unexpressible(one.error) };
  return { format: format.format, name: got.entry.tool.name, toolbox_id: got.entry.toolboxId, tool: one.tool, notes: one.notes };
}

/** A request's `format` field: a {@link ToolFormat}, or the `invalid_request` error naming the accepted ones. */
function readFormat(value: unknown): { format: ToolFormat } | { error: ReturnType<typeof wireErrors.invalidFormat> } {
  if (value !== undefined && value !== null && typeof value !== 'string') return { error: wireErrors.invalidFormat(`expected a format name, received ${JSON.stringify(value)}`) };
  const parsed = parseToolFormat(value);
  return 'error' in parsed ? { error: wireErrors.invalidFormat(parsed.error) } : parsed;
}

/** A request's `toolbox_id` field: absent/`null` (the collision winner), a toolbox id, or the `invalid_request` error. */
function readToolboxId(value: unknown): string | undefined | { error: ReturnType<typeof wireErrors.invalidToolboxId> } {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && value !== '') return value;
  return { error: wireErrors.invalidToolboxId(value) };
}

/** The keys of `ovos.tools.invoke` data the provider reads; others are ignored, as OVOS does, and named in the answer. */
const INVOKE_KEYS = ['name', 'args', 'format', 'toolbox_id', 'max_output_chars', 'confirm_token'] as const;
/** The keys of a per-toolbox call's data (`toolbox_id` is the static topic's). */
const CALL_KEYS = ['name', 'kwargs', 'toolbox_id', 'max_output_chars', 'confirm_token'] as const;

/**
 * `ovos.tools.invoke.response`: `{name, result, toolbox_id, latency_ms, truncated?}` or `{name, error, code,
 * toolbox_id?, latency_ms}`. `args` defaults to `{}` when absent (as OVOS); `name` is echoed as sent (`""` when
 * missing) and may be a vendor-mapped name; `format: "openai-strict"` takes strict mode's nulls for left-out
 * properties back out; `toolbox_id` runs that toolbox's tool of the name (a shadowed one too); `max_output_chars`
 * cuts a longer result (`truncated: {original_chars, handle, expires_in_s}`). `confirm_token` (data) confirms a call
 * the policy wants confirmed; a `confirmation_required` answer adds `confirm_token`, `prompt` and `prompt_lang` (the
 * prompt's language follows `context.lang`, then `context.session.lang`). Keys the provider does not read (e.g.
 * `arguments` for `args`) are ignored, as OVOS does, and named: in the error text, or in `warnings` on a success.
 */
export async function invokeToolPayload(service: ToolService, data: JsonObject, context: JsonObject, caller: Caller): Promise<ToolsInvokeResponseData> {
  const name = readRequestName(data.name);
  if (name.kind === 'missing') return { name: '', ...wireErrors.missingName() };
  if (name.kind === 'invalid') return { name: data.name, ...wireErrors.invalidName(name.received) };
  const args = 'args' in data ? data.args : {};
  let format: ToolFormat | undefined;
  if (data.format !== undefined) {
    const read = readFormat(data.format);
    if ('error' in read) return { name: data.name, ...read.error };
    format = read.format;
  }
  const toolboxId = readToolboxId(data.toolbox_id);
  if (typeof toolboxId === 'object') return { name: data.name, ...toolboxId.error };
  const request = { name: name.name, args, context, caller, ...budgetOf(data), ...confirmTokenOf(data), ...(toolboxId === undefined ? {} : { toolboxId }) };
  const outcome = await service.invoke(format === undefined ? request : { ...request, format });
  const ignored = ignoredKeys(data, INVOKE_KEYS);
  const note = ignored.length ? ignoredKeysNote(ignored, 'args') : undefined;
  if (outcome.ok) {
    return { name: data.name, result: outcome.result, toolbox_id: outcome.toolboxId, latency_ms: outcome.latencyMs, ...truncatedOf(outcome), ...(note ? { warnings: [note] } : {}) };
  }
  const out: ToolsInvokeResponseData = { name: data.name, error: withNote(outcome.error.error, note), code: outcome.error.code };
  if (outcome.toolboxId !== undefined) {
    out.toolbox_id = outcome.toolboxId;
    out.latency_ms = outcome.latencyMs;
  }
  return { ...out, ...confirmationJson(outcome.confirmation) };
}

/**
 * `ovos.tools.reload.response`: `{loaded, total_tools}` exactly as OVOS (entry-point names), `tools` (the list
 * after the refresh, OVOS-TOOLS-1), plus `generation`, `added`, `removed`, `updated`, `problems: [{entry_point,
 * package, error}]` and `duration_ms`.
 */
export async function reloadPayload(report: ReloadReport, service: ToolService, caller: Caller): Promise<ToolsReloadResponseData> {
  const { loaded, total_tools, ...rest } = reloadReportJson(report);
  const listed = await service.list({ caller });
  return { loaded, total_tools, tools: listed.ok ? listed.entries.map(listEntry) : [], ...rest };
}

/**
 * A reload report in the keys of `ovos.tools.reload.response`, without `tools`: `{loaded, total_tools, generation,
 * added, removed, updated, problems: [{entry_point, package, error}], duration_ms, digest?}` (also the HTTP reload answer).
 */
export function reloadReportJson(report: ReloadReport): Omit<ToolsReloadResponseData, 'tools'> {
  return {
    loaded: report.loaded,
    total_tools: report.totalTools,
    generation: report.generation,
    added: report.added,
    removed: report.removed,
    updated: report.updated,
    problems: problemsJson(report.problems),
    duration_ms: report.durationMs,
    ...(report.digest ? { digest: report.digest } : {}),
  };
}

/** Load problems as the OVOS answers carry them: `[{entry_point, package, error}]`. */
export function problemsJson(problems: readonly LoadProblem[]): OvosLoadProblemData[] {
  return problems.map((p) => ({ entry_point: p.entryPoint, package: p.packageName, error: p.error }));
}

/**
 * `ovos.persona.tools.discover.response` of one toolbox: `{tools: [{name, description, argument_schema,
 * output_schema}], toolbox_id}`, exactly the keys a Python OVOS `ToolBox` sends (`tool_json_list`, wire spec §2.4;
 * the federation knows this provider's own toolboxes by their ids, so nothing is stamped on the answer).
 */
export function discoverPayload(toolboxId: string, entries: readonly CatalogEntry[]): PersonaDiscoverResponseData {
  return { tools: entries.map((e) => toolJson(e.tool)), toolbox_id: toolboxId };
}

/**
 * The answer to a per-toolbox call (`ovos.persona.tools.<id>.call` with `{name, kwargs}`, or OVOS-TOOLS-1's
 * `ovos.persona.tools.call` with `{toolbox_id, name, kwargs}`): `{result, toolbox_id}` or `{error, toolbox_id, code}`
 * (OPM `ToolBox.handle_call`, plus `code`). Runs through the same service, permissions, confirmation and policy as
 * `ovos.tools.invoke`: `confirm_token` in data, and the confirmation keys on a `confirmation_required` answer.
 */
export async function toolboxCallPayload(service: ToolService, toolboxId: string, data: JsonObject, context: JsonObject, caller: Caller): Promise<ToolboxCallResponseData> {
  const name = typeof data.name === 'string' ? data.name : String(data.name ?? '');
  const outcome = await service.invoke({ name, args: 'kwargs' in data ? data.kwargs : {}, toolboxId, context, caller, ...budgetOf(data), ...confirmTokenOf(data) });
  const ignored = ignoredKeys(data, CALL_KEYS);
  const note = ignored.length ? ignoredKeysNote(ignored, 'kwargs') : undefined;
  if (outcome.ok) return { result: outcome.result, toolbox_id: toolboxId, ...truncatedOf(outcome), ...(note ? { warnings: [note] } : {}) };
  return { error: withNote(outcome.error.error, note), toolbox_id: toolboxId, code: outcome.error.code, ...confirmationJson(outcome.confirmation) };
}

/** An error text with the ignored-keys note after it: `<error> (note: unknown key 'arguments' was ignored …)`. */
function withNote(error: string, note: string | undefined): string {
  return note ? `${error} (note: ${note})` : error;
}

/** A request's `confirm_token` data key as the service reads it (`{confirmToken}`), or nothing when absent or null. */
function confirmTokenOf(data: JsonObject): { confirmToken?: unknown } {
  return data.confirm_token === undefined || data.confirm_token === null ? {} : { confirmToken: data.confirm_token };
}

/** A request's `max_output_chars`, passed on as sent (the service checks it and names the accepted range). */
function budgetOf(data: JsonObject): { maxOutputChars?: number } {
  return data.max_output_chars === undefined ? {} : { maxOutputChars: data.max_output_chars as number };
}

/** `{truncated}` when the outcome's result was cut to the caller's budget, else nothing. */
function truncatedOf(outcome: InvokeOutcome): { truncated?: ReturnType<typeof truncatedJson> } {
  return outcome.ok && outcome.truncated ? { truncated: truncatedJson(outcome.truncated) } : {};
}

/**
 * `ovos.tools.search.response` (issue 27): the tools the caller may call that best match `query`, best first:
 * `{query, tools: [{name, toolbox_id, description, summary, tags, score}], total}` (`total`: how many matched before
 * `limit`); with `include_schema: true` each tool is the full spec `ovos.tools.get` answers, plus `score`; with
 * `explain: true` each tool also carries `explain` (which fields and terms matched; see `explainJson`). Bad input
 * (an empty or too long query, a `limit` outside 1–100, an unknown tag, a non-boolean `include_schema` or `explain`) answers
 * `{query, tools: [], total: 0, error, code: "invalid_request"}`.
 */
export async function searchPayload(service: ToolService, data: JsonObject, caller: Caller): Promise<ToolsSearchResponseData> {
  const mismatch = checkPayload(ToolsSearchRequest, data);
  if (mismatch) {
    const error = mismatch.field === 'include_schema' ? wireErrors.invalidIncludeSchema(mismatch.received) : searchErrors.tagsNotList(mismatch.received);
    return searchResponseJson(data.query, { ok: false, error }, false);
  }
  const tags = data.tags as string | string[] | null | undefined;
  const outcome = await service.search({
    query: data.query as string,
    ...(data.limit !== undefined && data.limit !== null ? { limit: data.limit as number } : {}),
    ...(tags !== undefined && tags !== null ? { tags: typeof tags === 'string' ? [tags] : tags } : {}),
    ...(data.explain !== undefined && data.explain !== null ? { explain: data.explain as boolean } : {}),
    caller,
  });
  return searchResponseJson(data.query, outcome, data.include_schema === true);
}

/**
 * `ovos.tools.result.get.response` (issue 27): one page of a result an answer cut to its budget, for the caller it
 * was issued to: `{handle, text, offset, next_offset, total_chars}`; concatenating the pages from offset 0 following
 * `next_offset` gives the full result's JSON text. `offset` defaults to 0, `limit` to 100,000 characters (or the
 * caller's configured budget when lower). Refusals: `{handle, error, code}` (an unknown, expired or evicted handle,
 * another caller's handle with code `forbidden`, a bad range).
 */
export async function resultPagePayload(service: ToolService, data: JsonObject, caller: Caller): Promise<ToolsResultGetResponseData> {
  const page = await service.readResult({
    handle: data.handle as string,
    ...(data.offset !== undefined && data.offset !== null ? { offset: data.offset as number } : {}),
    ...(data.limit !== undefined && data.limit !== null ? { limit: data.limit as number } : {}),
    caller,
  });
  return resultPageJson(data.handle, page);
}
