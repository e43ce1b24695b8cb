import type { WireError } from '@ovos-tools/core';
import { previewValue } from '../service/previewValue.js';

/** A handle or value as an error shows it: at most 40 characters (a hostile 10 kB handle is not echoed). */
const shown = (value: unknown): string => previewValue(value, 40);

const valueError = (text: string): WireError => ({ error: `ValueError: ${text}`, code: 'invalid_request' });

/**
 * The errors of output budgets and result paging, as wire errors (`{error, code}`) written as OVOS writes its errors.
 * Field names are the wire's (`max_output_chars`, `offset`, `limit`, `handle`).
 */
export const budgetErrors = {
  /** `max_output_chars` is not an integer in range; `min` is the envelope's own size. */
  budgetOutOfRange: (received: unknown, min: number, max: number): WireError =>
    valueError(`Invalid field 'max_output_chars': expected an integer from ${min} to ${max}, received ${shown(received)} (${min} characters is the size of the 'truncated' marker itself)`),
  /** The result cannot be turned into JSON (a cycle, a BigInt, nesting too deep). */
  notSerialisable: (detail: string): WireError => ({ error: `RuntimeError: the result cannot be serialised as JSON to measure it: ${detail}`, code: 'internal' }),
  /** No cut of the result fits the budget and still matches the output schema (`problems` from the validator). */
  cannotFitSchema: (maxChars: number, originalChars: number, problems: readonly string[]): WireError =>
    valueError(
      `the result (${originalChars} characters) cannot be cut to max_output_chars ${maxChars} and still match the tool's output schema (${problems.join('; ')}); raise max_output_chars or leave it out`,
    ),
  /** No cut of the result fits the budget at all: its smallest form (numbers, required keys, `minItems`, `minLength`) is longer. */
  cannotFit: (maxChars: number, originalChars: number): WireError =>
    valueError(
      `the result (${originalChars} characters) cannot be cut to max_output_chars ${maxChars}: even its smallest form (numbers, keys its output schema requires, its minItems and minLength) is longer; raise max_output_chars or leave it out`,
    ),
  /** The owner key given to a store is not a string. */
  invalidOwner: (received: unknown): WireError => ({ error: `RuntimeError: result store owner must be a string, received ${shown(received)}`, code: 'internal' }),
  /** A full result too large to keep for paging. */
  tooLargeToKeep: (bytes: number, capBytes: number): WireError =>
    ({ error: `RuntimeError: the full result (${bytes} bytes) is larger than the result store keeps for one caller (${capBytes} bytes); it cannot be paged`, code: 'overloaded' }),
  /**
   * The shared result store (Redis, `state.redis`) cannot be reached (`why`: e.g. `Redis at redis://… cannot be
   * reached (…)`): with `handle`, a page of it was asked for; without, a full result could not be kept.
   */
  stateUnavailable: (why: string, handle?: string): WireError => ({
    error:
      handle === undefined
        ? `RuntimeError: shared state unavailable: the full result cannot be kept for paging, ${why}`
        : `RuntimeError: shared state unavailable: result handle ${shown(handle)} is kept in shared state, and ${why}; retry later`,
    code: 'state_unavailable',
  }),
  /** A handle that is not a string. */
  handleNotString: (received: unknown): WireError => valueError(`Invalid field 'handle': expected a string, received ${shown(received)}`),
  /** A handle the store does not know (never issued, or forgotten long ago). */
  unknownHandle: (handle: string): WireError =>
    valueError(`Unknown result handle ${shown(handle)}: handles come from the 'truncated' member of an answer and last a few minutes; call the tool again`),
  /** A handle whose time ran out. */
  expiredHandle: (handle: string, ttlS: number): WireError => valueError(`Result handle ${shown(handle)} has expired (results are kept ${ttlS} s); call the tool again`),
  /** A handle dropped early because the store was full. */
  evictedHandle: (handle: string): WireError =>
    valueError(`Result handle ${shown(handle)} was dropped to make room for newer results (the store is full); call the tool again`),
  /** A handle issued to another caller. */
  foreignHandle: (handle: string): WireError => ({ error: `PermissionError: Result handle ${shown(handle)} belongs to another caller`, code: 'forbidden' }),
  /** `offset` is not an integer inside the result. */
  offsetOutOfRange: (received: unknown, totalChars: number): WireError =>
    valueError(`Invalid field 'offset': expected an integer from 0 to ${Math.max(0, totalChars - 1)} (the result has ${totalChars} characters), received ${shown(received)}`),
  /** `limit` is not an integer in range. */
  pageLimitOutOfRange: (received: unknown, max: number): WireError => valueError(`Invalid field 'limit': expected an integer from 1 to ${max} characters, received ${shown(received)}`),
} as const;
