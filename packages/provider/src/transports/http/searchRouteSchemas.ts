/**
 * JSON Schemas of the search and result-paging routes (issue 27), for Fastify's validation and `/openapi.json`.
 * Numbers and booleans arrive as query-string text and are checked by the service, whose errors name the range.
 */
const secured: Array<Record<string, string[]>> = [{ internalSecret: [] }, { bearer: [] }];

const errorBody = {
  type: 'object',
  properties: {
    ok: { type: 'boolean', const: false },
    error: { type: 'string', description: 'What went wrong and how to fix it.' },
    code: { type: 'string', description: 'Machine code: invalid_request, forbidden, unauthorized.' },
  },
  required: ['ok', 'error'],
  additionalProperties: true,
} as const;

const searchHit = {
  type: 'object',
  description: 'One tool the caller may call, best first; with include_schema=true, its full definition as ovos.tools.get answers it (argument_schema, output_schema, examples, annotations…).',
  properties: {
    name: { type: 'string', description: 'The tool name (tool_id of POST /internal/tools/call).' },
    toolbox_id: { type: 'string' },
    description: { type: 'string' },
    summary: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    score: { type: 'number', description: 'Relevance (lexical BM25 scaled to the best match, plus the closeness of meanings), comparable within one answer only.' },
    explain: {
      type: 'object',
      description: 'With explain=true: lexical (BM25 part, best match 1), semantic (cosine of meaning vectors or null), and per matched term the request word, its origin (query, lexicon, concept, phrase) and the fields it matched.',
      additionalProperties: true,
    },
  },
  required: ['name', 'toolbox_id', 'description', 'summary', 'tags', 'score'],
  additionalProperties: true,
} as const;

/** `GET /internal/tools/search`. */
export const searchToolsSchema = {
  summary: 'Search the tools the caller may call (ranked, multilingual)',
  description:
    'The same body as the OVOS ovos.tools.search answer. Without q, this path is the tool named "search" (GET /internal/tools/{tool_id}).',
  security: secured,
  querystring: {
    type: 'object',
    properties: {
      q: { type: 'string', description: 'What the tool should do, in any language; 1 to 1,000 characters.' },
      limit: { type: 'string', description: 'Most tools to answer, an integer from 1 to 100; default 5.' },
      include_schema: { type: 'string', description: "true: each tool is its full definition (schemas, examples, annotations); default false." },
      explain: { type: 'string', description: 'true: each tool also carries explain {lexical, semantic, terms: [{term, word, origin, fields}]}: why it was found; default false.' },
      tags: { type: 'string', description: 'Comma-separated; only tools carrying every one (AND). A tag none of your tools carries is refused.' },
      agent_id: { type: 'string', description: 'Must match the agent of the credential when given.' },
      format: { type: 'string', description: 'Only for the tool named "search" (without q).' },
    },
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        query: { type: 'string' },
        tools: { type: 'array', items: searchHit },
        total: { type: 'integer', description: 'How many of your tools matched before limit.' },
      },
      required: ['tools', 'total'],
      additionalProperties: true,
    },
    400: errorBody,
    401: errorBody,
    403: errorBody,
    503: errorBody,
  },
} as const;

/** `GET /internal/tools/results/{handle}`. */
export const resultPageSchema = {
  summary: 'Page the full result of an answer that was cut to max_output_chars',
  description:
    'Only for the caller the handle was issued to (its agent; without one, the HTTP operator), while it lasts (expires_in_s). Concatenating text from offset 0, following next_offset until it is null, gives the full result JSON exactly.',
  security: secured,
  params: { type: 'object', properties: { handle: { type: 'string', minLength: 1 } }, required: ['handle'] },
  querystring: {
    type: 'object',
    properties: {
      offset: { type: 'string', description: 'First character, from 0; default 0.' },
      limit: { type: 'string', description: "Most characters, 1 to 1,000,000; default 100,000 (or the caller's configured max_output_chars when lower)." },
      agent_id: { type: 'string', description: 'Must match the agent of the credential when given.' },
    },
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        handle: { type: 'string' },
        text: { type: 'string', description: 'The characters [offset, offset + length) of the full result JSON.' },
        offset: { type: 'integer' },
        next_offset: { type: 'integer', nullable: true, description: 'Where the next page starts; null at the end.' },
        total_chars: { type: 'integer', description: 'Length of the full result JSON (original_chars).' },
      },
      required: ['handle', 'text', 'offset', 'next_offset', 'total_chars'],
    },
    400: errorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
    410: errorBody,
    503: { ...errorBody, description: 'state_unavailable: the handle is kept in shared state (Redis) that cannot be reached now; retry later.' },
  },
} as const;
