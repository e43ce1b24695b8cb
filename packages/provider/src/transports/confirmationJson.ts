import type { ConfirmationRequest } from '../service/ConfirmationRequest.js';

/** The wire keys a `confirmation_required` answer adds, the same on the OVOS bus and HTTP (core `ConfirmationKeys`). */
export interface ConfirmationJson {
  /** Send it back with the same call, once the user said yes, to run it once. Never show it to the model. */
  confirm_token: string;
  /** The question to speak or show. */
  prompt: string;
  /** The language of `prompt` (BCP 47), when known. */
  prompt_lang?: string;
}

/** `{confirm_token, prompt, prompt_lang?}` of a refused call's confirmation, or `{}` when it has none. */
export function confirmationJson(confirmation: ConfirmationRequest | undefined): ConfirmationJson | Record<string, never> {
  if (!confirmation) return {};
  return { confirm_token: confirmation.token, prompt: confirmation.prompt, ...(confirmation.lang !== undefined ? { prompt_lang: confirmation.lang } : {}) };
}
