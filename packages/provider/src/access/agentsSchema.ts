import { Type } from '@ovos-tools/core';
import { MAX_OUTPUT_BUDGET_CHARS, MIN_OUTPUT_BUDGET_CHARS } from '../service/outputBudgetRange.js';
import { toolRuleProblem } from './toolRule.js';

const Closed = { additionalProperties: false } as const;

/** What a list of rules is, for its problems. */
const RULES = 'tool names, globs, "toolbox:<id>", "tag:<tag>", "annotation:<hint>"';

/** One rule of an allowlist: a non-empty string; an `annotation:` must name a known hint (else it would match nothing). */
const Rule = Type.Refine(
  Type.String({ minLength: 1 }),
  (v) => toolRuleProblem(v) === null,
  (v) => toolRuleProblem(v) ?? 'is not a rule',
);

/**
 * A list of tool rules (`agents.<id>.tools`, `.confirm`, `confirmation.tools`): each rule checked by the schema.
 * @param description - what the list is for (the reference's words).
 * @param options - more of the list's schema: its `default`, its `errorMessage` (default `expected a list of rules (…)`).
 */
export const RulesSchema = (description: string, options: { default?: string[]; errorMessage?: string } = {}) =>
  Type.Array(Rule, { description, errorMessage: `expected a list of rules (${RULES})`, ...options });

/** Whether `v` is `<client_id>::<client name>`: a `::` with something before and after it. */
const HIVEMIND_CLIENT = '^(?!::)[\\s\\S]+?::[\\s\\S]+$';

/** An agent's limit on its calls: a positive integer. */
const Limit = (description: string) => Type.Optional(Type.Integer({ minimum: 1, description, errorMessage: 'expected a positive integer' }));

/**
 * How an agent proves who it is: exactly one of a SHA-256 or scrypt hash of its token, or the variable holding it.
 * `writeOnly`: a problem never repeats what was written (it may be a token typed in plain text).
 */
const Credential = Type.Object(
  {
    sha256: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$', description: 'Hex SHA-256 of the token', errorMessage: 'expected 64 hex digits (the SHA-256 of the credential)' })),
    scrypt: Type.Optional(
      Type.String({
        pattern: '^scrypt\\$\\d+\\$\\d+\\$\\d+\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$',
        description: 'scrypt$… hash of the token',
        errorMessage: 'expected "scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>"',
      }),
    ),
    env: Type.Optional(Type.String({ minLength: 1, description: 'Environment variable holding the token', errorMessage: 'expected the name of an environment variable' })),
  },
  {
    ...Closed,
    minProperties: 1,
    maxProperties: 1,
    writeOnly: true,
    description: 'How the agent proves who it is on HTTP and MCP: {"sha256"}, {"scrypt"} or {"env"} (never plain text)',
    errorMessage: 'expected exactly one of {"sha256": "<hex>"}, {"scrypt": "scrypt$…"}, {"env": "<VARIABLE>"} (plain-text credentials are not accepted)',
  },
);

/**
 * The shape of one agent of the `agents` section (`agents.<agent id>`): the one parser of it (types, formats, rules;
 * each problem in its own words), its reference and editors. What needs more than one agent or the environment (a
 * credential or a HiveMind client, each client once, `{"env"}` credentials) is `agentRules` and `agentDefinitions`.
 */
export const AgentSchema = Type.Object(
  {
    credential: Type.Optional(Credential),
    tools: RulesSchema('Tools the agent may see and call: names, globs, "toolbox:<id>", "tag:<tag>", "annotation:<hint>"; ["*"] for every tool', {
      errorMessage: `expected a list of rules (${RULES}; ["*"] for every tool)`,
    }),
    rate_per_minute: Limit('Calls per minute'),
    max_concurrency: Limit('Calls at once'),
    max_output_chars: Type.Optional(
      Type.Integer({
        minimum: MIN_OUTPUT_BUDGET_CHARS,
        maximum: MAX_OUTPUT_BUDGET_CHARS,
        description: 'Output budget of its calls',
        errorMessage: `expected an integer from ${MIN_OUTPUT_BUDGET_CHARS} (the size of the 'truncated' marker itself) to ${MAX_OUTPUT_BUDGET_CHARS}`,
      }),
    ),
    voice: Type.Optional(Type.Boolean({ description: 'The agent is a voice persona (confirmation.voice_tools apply)', errorMessage: 'expected true or false' })),
    confirm: Type.Optional(
      Type.Union([Type.Literal('never'), RulesSchema('Tools it must have confirmed')], {
        description: '"never", or the tools it must have confirmed (instead of confirmation.tools)',
        errorMessage: `expected "never" or a list of rules (tool names, globs, "toolbox:<id>", "tag:<tag>", "annotation:destructive")`,
      }),
    ),
    hivemind: Type.Optional(
      Type.Object(
        {
          client: Type.String({
            pattern: HIVEMIND_CLIENT,
            description: '"<client_id>::<client name>" as in HiveMind\'s database',
            errorMessage:
              'expected "<client_id>::<client name>" as in HiveMind\'s database (the middle of the peer HiveMind stamps, "<useragent>::<client_id>::<client name>::<session_id>")',
          }),
        },
        { ...Closed, description: 'The HiveMind satellite acting as this agent', errorMessage: 'expected {"client": "<client_id>::<client name>"} (the HiveMind client acting as this agent)' },
      ),
    ),
    reads: Type.Optional(
      Type.Array(Type.Union([Type.Literal('metrics'), Type.Literal('events')]), {
        description: 'Operator data it may read as well: "metrics" (GET /metrics), "events" (the bus traffic feed)',
        errorMessage: 'expected a list of "metrics", "events"',
      }),
    ),
  },
  { ...Closed, errorMessage: 'expected an object {credential, tools}' },
);

/** The `agents` section: `{"<agent id>": {credential, tools, …}}`. */
export const AgentsSchema = Type.Record(Type.String({ minLength: 1 }), AgentSchema, {
  description: 'Agents, their credentials, tool allowlists and limits',
  errorMessage: 'expected an object {"<agent id>": {credential, tools, rate_per_minute?, max_concurrency?, max_output_chars?, voice?, confirm?, hivemind?, reads?}}',
});
