/**
 * Where the single use of confirm tokens is recorded. A token is verified without any stored state (it is signed with
 * the provider's confirmation secret and carries its own expiry); the store only remembers which tokens were used, until
 * they expire. Every method answers with a promise, so an implementation backed by a shared store (issue 31: Redis, so
 * that a token issued by one replica is accepted once on any other) fits the same interface as
 * {@link MemoryConfirmationStore}. Give one to `ToolsProvider` as `confirmationStore`.
 */
export interface ConfirmationStore {
  /**
   * Records the use of token `id` (its random nonce) and answers `true` the first time, `false` when it was used
   * before. `expiresAt` (ms since the epoch) is when the token stops being accepted anyway: the store may forget the
   * id after it. Must be atomic across every provider sharing the store (e.g. Redis `SET id 1 NX PXAT expiresAt`).
   * Rejects only when the store itself fails (the call is then refused, never run).
   */
  claim(id: string, expiresAt: number): Promise<boolean>;
  /** Forgets every recorded use (on shutdown, or in tests). */
  clear(): Promise<void>;
}
