import { Type, type Static } from '@ovos-tools/core';
import { RulesSchema } from '../access/agentsSchema.js';
import { compileToolRule, type CompiledToolRule } from '../access/toolRule.js';
import { applyLive, type ReloadRule } from '../service/ReloadRule.js';
import type { SectionProblem } from '../service/readSection.js';

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
        tools: Type.Optional(RulesSchema('Tools every caller must have confirmed: rules as in agent allowlists (names, globs, toolbox:, tag:, annotation:)', { default: [] })),
        voice_tools: Type.Optional(RulesSchema('Tools voice personas must have confirmed, in addition', { default: ['annotation:destructive'] })),
        voice_bus: Type.Optional(Type.Boolean({ default: false, description: 'Callers on the OVOS bus are voice personas unless their agent says voice: false' })),
        ttl_seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 86_400, default: 300, description: 'How long a confirm_token is accepted, s' })),
        secret: Type.Optional(Type.String({ minLength: 16, description: 'HMAC key of confirm tokens (share it between replicas)' })),
        secret_env: Type.Optional(Type.String({ minLength: 1, default: 'OVOS_TOOLS_CONFIRM_SECRET', description: 'Environment variable holding the HMAC key' })),
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

const SCHEMA = ConfirmKeys.properties.confirmation.properties as unknown as Record<string, { default: unknown }>;

/** The default of `confirmation.voice_tools`, read from {@link ConfirmKeys} (its one home). */
export const DEFAULT_VOICE_TOOLS: readonly string[] = Object.freeze([...(SCHEMA.voice_tools!.default as string[])]);
/** The default of `confirmation.ttl_seconds`, read from {@link ConfirmKeys}. */
export const DEFAULT_CONFIRM_TTL_S = SCHEMA.ttl_seconds!.default as number;
/** The environment variable read for the token key when `confirmation.secret_env` names none (its default in {@link ConfirmKeys}). */
export const CONFIRM_SECRET_ENV = SCHEMA.secret_env!.default as string;

/**
 * The {@link ConfirmSettings} of keys read against {@link ConfirmKeys} (the schema checked the rules and filled the
 * defaults), and the problems only the environment shows, at `confirmation.secret_env`: a `secret_env` naming a
 * variable that is unset (unless it is the default one), or one holding fewer than 16 characters.
 * @param env - where the secret variable is read (default `process.env`).
 */
export function confirmSettings(k: Static<typeof ConfirmKeys>, env: NodeJS.ProcessEnv = process.env): { settings: ConfirmSettings; problems: SectionProblem[] } {
  const c = k.confirmation ?? {};
  const problems: SectionProblem[] = [];
  const problem = (message: string) => problems.push({ path: 'confirmation.secret_env', keyword: 'env', message });
  let secret = c.secret;
  if (secret === undefined) {
    const name = c.secret_env ?? CONFIRM_SECRET_ENV;
    const value = env[name] || undefined;
    if (value === undefined && name !== CONFIRM_SECRET_ENV) problem(`environment variable ${name} is not set or empty`);
    else if (value !== undefined && value.length < 16) problem(`${name} holds ${value.length} characters; use at least 16 (e.g. 32 random bytes as hex)`);
    else secret = value;
  }
  const settings = {
    tools: (c.tools ?? []).map(compileToolRule),
    voiceTools: (c.voice_tools ?? DEFAULT_VOICE_TOOLS).map(compileToolRule),
    voiceBus: c.voice_bus ?? false,
    ttlMs: (c.ttl_seconds ?? DEFAULT_CONFIRM_TTL_S) * 1000,
    secret,
  };
  return { settings, problems };
}

/** How a reload applies the ConfirmSettings: live, as a whole. */
export const confirmReload: ReloadRule<ConfirmSettings> = applyLive();
