import type { ChatEngine, ChatMessage, ChatOptions } from '@ovos-tools/core';
import OpenAI from 'openai';

/** Options of {@link OpenAIChatEngine}. */
export interface OpenAIChatEngineOptions {
  /** The server's `/v1` base URL; default OpenAI's. Works with llama.cpp server, Ollama, vLLM and OpenAI. */
  baseUrl?: string;
  /** Model name sent with each request. */
  model: string;
  /** API key; local servers accept any non-empty value (default `"sk-no-key"` when a base URL is set). */
  apiKey?: string;
  /** Per-request limit in ms; default 60000. */
  timeoutMs?: number;
}

/**
 * A {@link ChatEngine} over any OpenAI-compatible `/chat/completions` endpoint, using the official `openai`
 * client (retries twice on connection errors, 429 and 5xx). `continueChat` resolves with the first choice's
 * content (`""` when the model returned none).
 * @throws the client's errors (`APIError` with status, `APIConnectionError`, `APIUserAbortError` on abort).
 */
export class OpenAIChatEngine implements ChatEngine {
  readonly model: string;
  private readonly client: OpenAI;

  constructor(options: OpenAIChatEngineOptions) {
    this.model = options.model;
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      apiKey: options.apiKey || (options.baseUrl ? 'sk-no-key' : undefined),
      timeout: options.timeoutMs ?? 60_000,
      maxRetries: 2,
    });
  }

  async continueChat(messages: ChatMessage[], options: ChatOptions = {}): Promise<{ content: string }> {
    const completion = await this.client.chat.completions.create(
      { model: this.model, messages: messages.map((m) => ({ role: m.role, content: m.content })) },
      { signal: options.signal },
    );
    return { content: completion.choices[0]?.message?.content ?? '' };
  }
}
