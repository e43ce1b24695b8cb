import type { ChatEngine, Logger } from '@ovos-tools/core';
import type { BrainConfig } from './brainSettings.js';
import { OpenAIChatEngine } from './OpenAIChatEngine.js';

/**
 * Builds the provider's brain from its `brain` config, filling gaps from `OPENAI_BASE_URL`, `OPENAI_MODEL`
 * and `OPENAI_API_KEY`. Returns `null` (and logs why at info level) when neither a base URL nor an API key is
 * configured, or no model is named: toolboxes that need a brain then report that it is missing.
 */
export function createBrain(config: BrainConfig | undefined, logger: Logger, env: NodeJS.ProcessEnv = process.env): ChatEngine | null {
  const baseUrl = config?.baseUrl ?? env.OPENAI_BASE_URL;
  const apiKey = config?.apiKey ?? env.OPENAI_API_KEY;
  const model = config?.model ?? env.OPENAI_MODEL;
  if (!baseUrl && !apiKey) {
    logger.info('no brain configured (set "brain": {"base_url", "model"} or OPENAI_BASE_URL/OPENAI_MODEL); tools that need a model are unavailable');
    return null;
  }
  if (!model) {
    logger.warn('brain: a base URL or API key is set but no model; set "brain.model" or OPENAI_MODEL');
    return null;
  }
  logger.info(`brain: model ${model} at ${baseUrl ?? 'the OpenAI API'}`);
  return new OpenAIChatEngine({ baseUrl, apiKey, model, timeoutMs: config?.timeoutMs });
}
