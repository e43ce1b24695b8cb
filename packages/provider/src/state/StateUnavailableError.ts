/**
 * The shared state (Redis) could not be asked: not connected, the command timed out, or the connection dropped
 * while it ran. `message` names the store (password redacted) and the cause, e.g.
 * `Redis at redis://127.0.0.1:6379/0 cannot be reached (connect ECONNREFUSED 127.0.0.1:6379)`. Whatever needed the
 * state must refuse its call with code `state_unavailable`, never fall back to per-replica state.
 */
export class StateUnavailableError extends Error {
  /** The wire code a call refused for this carries. */
  readonly code = 'state_unavailable';
  override readonly name = 'StateUnavailableError';
}
