import { Type, type Static } from '@ovos-tools/core';
import { restartOnly, type ReloadRule } from '../service/ReloadRule.js';

/** Settings of the bundled OpenAI-compatible brain (`brain` section). */
export interface BrainConfig {
  /** e.g. `http://127.0.0.1:8080/v1` (llama.cpp), `http://127.0.0.1:11434/v1` (Ollama); default OpenAI's. */
  baseUrl?: string;
  /** The chat model name, e.g. `qwen2.5-7b-instruct`. */
  model?: string;
  /** The API key, when the endpoint needs one. */
  apiKey?: string;
  /** Per-request limit in ms; default 60000. */
  timeoutMs?: number;
}

/** The brain's key of the provider config: `brain: {base_url, model, api_key, timeout_ms}`. */
export const BrainKeys = Type.Object({
  brain: Type.Optional(
    Type.Object(
      {
        base_url: Type.Optional(Type.String({ description: 'OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1 (env OPENAI_BASE_URL)' })),
        model: Type.Optional(Type.String({ description: 'Chat model name (env OPENAI_MODEL)' })),
        api_key: Type.Optional(Type.String({ description: 'API key, when the endpoint needs one (env OPENAI_API_KEY)' })),
        timeout_ms: Type.Optional(Type.Number({ exclusiveMinimum: 0, default: 60_000, description: 'Per-request limit, ms' })),
      },
      { additionalProperties: false, description: 'The bundled OpenAI-compatible brain' },
    ),
  ),
});

/** The {@link BrainConfig} of keys read against {@link BrainKeys}; `undefined` when the section is absent. */
export function brainSettings(k: Static<typeof BrainKeys>): BrainConfig | undefined {
  const b = k.brain;
  if (!b) return undefined;
  const out: BrainConfig = {};
  if (b.base_url !== undefined) out.baseUrl = b.base_url;
  if (b.model !== undefined) out.model = b.model;
  if (b.api_key !== undefined) out.apiKey = b.api_key;
  if (b.timeout_ms !== undefined) out.timeoutMs = b.timeout_ms;
  return out;
}

/** How a reload applies `brain`: only at the next start (toolboxes were given the chat engine at their start). */
export const brainReload: ReloadRule<BrainConfig | undefined> = restartOnly('brain', 'toolboxes were given the chat engine at their start');
