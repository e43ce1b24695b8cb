import { Type } from '@ovos-tools/core';
import { MAX_OUTPUT_BUDGET_CHARS, MIN_OUTPUT_BUDGET_CHARS } from '../service/outputBudgetRange.js';

const Rules = (description: string) => Type.Array(Type.String({ minLength: 1 }), { description });
const Closed = { additionalProperties: false } as const;

/**
 * The shape of one agent of the `agents` section (`agents.<agent id>`), for the config schema, its reference and
 * editors; `parseAgentsConfig` reads it (with the checks a schema cannot say: credentials, rules).
 */
export const AgentSchema = Type.Object(
  {
    credential: Type.Optional(
      Type.Union(
        [
          Type.Object({ sha256: Type.String({ description: 'Hex SHA-256 of the token' }) }, Closed),
          Type.Object({ scrypt: Type.String({ description: 'scrypt$… hash of the token' }) }, Closed),
          Type.Object({ env: Type.String({ description: 'Environment variable holding the token' }) }, Closed),
        ],
        { description: 'How the agent proves who it is on HTTP and MCP: {"sha256"}, {"scrypt"} or {"env"} (never plain text)' },
      ),
    ),
    tools: Rules('Tools the agent may see and call: names, globs, "toolbox:<id>", "tag:<tag>", "annotation:<hint>"; ["*"] for every tool'),
    rate_per_minute: Type.Optional(Type.Integer({ minimum: 1, description: 'Calls per minute' })),
    max_concurrency: Type.Optional(Type.Integer({ minimum: 1, description: 'Calls at once' })),
    max_output_chars: Type.Optional(Type.Integer({ minimum: MIN_OUTPUT_BUDGET_CHARS, maximum: MAX_OUTPUT_BUDGET_CHARS, description: 'Output budget of its calls' })),
    voice: Type.Optional(Type.Boolean({ description: 'The agent is a voice persona (confirmation.voice_tools apply)' })),
    confirm: Type.Optional(Type.Union([Type.Literal('never'), Rules('Tools it must have confirmed')], { description: '"never", or the tools it must have confirmed (instead of confirmation.tools)' })),
    hivemind: Type.Optional(
      Type.Object({ client: Type.String({ description: '"<client_id>::<client name>" as in HiveMind\'s database' }) }, { ...Closed, description: 'The HiveMind satellite acting as this agent' }),
    ),
    reads: Type.Optional(
      Type.Array(Type.Union([Type.Literal('metrics'), Type.Literal('events')]), { description: 'Operator data it may read as well: "metrics" (GET /metrics), "events" (the bus traffic feed)' }),
    ),
  },
  Closed,
);

/** The `agents` section: `{"<agent id>": {credential, tools, …}}`. */
export const AgentsSchema = Type.Record(Type.String({ minLength: 1 }), AgentSchema, { description: 'Agents, their credentials, tool allowlists and limits' });
