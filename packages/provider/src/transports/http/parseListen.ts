/**
 * Parses `[host:]port` (IPv6 hosts in brackets: `[::1]:8080`); a bare port binds loopback (`127.0.0.1`).
 * @returns `{host, port}`, or a string saying what is wrong and what to type.
 */
export function parseListen(text: string): { host: string; port: number } | string {
  const m = /^(?:\[([^\]]+)\]:|([^:]+):)?(\d{1,5})$/.exec(text.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || port > 65535) return `expected [host:]port such as 8080, 127.0.0.1:8080 or [::1]:8080`;
  return { host: m[1] ?? m[2] ?? '127.0.0.1', port };
}
