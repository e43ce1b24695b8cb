/**
 * A Redis URL fit for logs and error texts: its password (and a user's, for ACL users) replaced by `***`, e.g.
 * `redis://:***@10.0.0.5:6379/0`. In text that does not parse as a URL, everything before the last `@` (which may
 * be a password) is replaced by `***`.
 */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.password) return url;
    u.password = '***';
    return u.toString();
  } catch {
    const at = url.lastIndexOf('@');
    return at < 0 ? url : `***${url.slice(at)}`;
  }
}
