import { Type, type Static } from '@ovos-tools/core';
import { compileRules } from '../access/AgentDefinition.js';
import type { CompiledToolRule } from '../access/toolRule.js';
import { applyLive, type ReloadRule } from '../service/ReloadRule.js';

const Rules = (description: string) => Type.Array(Type.String({ minLength: 1 }), { description });

/**
 * Confirmation's keys of the provider config: one `confirmation` section (snake_case on disk). The per-agent keys
 * (`voice`, `confirm`) are in each agent's section (`agents`, read by access control).
 * ```json
 * "confirmation": {
 *   "tools": [],                                 // every caller: tools that need confirmation (default none)
 *   "voice_tools": ["annotation:destructive"],   // voice personas, in addition (this is the default)
 *   "voice_bus": false,                          // OVOS bus callers are voice personas (default false)
 *   "ttl_seconds": 300,                          // how long a confirm_token is accepted
 *   "secret_env": "OVOS_TOOLS_CONFIRM_SECRET"    // or "secret": the HMAC key of tokens (default: random per process)
 * }
 * ```
 */
export const ConfirmKeys = Type.Object({
  confirmation: Type.Optional(
    Type.Object(
      {
        tools: Type.Optional(Rules('Tools every caller must have confirmed: rules as in agent allowlists (names, globs, toolbox:, tag:, annotation:)')),
        voice_tools: Type.Optional(Rules('Tools voice personas must have confirmed, in addition; default ["annotation:destructive"]')),
        voice_bus: Type.Optional(Type.Boolean({ description: 'Callers on the OVOS bus are voice personas unless their agent says voice: false' })),
        ttl_seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 86_400, description: 'How long a confirm_token is accepted, s' })),
        secret: Type.Optional(Type.String({ minLength: 16, description: 'HMAC key of confirm tokens (share it between replicas)' })),
        secret_env: Type.Optional(Type.String({ minLength: 1, description: 'Environment variable holding the HMAC key' })),
      },
      { additionalProperties: false, description: "Which calls need the user's confirmation, and how confirm tokens are made" },
    ),
  ),
});

/** Which calls need the user's confirmation, and how tokens are made (confirmation's part of the provider config). */
export interface ConfirmSettings {
  /** `confirmation.tools`: tools every caller must have confirmed (unless its agent has its own `confirm`); default none. */
  tools: CompiledToolRule[];
  /** `confirmation.voice_tools`: tools voice personas must also have confirmed; default `["annotation:destructive"]`. */
  voiceTools: CompiledToolRule[];
  /**
   * `confirmation.voice_bus`: OVOS bus callers are voice personas (unless their agent says `voice: false`); default
   * false, so a stock OVOS bus client that calls `write_file` today keeps working until the operator opts in.
   */
  voiceBus: boolean;
  /** `confirmation.ttl_seconds`, in ms: how long a confirm token is accepted; default 300 s. */
  ttlMs: number;
  /**
   * The HMAC key of confirm tokens: `confirmation.secret`, else the variable named by `confirmation.secret_env`
   * (default `OVOS_TOOLS_CONFIRM_SECRET`). Absent: a random key per process (tokens then die with the process and are
   * accepted by no other replica).
   */
  secret: string | undefined;
}

/** The default of `confirmation.voice_tools`. */
export const DEFAULT_VOICE_TOOLS = ['annotation:destructive'] as const;
/** The default of `confirmation.ttl_seconds`. */
export const DEFAULT_CONFIRM_TTL_S = 300;
/** The environment variable read for the token key when `confirmation.secret_env` names none. */
export const CONFIRM_SECRET_ENV = 'OVOS_TOOLS_CONFIRM_SECRET';

/**
 * The {@link ConfirmSettings} of keys read against {@link ConfirmKeys}. Problems are pushed to `problems` as
 * `confirmation.<key>: …`: a rule naming an unknown annotation (it would silently match nothing), a `secret_env`
 * naming a variable that is unset, or one holding fewer than 16 characters.
 * @param env - where the secret variable is read (default `process.env`).
 */
export function confirmSettings(k: Static<typeof ConfirmKeys>, problems: string[], env: NodeJS.ProcessEnv = process.env): ConfirmSettings {
  const c = k.confirmation ?? {};
  const tools = compileRules(c.tools ?? [], 'confirmation.tools', problems);
  const voiceTools = compileRules(c.voice_tools ?? [...DEFAULT_VOICE_TOOLS], 'confirmation.voice_tools', problems);
  let secret = c.secret;
  if (secret === undefined) {
    const name = c.secret_env ?? CONFIRM_SECRET_ENV;
    const value = env[name] || undefined;
    if (value === undefined && c.secret_env !== undefined) problems.push(`confirmation.secret_env: environment variable ${name} is not set or empty`);
    else if (value !== undefined && value.length < 16) problems.push(`confirmation.secret_env: ${name} holds ${value.length} characters; use at least 16 (e.g. 32 random bytes as hex)`);
    else secret = value;
  }
  return { tools, voiceTools, voiceBus: c.voice_bus ?? false, ttlMs: (c.ttl_seconds ?? DEFAULT_CONFIRM_TTL_S) * 1000, secret };
}

/** How a reload applies the ConfirmSettings: live, as a whole. */
export const confirmReload: ReloadRule<ConfirmSettings> = applyLive();
