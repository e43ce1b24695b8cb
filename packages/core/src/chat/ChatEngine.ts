/** One chat message, in the OpenAI chat-completions shape. */
export interface ChatMessage {
  /** Who speaks: the instructions (`system`), the person or calling agent (`user`), or the model (`assistant`). */
  role: 'system' | 'user' | 'assistant';
  /** The message text. */
  content: string;
}

/** Options for one {@link ChatEngine.continueChat} call. */
export interface ChatOptions {
  /** Aborts the request (e.g. when the tool call that asked for it times out). */
  signal?: AbortSignal;
}

/**
 * A "brain": something that continues a conversation. The TypeScript counterpart of OVOS's
 * `ChatEngine.continue_chat(messages)` (ovos-agentic-loop `SkillMDToolBox._invoke_skill`).
 * The provider builds one from its `brain` config and hands it to every toolbox as `options.brain`.
 * Implementations reject (throw) on transport or model errors.
 */
export interface ChatEngine {
  /** The model's next message after `messages` (oldest first); rejects on a transport or model error. */
  continueChat(messages: ChatMessage[], options?: ChatOptions): Promise<{ content: string }>;
}
