import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import { classifyAddress } from './addressPolicy.js';

/** One resolved address, as `dns.promises.lookup(host, {all: true})` gives it. */
export interface ResolvedAddress {
  /** The IP address as text, e.g. `93.184.216.34` or `2606:2800:220:1::`. */
  address: string;
  /** 4 or 6. */
  family: number;
}

/** Resolves a host name to every address it has. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The default {@link HostResolver}: the operating system's resolver (`dns.promises.lookup`, all addresses). */
export const systemResolver: HostResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/**
 * What decides which URLs an outbound request may connect to (`fetch_url` of toolbox-web, the HTTP tools of
 * toolbox-http).
 */
export interface UrlPolicy {
  /** Config `allow_private_network`: skip the private-address refusal entirely. */
  allowPrivateNetwork: boolean;
  /** Config `allowed_hosts`: `host` or `host:port` entries that skip the private-address refusal. */
  allowedHosts: readonly string[];
  /** How host names are resolved. */
  resolve: HostResolver;
  /**
   * The sentence that ends a private-address refusal, saying who refuses and how to allow it. Default:
   * `"fetch_url only fetches public addresses. An operator can allow it with allowed_hosts or allow_private_network."`
   */
  refusalHint?: string;
}

/** The default {@link UrlPolicy.refusalHint} (the `fetch_url` wording). */
export const DEFAULT_REFUSAL_HINT =
  'fetch_url only fetches public addresses. An operator can allow it with allowed_hosts or allow_private_network.';

/** A URL that will not be fetched; `message` says why and how to allow it when that is possible. */
export class FetchRefusedError extends Error {
  override readonly name = 'FetchRefusedError';
}

/** A URL that passed {@link checkTarget}, with the addresses to connect to (and only those). */
export interface CheckedTarget {
  /** The parsed URL that passed. */
  url: URL;
  /** The addresses its host resolved to, all allowed; connect to these only (no second lookup). */
  addresses: ResolvedAddress[];
}

/**
 * Decides whether `url` may be fetched and pins the addresses to use. Refuses schemes other than http(s),
 * then resolves the host (IP literals, including the decimal/hex/octal IPv4 forms the WHATWG URL parser
 * normalises, are used as they are) and refuses the URL when ANY of its addresses is not public
 * (see {@link classifyAddress}), unless `allowPrivateNetwork` is set or the host (or host:port) is in
 * `allowedHosts`. The caller must connect only to the returned addresses (defeats DNS rebinding).
 *
 * @throws {@link FetchRefusedError} for a refused scheme or address, or a host that does not resolve.
 */
export async function checkTarget(url: URL, policy: UrlPolicy): Promise<CheckedTarget> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefusedError(`Refused: only http and https URLs can be fetched, not ${url.protocol.replace(/:$/, '')}.`);
  }
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(bare)) {
    addresses = [{ address: bare, family: isIP(bare) }];
  } else {
    try {
      addresses = await policy.resolve(bare);
    } catch (err) {
      const code = (err as { code?: string })?.code;
      throw new FetchRefusedError(`Could not resolve host ${bare}${code ? ` (${code})` : ''}.`);
    }
    if (addresses.length === 0) throw new FetchRefusedError(`Could not resolve host ${bare} (no addresses).`);
  }
  if (policy.allowPrivateNetwork || isAllowedHost(url, policy.allowedHosts)) return { url, addresses };
  for (const { address } of addresses) {
    const why = classifyAddress(address);
    if (why) {
      const via = address === bare ? why : `${bare} resolves to ${address}, ${why}`;
      throw new FetchRefusedError(
        `Refused: ${url.host} is not a public address (${via}); ${policy.refusalHint ?? DEFAULT_REFUSAL_HINT}`,
      );
    }
  }
  return { url, addresses };
}

/** True when `url`'s host, or host:port, is listed in `allowedHosts` (entries normalised like URL hosts). */
export function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowedHosts.some((entry) => {
    const parsed = parseHostEntry(entry);
    return parsed !== null && parsed.host === url.hostname && (parsed.port === null || parsed.port === port);
  });
}

function parseHostEntry(entry: string): { host: string; port: string | null } | null {
  const text = entry.trim().toLowerCase();
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(text) ?? (isIP(text) === 6 ? [text, text, undefined] : /^([^:]+)(?::(\d+))?$/.exec(text));
  if (!m) return null;
  try {
    const host = new URL(`http://${isIP(m[1]!) === 6 ? `[${m[1]}]` : m[1]}/`).hostname;
    return { host, port: m[2] ?? null };
  } catch {
    return null;
  }
}
