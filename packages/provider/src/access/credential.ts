import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * How an agent's credential is stored in config: a SHA-256 or scrypt hash of it (never the plain text), or the
 * name of an environment variable that holds the plain credential at startup.
 * - `{sha256: "<64 hex>"}` — fine for long random tokens;
 * - `{scrypt: "scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>"}` — for human-chosen secrets ({@link hashCredential} makes one);
 * - `{env: "SOFIA_TOKEN"}` — read once when the config is parsed.
 */
export type StoredCredential =
  | {
      /** Hex SHA-256 of a high-entropy token. */
      sha256: string;
    }
  | {
      /** An scrypt hash string (`scrypt$N$r$p$salt$hash`) of a token or password. */
      scrypt: string;
    }
  | {
      /** The name of an environment variable holding the token itself. */
      env: string;
    };

/** A parsed, ready-to-check credential. */
export interface CredentialVerifier {
  /** True when `presented` is this credential; constant-time for same-length digests. */
  verify(presented: string): boolean;
  /** A cheap lookup key when one exists (sha256 and env credentials), so resolving is not O(agents × scrypt). */
  readonly sha256?: string;
}

/** SHA-256 of `text` as lower-case hex. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Hashes a credential for config: `scrypt$16384$8$1$<salt>$<hash>` (or `sha256` hex with `kind: 'sha256'`).
 * Used by `ovos-tools` operators to write `agents.<id>.credential`.
 */
export function hashCredential(plain: string, kind: 'scrypt' | 'sha256' = 'scrypt'): string {
  if (kind === 'sha256') return sha256Hex(plain);
  const salt = randomBytes(16);
  const hash = scryptSync(plain, salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
}

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Turns a {@link StoredCredential} into a verifier.
 * @returns the verifier, or a string saying what is wrong with the stored form (for config problems).
 */
export function createVerifier(stored: StoredCredential, env: NodeJS.ProcessEnv = process.env): CredentialVerifier | string {
  if ('sha256' in stored) {
    if (!/^[0-9a-f]{64}$/i.test(stored.sha256)) return 'sha256: expected 64 hex digits (the SHA-256 of the credential)';
    const digest = stored.sha256.toLowerCase();
    return { sha256: digest, verify: (p) => safeEqual(Buffer.from(sha256Hex(p), 'hex'), Buffer.from(digest, 'hex')) };
  }
  if ('scrypt' in stored) {
    const m = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored.scrypt);
    if (!m) return 'scrypt: expected "scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>"';
    const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const salt = Buffer.from(m[4]!, 'base64');
    const hash = Buffer.from(m[5]!, 'base64');
    return { verify: (presented) => safeEqual(scryptSync(presented, salt, hash.length, { N, r, p, maxmem: 256 * N * r }), hash) };
  }
  const value = env[stored.env];
  if (!value) return `env: environment variable ${stored.env} is not set or empty`;
  const digest = sha256Hex(value);
  return { sha256: digest, verify: (p) => safeEqual(Buffer.from(sha256Hex(p), 'hex'), Buffer.from(digest, 'hex')) };
}
