// @ts-check
/**
 * The inspector page's shared state, and the shapes of the API answers it shows (JSDoc types, checked by tsc).
 */


/** @typedef {Record<string, any>} JsonSchema a JSON Schema object, as the API sends it (untrusted) */

/**
 * @typedef {object} ToolSummary one catalog row of `GET /internal/tools?summary=true`
 * @property {string} id
 * @property {string} [name]
 * @property {string} [summary]
 * @property {string} toolbox_id
 * @property {string} executor
 * @property {string[]} [tags]
 * @property {string} [shadowed_by] the toolbox whose tool of this name wins (this one is reached with toolbox_id)
 */

/**
 * @typedef {object} ToolDetail the answer of `GET /internal/tools/{tool_id}`
 * @property {string} id
 * @property {string} [name]
 * @property {string} description
 * @property {string} toolbox_id
 * @property {string} executor
 * @property {number} [timeout_ms]
 * @property {string} [shadowed_by]
 * @property {string[]} [tags]
 * @property {Record<string, unknown>} [annotations]
 * @property {JsonSchema} [input_schema]
 * @property {JsonSchema} [output_schema]
 * @property {unknown[]} [examples]
 */

/**
 * @typedef {object} Field one generated form input and how its text becomes a JSON value
 * @property {string} name
 * @property {'enum' | 'boolean' | 'number' | 'integer' | 'string' | 'array' | 'json'} kind
 * @property {JsonSchema} schema
 * @property {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} input
 * @property {unknown[] | null} choices
 * @property {boolean} required
 */

/** @typedef {{ status: number, body: any }} ApiAnswer an HTTP answer: status 0 when the request failed */

/** @type {{ tools: ToolSummary[], tags: Set<string>, tool: ToolDetail | null, fields: Field[] | null }} */
export const state = { tools: [], tags: new Set(), tool: null, fields: [] };
