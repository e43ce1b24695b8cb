/**
 * JSON Schemas of the HTTP routes: Fastify validates requests with them and `/openapi.json` is generated from
 * them. Response schemas document the shapes only (responses are serialised with `JSON.stringify`, so tool
 * results are never reshaped).
 */
const errorBody = {
  type: 'object',
  description: "The seed's error shape.",
  properties: {
    ok: { type: 'boolean', const: false },
    error: { type: 'string', description: 'What went wrong and how to fix it.' },
    code: { type: 'string', description: 'Machine code, e.g. unknown_tool, forbidden, invalid_request, timeout.' },
    tool_id: { type: 'string' },
    field: { type: 'string', description: 'The request field that was wrong (400 only).' },
    latency_ms: { type: 'number' },
  },
  required: ['ok', 'error'],
} as const;

const toolObject = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'The tool name, passed as tool_id.' },
    name: { type: 'string', description: 'Human-readable title.' },
    description: { type: 'string' },
    input_schema: { type: 'object', additionalProperties: true },
    output_schema: { type: 'object', additionalProperties: true },
    executor: { type: 'string', description: 'How its toolbox runs: http, worker, inline, process, bus, mcp.' },
    toolbox_id: { type: 'string' },
    shadowed_by: { type: 'string', description: "Another toolbox's tool of this name answers tool_id; reach this one with toolbox_id." },
    timeout_ms: { type: 'number', description: 'The time limit its calls run under, ms (single-tool answer).' },
    summary: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    examples: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
  additionalProperties: true,
} as const;

const formatText =
  'ovos (default: the shape above), mcp, openai, openai-strict, anthropic or gemini: each tool converted to that vendor’s definition; tool_id may be a vendor-mapped name.';

const secured: Array<Record<string, string[]>> = [{ internalSecret: [] }, { bearer: [] }];

/** `GET /internal/tools`. */
export const listToolsSchema = {
  summary: 'List the tools the caller may call',
  security: secured,
  querystring: {
    type: 'object',
    properties: {
      agent_id: { type: 'string', description: 'Must match the agent of the credential when given.' },
      summary: { type: 'string', enum: ['true', 'false'], description: 'true: light entries {id, name, summary, tags, toolbox_id, executor}.' },
      tags: { type: 'string', description: 'Comma-separated; only tools carrying every one (AND).' },
      examples: { type: 'string', enum: ['true', 'false'], description: "true: add each tool's examples." },
      format: { type: 'string', description: formatText },
    },
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      description: 'With a vendor format: that vendor’s definitions (one per name), plus format, notes (what each conversion dropped or relaxed) and skipped (tools the format cannot express).',
      properties: {
        tools: { type: 'array', items: toolObject },
        total: { type: 'integer' },
        format: { type: 'string' },
        notes: { type: 'array', items: { type: 'object', additionalProperties: true } },
        skipped: { type: 'array', items: { type: 'object', additionalProperties: true } },
      },
      required: ['tools', 'total'],
    },
    400: errorBody,
    401: errorBody,
    403: errorBody,
    503: errorBody,
  },
} as const;

/** `GET /internal/tools/{tool_id}`. */
export const getToolSchema = {
  summary: 'Get one tool definition',
  security: secured,
  params: { type: 'object', properties: { tool_id: { type: 'string', minLength: 1 } }, required: ['tool_id'] },
  querystring: {
    type: 'object',
    properties: {
      agent_id: { type: 'string' },
      format: { type: 'string', description: formatText },
      toolbox_id: { type: 'string', description: "Only this toolbox's tool of that name (reaches a tool shadowed by another toolbox's)." },
    },
    additionalProperties: false,
  },
  response: { 200: toolObject, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 405: errorBody, 503: errorBody },
} as const;

/** `POST /internal/tools/call`. Fields other than these are accepted and passed to the tool in its context. */
export const callToolSchema = {
  summary: 'Call a tool',
  security: secured,
  body: {
    type: 'object',
    properties: {
      tool_id: { type: 'string', minLength: 1, description: 'The tool name.' },
      agent_id: { type: 'string', description: 'Must match the agent of the credential when given.' },
      args: { type: 'object', additionalProperties: true, description: 'The tool arguments; default {}.' },
      context: { type: 'object', additionalProperties: true, description: 'Passed to the tool (traceparent, session, user ids…).' },
      format: { type: 'string', description: 'The format the tool was listed in; openai-strict turns strict mode’s nulls for left-out properties back into absent ones.' },
      max_output_chars: {
        type: 'integer',
        description:
          "Most characters of the result JSON in the answer, 106 to 2147483647 (default: the agent's, else the provider's max_output_chars, else no limit). A longer result is cut (JSON-aware, still valid against the output schema) and the answer carries truncated: {original_chars, handle, expires_in_s}; page the full result with GET /internal/tools/results/{handle}.",
      },
      confirm_token: {
        description:
          'The confirm_token of a confirmation_required answer, sent with the same tool_id and args once the user confirmed: the call then runs, once. Never passed to the tool.',
      },
      toolbox_id: { type: 'string', minLength: 1, description: "Only this toolbox's tool of that name (reaches a tool shadowed by another toolbox's: listed with shadowed_by)." },
    },
    required: ['tool_id'],
    additionalProperties: true,
  },
  response: {
    200: {
      type: 'object',
      description:
        'ok:true with result, or ok:false with error (the tool failed, timed out, or its service was down; or, with code confirmation_required, the call needs the user’s confirmation and was not run).',
      properties: {
        ok: { type: 'boolean' },
        result: { type: 'object', additionalProperties: true },
        error: { type: 'string' },
        code: { type: 'string' },
        tool_id: { type: 'string' },
        latency_ms: { type: 'number' },
        truncated: {
          type: 'object',
          description: 'Present when the result was cut to max_output_chars.',
          properties: {
            original_chars: { type: 'integer', description: 'Length of the full result JSON.' },
            handle: { type: 'string', description: 'Pages the full result (GET /internal/tools/results/{handle}); absent when it could not be kept.' },
            expires_in_s: { type: 'integer', description: 'Seconds the handle stays valid.' },
            not_kept: { type: 'string', description: 'Why the full result was not kept (no handle): state_unavailable (shared state down) or overloaded (too large).' },
          },
          required: ['original_chars'],
        },
        confirm_token: { type: 'string', description: 'With confirmation_required: send it back with the same call once the user said yes. Keep it from the model.' },
        prompt: { type: 'string', description: 'With confirmation_required: the question to ask the user (the Accept-Language or context.lang language where the tool has it).' },
        prompt_lang: { type: 'string', description: 'The language of prompt, when known.' },
        warnings: { type: 'array', items: { type: 'string' }, description: 'Body fields that look like misplaced arguments (e.g. arguments for args), which were not passed as arguments.' },
      },
      required: ['ok', 'tool_id', 'latency_ms'],
    },
    400: errorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
    429: errorBody,
    503: { ...errorBody, description: 'state_unavailable: the shared state the call needs (its agent\'s limits, or the single use of its confirm_token, in Redis) cannot be reached; the call was not started.' },
  },
} as const;

const problemObject = {
  type: 'object',
  properties: { entry_point: { type: 'string' }, package: { type: 'string' }, error: { type: 'string' } },
} as const;

/** `POST /internal/tools/reload` (route schema; also documents the answer in `/openapi.json`). */
export const reloadToolsSchema = {
  summary: 'Rescan the plugin roots and swap in the new catalog (operator only)',
  security: secured,
  response: {
    200: {
      type: 'object',
      properties: {
        ok: { type: 'boolean', const: true },
        loaded: { type: 'array', items: { type: 'string' }, description: 'Entry-point names now loaded, in load order.' },
        total_tools: { type: 'integer' },
        generation: { type: 'integer', description: 'The registry generation now serving.' },
        added: { type: 'array', items: { type: 'string' }, description: 'Tool names that appeared.' },
        removed: { type: 'array', items: { type: 'string' }, description: 'Tool names that disappeared.' },
        updated: { type: 'array', items: { type: 'string' }, description: 'Entry points whose package changed.' },
        problems: { type: 'array', items: problemObject },
        duration_ms: { type: 'number' },
        digest: { type: 'string', description: 'What this replica serves after the reload: a digest of its packages, their versions and its config (equal on replicas that serve the same).' },
      },
      required: ['ok', 'loaded', 'total_tools', 'generation', 'added', 'removed', 'updated', 'problems'],
    },
    401: errorBody,
    403: errorBody,
  },
} as const;

/**
 * `GET /health`: unauthenticated, says whether the server is up and, from a provider, which catalog it serves
 * (`generation`, `digest`) and, with `state.redis`, where it stands against the other replicas (`replicas`).
 */
export const healthSchema = {
  summary: 'Liveness, and the catalog this replica serves',
  response: {
    200: {
      type: 'object',
      properties: {
        status: { type: 'string', const: 'ok' },
        generation: { type: 'integer', description: "The registry generation serving now (this process's counter)." },
        digest: { type: 'string', description: 'What this replica serves: a digest of its packages, their versions and its config (equal on replicas that serve the same).' },
        replicas: {
          type: 'object',
          description: 'With state.redis: this replica against the last reload told to every replica (docs/scaling.md).',
          properties: {
            replica: { type: 'string' },
            state: { type: 'string', enum: ['in_sync', 'catching_up', 'differs', 'failed', 'unknown', 'unavailable'] },
            last_reload: { type: 'object', nullable: true, properties: { digest: { type: 'string' }, replica: { type: 'string' }, at: { type: 'string' } } },
            detail: { type: 'string' },
          },
        },
      },
      required: ['status'],
    },
  },
} as const;
