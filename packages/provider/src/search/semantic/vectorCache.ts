import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** The first 8 bytes of a vector cache file (format version 1). */
const MAGIC = 'OVTVEC01';
/** Bytes of a text's key (SHA-256). */
const KEY_BYTES = 32;
/** The most vectors a cache file keeps (the most recently used): 5,000 × 384 dimensions (the search-semantic model's) ≈ 7.7 MB. */
export const MAX_CACHED_VECTORS = 5000;

/**
 * Where tool vectors are cached: `$XDG_CACHE_HOME/ovos-tools/search-vectors` (default `~/.cache/...`), one file
 * per model.
 */
export function defaultVectorCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(homedir(), '.cache');
  return path.join(base, 'ovos-tools', 'search-vectors');
}

/** The key of a text's vector: SHA-256 of the model id and the text, hex. */
export function vectorKey(modelId: string, text: string): string {
  return createHash('sha256').update(modelId).update('\0').update(text).digest('hex');
}

/** The cache file of a model in `dir` (its id made file-name safe). */
export function vectorCacheFile(dir: string, modelId: string): string {
  return path.join(dir, `${modelId.replace(/[^A-Za-z0-9._@-]/g, '_')}.vectors`);
}

/**
 * Reads a cache file: key → unit vector of `dims` numbers. A missing file is an empty cache; a file that is not one
 * (wrong magic, dimensions or length) is ignored whole, and an entry whose numbers are not finite or not of unit
 * length is dropped: garbage is never ranked, it is embedded again. Answers the problem found, for the log.
 */
export function readVectorCache(file: string, dims: number): { vectors: Map<string, Float32Array>; problem?: string } {
  const vectors = new Map<string, Float32Array>();
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch {
    return { vectors };
  }
  const entryBytes = KEY_BYTES + dims * 4;
  if (buf.length < 16 || buf.toString('latin1', 0, 8) !== MAGIC || buf.readUInt32LE(8) !== dims || buf.length !== 16 + buf.readUInt32LE(12) * entryBytes) {
    return { vectors, problem: `the vector cache ${file} is not a cache of ${dims}-dimensional vectors; it is ignored and rebuilt` };
  }
  let dropped = 0;
  for (let at = 16; at < buf.length; at += entryBytes) {
    const v = new Float32Array(dims);
    let norm = 0;
    for (let i = 0; i < dims; i++) {
      const x = buf.readFloatLE(at + KEY_BYTES + i * 4);
      v[i] = x;
      norm += x * x;
    }
    if (!Number.isFinite(norm) || Math.abs(norm - 1) > 0.01) dropped++;
    else vectors.set(buf.toString('hex', at, at + KEY_BYTES), v);
  }
  return dropped ? { vectors, problem: `the vector cache ${file} had ${dropped} damaged vector(s); they are embedded again` } : { vectors };
}

/** Writes `vectors` (the last {@link MAX_CACHED_VECTORS}) to `file` atomically (a temporary file renamed over it). */
export function writeVectorCache(file: string, dims: number, vectors: ReadonlyMap<string, Float32Array>): void {
  const kept = [...vectors].slice(-MAX_CACHED_VECTORS);
  const entryBytes = KEY_BYTES + dims * 4;
  const buf = Buffer.alloc(16 + kept.length * entryBytes);
  buf.write(MAGIC, 0, 'latin1');
  buf.writeUInt32LE(dims, 8);
  buf.writeUInt32LE(kept.length, 12);
  kept.forEach(([key, v], n) => {
    const at = 16 + n * entryBytes;
    buf.write(key, at, 'hex');
    for (let i = 0; i < dims; i++) buf.writeFloatLE(v[i]!, at + KEY_BYTES + i * 4);
  });
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, buf, { mode: 0o600 });
  renameSync(tmp, file);
}
