/**
 * What a `confirmation_required` answer carries besides its error: the question to ask the user and the token
 * that runs exactly this call once they said yes.
 */
export interface ConfirmationRequest {
  /** `confirm_token` on the wire: send it back with the same call (same arguments) to run it once. */
  token: string;
  /** `prompt` on the wire: the short question to speak or show, e.g. `Overwrite notes.txt in your workspace?`. */
  prompt: string;
  /** `prompt_lang` on the wire: the language of `prompt` (BCP 47), when known. */
  lang?: string;
  /** When the token stops being accepted, in ms since the epoch. */
  expiresAt: number;
}
