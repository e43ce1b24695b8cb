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
    summary: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    examples: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
  additionalProperties: true,
} as const;

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
    },
    additionalProperties: false,
  },
  response: {
    200: { type: 'object', properties: { tools: { type: 'array', items: toolObject }, total: { type: 'integer' } }, required: ['tools', 'total'] },
    400: errorBody,
    401: errorBody,
    403: errorBody,
  },
} as const;

/** `GET /internal/tools/{tool_id}`. */
export const getToolSchema = {
  summary: 'Get one tool definition',
  security: secured,
  params: { type: 'object', properties: { tool_id: { type: 'string', minLength: 1 } }, required: ['tool_id'] },
  querystring: { type: 'object', properties: { agent_id: { type: 'string' } }, additionalProperties: false },
  response: { 200: toolObject, 401: errorBody, 403: errorBody, 404: errorBody },
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
    },
    required: ['tool_id'],
    additionalProperties: true,
  },
  response: {
    200: {
      type: 'object',
      description: 'ok:true with result, or ok:false with error (the tool failed, timed out, or its service was down).',
      properties: {
        ok: { type: 'boolean' },
        result: { type: 'object', additionalProperties: true },
        error: { type: 'string' },
        code: { type: 'string' },
        tool_id: { type: 'string' },
        latency_ms: { type: 'number' },
      },
      required: ['ok', 'tool_id', 'latency_ms'],
    },
    400: errorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
    429: errorBody,
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
      },
      required: ['ok', 'loaded', 'total_tools', 'generation', 'added', 'removed', 'updated', 'problems'],
    },
    401: errorBody,
    403: errorBody,
  },
} as const;

/** `GET /health`: unauthenticated, says only whether the server is up. */
export const healthSchema = {
  summary: 'Liveness',
  response: { 200: { type: 'object', properties: { status: { type: 'string', const: 'ok' } }, required: ['status'] } },
} as const;
