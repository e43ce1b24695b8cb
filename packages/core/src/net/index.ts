/**
 * @ovos-tools/core/net — Node-only, SSRF-safe outbound HTTP shared by toolboxes that reach the network
 * (`fetch_url` of toolbox-web, the config-declared HTTP tools of toolbox-http): the special-purpose address
 * blocklist, the URL policy that resolves and pins addresses, and a GET/POST that re-checks every redirect hop
 * and caps the body.
 */
export { classifyAddress, parseIPv6, BLOCKED_ADDRESS_RANGES } from './addressPolicy.js';
export type { BlockedRange } from './addressPolicy.js';
export { checkTarget, DEFAULT_REFUSAL_HINT, FetchRefusedError, isAllowedHost, systemResolver } from './urlPolicy.js';
export type { CheckedTarget, HostResolver, ResolvedAddress, UrlPolicy } from './urlPolicy.js';
export { safeGet, safeRequest } from './safeRequest.js';
export type { SafeGetOptions, SafeRequestOptions, SafeResponse } from './safeRequest.js';
