import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What a confirm token says, signed: which call it confirms (tool, toolbox, caller, session, arguments, each but the
 * tool as a digest), until when, and a random nonce its single use is recorded under.
 */
export interface ConfirmClaims {
  /** The nonce (16 random bytes, base64url): the key of its single use in the `ConfirmationStore`. */
  nonce: string;
  /** When the token stops being accepted, ms since the epoch. */
  expiresAt: number;
  /** When it was issued, ms since the epoch (by the issuing provider's clock); absent in tokens of older providers. */
  issuedAt?: number;
  /** The tool name (as in the catalog, not a vendor-mapped name). */
  tool: string;
  /** The toolbox that serves it. */
  toolboxId: string;
  /** Digest of the caller (transport and agent id). */
  caller: string;
  /** Digest of the session (OVOS `session.session_id`, the MCP session; empty when none). */
  session: string;
  /** Digest of the arguments (see {@link argumentsDigest}). */
  args: string;
}

/** What {@link readConfirmToken} found. */
export type ReadToken =
  | {
      /** Signed by this secret; the claims may be trusted (their binding is still to be compared). */
      kind: 'valid';
      /** What it confirms. */
      claims: ConfirmClaims;
    }
  | {
      /** Not a token at all (wrong type, shape or encoding); `detail` says what. */
      kind: 'malformed';
      /** What was wrong. */
      detail: string;
    }
  | {
      /** Shaped like a token but not signed with this secret (forged, another provider, or a secret that changed). */
      kind: 'unsigned';
    };

/** Every confirm token starts with this (a format version, so a later format can be told apart). */
export const CONFIRM_TOKEN_PREFIX = 'oct1.';
/** The longest string read as a token, in characters (a real one is ~300); longer ones are refused unread. */
export const MAX_CONFIRM_TOKEN_CHARS = 1024;
const SHAPE = /^oct1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;

/** A new token for `claims` (without nonce: one is drawn), signed with HMAC-SHA256 under `secret`. */
export function issueConfirmToken(secret: Buffer, claims: Omit<ConfirmClaims, 'nonce'>): { token: string; claims: ConfirmClaims } {
  const full: ConfirmClaims = { nonce: randomBytes(16).toString('base64url'), ...claims };
  const payload = Buffer.from(
    JSON.stringify({ v: 1, n: full.nonce, e: full.expiresAt, ...(full.issuedAt !== undefined ? { i: full.issuedAt } : {}), t: full.tool, x: full.toolboxId, c: full.caller, s: full.session, a: full.args }),
  ).toString('base64url');
  return { token: `${CONFIRM_TOKEN_PREFIX}${payload}.${sign(secret, payload)}`, claims: full };
}

/**
 * Checks a value sent as `confirm_token`: its shape (a string `oct1.<payload>.<signature>` of at most
 * {@link MAX_CONFIRM_TOKEN_CHARS} characters), its signature under `secret` (constant-time), then its payload. The
 * binding (tool, caller, session, arguments), expiry and single use are the caller's to compare. Never throws.
 */
export function readConfirmToken(secret: Buffer, value: unknown): ReadToken {
  const shape = checkConfirmTokenShape(value);
  if (shape) return { kind: 'malformed', detail: shape };
  const [, payload, signature] = SHAPE.exec(value as string)!;
  const expected = Buffer.from(sign(secret, payload!), 'base64url');
  const given = Buffer.from(signature!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'unsigned' };
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
  } catch {
    return { kind: 'malformed', detail: 'its payload is not JSON' };
  }
  const p = raw as Record<string, unknown>;
  const strings = ['n', 't', 'x', 'c', 's', 'a'].every((k) => typeof p?.[k] === 'string');
  if (p?.v !== 1 || !strings || typeof p.e !== 'number' || (p.i !== undefined && typeof p.i !== 'number')) return { kind: 'malformed', detail: 'its payload lacks the fields of a version 1 token' };
  return {
    kind: 'valid',
    claims: {
      nonce: p.n as string,
      expiresAt: p.e,
      ...(typeof p.i === 'number' ? { issuedAt: p.i } : {}),
      tool: p.t as string,
      toolboxId: p.x as string,
      caller: p.c as string,
      session: p.s as string,
      args: p.a as string,
    },
  };
}

/** What is wrong with the shape of a `confirm_token` value, or `null` when it looks like one (see {@link readConfirmToken}). */
export function checkConfirmTokenShape(value: unknown): string | null {
  if (typeof value !== 'string') return `expected a string, received ${value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value}`;
  if (value.length > MAX_CONFIRM_TOKEN_CHARS) return `expected at most ${MAX_CONFIRM_TOKEN_CHARS} characters, received ${value.length}`;
  if (!SHAPE.test(value)) return `expected "${CONFIRM_TOKEN_PREFIX}<payload>.<signature>" as a confirmation_required answer gives it`;
  return null;
}

/** A short digest of `text` for a claim (16 bytes of SHA-256, base64url). */
export function claimDigest(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest().subarray(0, 16).toString('base64url');
}

function sign(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(CONFIRM_TOKEN_PREFIX).update(payload).digest('base64url');
}
