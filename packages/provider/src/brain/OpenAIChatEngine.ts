import type { ChatEngine, ChatMessage, ChatOptions } from '@ovos-tools/core';
import type OpenAI from 'openai';

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
 * content (`""` when the model returned none). The `openai` SDK is imported on the first `continueChat` (or by
 * {@link OpenAIChatEngine.warmUp}), so a provider without a brain never loads it.
 * @throws (rejects with) the client's errors, including its missing-API-key error on the first call (`APIError` with status, `APIConnectionError`, `APIUserAbortError` on abort).
 */
export class OpenAIChatEngine implements ChatEngine {
  readonly model: string;
  private readonly options: OpenAIChatEngineOptions;
  private client: Promise<OpenAI> | undefined;

  constructor(options: OpenAIChatEngineOptions) {
    this.model = options.model;
    this.options = options;
  }

  /** The SDK client, created (and the SDK imported) on first use; a failed creation is retried next call. */
  private openClient(): Promise<OpenAI> {
    const { baseUrl, apiKey, timeoutMs } = this.options;
    this.client ??= import('openai').then(
      ({ default: OpenAIClient }) =>
        new OpenAIClient({ baseURL: baseUrl, apiKey: apiKey || (baseUrl ? 'sk-no-key' : undefined), timeout: timeoutMs ?? 60_000, maxRetries: 2 }),
    );
    return this.client.catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
  }

  /**
   * Imports the SDK and creates the client now, so the first chat does not wait for it (the provider calls this in
   * the background once it serves, with `warm_up` on). Never rejects: a failure is met again by the first chat.
   */
  async warmUp(): Promise<void> {
    await this.openClient().catch(() => undefined);
  }

  async continueChat(messages: ChatMessage[], options: ChatOptions = {}): Promise<{ content: string }> {
    const client = await this.openClient();
    const completion = await client.chat.completions.create(
      { model: this.model, messages: messages.map((m) => ({ role: m.role, content: m.content })) },
      { signal: options.signal },
    );
    return { content: completion.choices[0]?.message?.content ?? '' };
  }
}
