/**
 * Where the single use of confirm tokens is recorded. A token is verified without any stored state (it is signed with
 * the provider's confirmation secret and carries its own expiry); the store only remembers which tokens were used, until
 * they expire. Every method answers with a promise, so an implementation backed by a shared store (the Redis one a
 * provider uses with `state.redis`, so that a token issued by one replica is accepted once on any other) fits the same
 * interface as {@link MemoryConfirmationStore}. Give one to `ToolsProvider` as `confirmationStore`.
 */
export interface ConfirmationStore {
  /**
   * Records the use of token `id` (its random nonce) and answers `true` the first time, `false` when it was used
   * before. `expiresAt` (ms since the epoch) is when the token stops being accepted anyway: the store may forget the
   * id after it. `issuedAt` (ms since the epoch) is when the token was issued: a store that may have lost its records
   * since (a Redis restarted without persistence, or emptied) answers `'unverifiable'` instead of `true`, as it cannot
   * tell whether the token was used before (the call is then refused and confirmed anew). Must be atomic across every
   * provider sharing the store (e.g. Redis `SET id 1 NX PX …`). Rejects only when the store itself fails (the call is
   * then refused, never run; a rejection whose `code` is `state_unavailable` is answered with that code).
   */
  claim(id: string, expiresAt: number, issuedAt?: number): Promise<boolean | 'unverifiable'>;
  /** Forgets every recorded use (on shutdown, or in tests). */
  clear(): Promise<void>;
}
