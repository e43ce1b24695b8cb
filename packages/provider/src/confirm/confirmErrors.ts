import type { WireError } from '@ovos-tools/core';

/**
 * The errors of confirmation, as wire errors (`{error, code}`) written as OVOS writes its errors. The texts never
 * contain the token (a model may read them; the token is for the client that asks the user).
 */
export const confirmErrors = {
  /**
   * The call needs the user's confirmation and was not run; `reason` says why a `confirm_token` sent with it was
   * not accepted (expired, used, another call's), when one was.
   */
  required: (name: string, prompt: string, reason?: string): WireError => ({
    error: `PermissionError: ${reason ? `${reason}. ` : ''}Tool '${name}' was not run: it needs the user's confirmation first (${JSON.stringify(prompt)}). The client asks the user and, on yes, calls again with the same arguments and this answer's confirm_token`,
    code: 'confirmation_required',
  }),
  /** The user was asked (MCP elicitation) and did not say yes (`action`: their answer, e.g. `decline`). */
  declined: (name: string, action: string): WireError => ({
    error: `PermissionError: the user did not confirm tool '${name}' (answer: ${action}); it was not run. Do not call it again unless the user asks for it`,
    code: 'confirmation_declined',
  }),
  /** A `confirm_token` that is not a token (`detail` says what is wrong). */
  invalidToken: (detail: string): WireError => ({
    error: `ValueError: Invalid field 'confirm_token': ${detail}; send back the confirm_token of a confirmation_required answer unchanged, or leave it out`,
    code: 'invalid_request',
  }),
  /** Arguments that cannot be read as JSON, so no confirmation can be bound to them (`detail`: why). */
  argumentsNotReadable: (name: string, detail: string): WireError => ({
    error: `ValueError: the arguments of tool '${name}' cannot be read as JSON to bind a confirmation to them: ${detail}`,
    code: 'invalid_arguments',
  }),
  /**
   * The store of used tokens is shared state (Redis, `state.redis`) that cannot be reached (`why`: e.g. `Redis at
   * redis://… cannot be reached (…)`); the call was not run, and the token may be sent again once it is back.
   */
  stateUnavailable: (name: string, why: string): WireError => ({
    error: `RuntimeError: shared state unavailable: the single use of confirm tokens is recorded in shared state, and ${why}; tool '${name}' was not run, retry later with the same confirm_token`,
    code: 'state_unavailable',
  }),
  /** The store of used tokens failed or is full (`detail`: its error). */
  storeFailed: (detail: string, full: boolean): WireError => ({
    error: `RuntimeError: the confirmation store ${full ? 'is full' : 'failed'}: ${detail}; the call was not run`,
    code: full ? 'overloaded' : 'internal',
  }),
} as const;

/** Why a sent `confirm_token` was not accepted for this call (the start of {@link confirmErrors.required}'s text). */
export const tokenRefusals = {
  /** Signed with another key: forged, another provider's, or this provider's before its key changed. */
  unsigned: () => 'The confirm_token was not issued by this provider (or its confirmation secret changed since, e.g. a restart without confirmation.secret)',
  /** Issued for another tool. */
  otherTool: (tool: string, toolboxId: string) => `The confirm_token was issued for tool '${tool}' of ToolBox '${toolboxId}', not this one`,
  /** Issued to another caller (transport or agent). */
  otherCaller: () => 'The confirm_token was issued to another caller',
  /** Issued in another session. */
  otherSession: () => 'The confirm_token was issued in another session',
  /** The arguments are not the confirmed ones. */
  changedArguments: () => 'The arguments differ from the ones the user confirmed; a changed call needs a new confirmation',
  /** Past its expiry (`agoS` seconds ago; tokens live `ttlS`). */
  expired: (agoS: number, ttlS: number) => `The confirm_token expired ${agoS} s ago (a confirmation is accepted for ${ttlS} s)`,
  /** Already used once. */
  used: () => 'The confirm_token was already used: a confirmation allows one call',
  /** Issued before the store of used tokens lost its records (a Redis restarted without persistence), so its single use cannot be checked. */
  unverifiable: () => 'The confirm_token was issued before the shared state that records used tokens was restarted or emptied, so whether it was used cannot be checked',
} as const;
