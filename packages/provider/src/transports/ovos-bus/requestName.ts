import { checkPayload, OvosToolName } from '@ovos-tools/core';

/**
 * How a request's `name` field reads, following OVOS's Python semantics (wire spec §4.4): falsy values
 * (absent, `""`, `0`, `false`, `null`, `[]`, `{}`) are missing; other scalars are formatted with Python's
 * `str()` (`42` → `'42'`, `true` → `'True'`); a non-empty list or object — which makes the Python plugin
 * crash without answering — is invalid and gets an error response here.
 */
export type RequestName =
  | {
      /** The request has no `name`. */
      kind: 'missing';
    }
  | {
      /** `name` is not a usable tool name. */
      kind: 'invalid';
      /** What was sent, described for the error text. */
      received: string;
    }
  | {
      /** A usable name. */
      kind: 'ok';
      /** The tool name. */
      name: string;
    };

/** Reads `data.name` as described on {@link RequestName}: falsy first, then core's {@link OvosToolName} schema. */
export function readRequestName(value: unknown): RequestName {
  if (isFalsy(value)) return { kind: 'missing' };
  if (checkPayload(OvosToolName, value)) return { kind: 'invalid', received: Array.isArray(value) ? 'list' : 'dict' };
  return { kind: 'ok', name: value === true ? 'True' : String(value) };
}

function isFalsy(v: unknown): boolean {
  if (v === undefined || v === null || v === '' || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v as object).length === 0;
  return false;
}
