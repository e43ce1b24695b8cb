import type { JsonObject } from '@ovos-tools/core';

/**
 * The parts of the `peer` HiveMind (hivemind-core 4.x) stamps on every message a satellite sends onto the
 * messagebus: `context.peer` = `context.source` = `<useragent>::<client_id>::<client name>::<session_id>`,
 * overwriting whatever the satellite wrote there.
 */
export interface HiveMindPeer {
  /** The whole `peer` as stamped, e.g. `HiveMind-voice-sat::7::kitchen::3f6c…`. */
  peer: string;
  /** The satellite software's user agent (changes with its version, so not part of the identity). */
  useragent: string;
  /** The client's id in HiveMind's database (`hivemind-core add-client` prints it as "Node ID"). */
  clientId: string;
  /** The client's name in HiveMind's database (may itself contain `::`). */
  name: string;
  /** The satellite's session id (a new one per connection or conversation: not part of the identity). */
  sessionId: string;
  /**
   * The stable identity, `<client_id>::<client name>`: both come from HiveMind's own database, so a satellite
   * cannot choose them; agents are matched by it (`"hivemind": {"client": "7::kitchen"}`).
   */
  client: string;
}

/** Where a request came from, when HiveMind relayed it: the peer it stamped, parsed when it has the 4.x form. */
export interface HiveMindOrigin {
  /** `context.peer` as received (a JSON text when it was not a string). */
  peer: string;
  /** The parsed peer, or `undefined` when it is not in the form `<useragent>::<client_id>::<name>::<session_id>`. */
  parsed: HiveMindPeer | undefined;
}

/**
 * Parses a HiveMind `peer` of the form `<useragent>::<client_id>::<client name>::<session_id>` (hivemind-core 4.x).
 * The useragent is the first part, the client id the second, the session id the last; the name is everything
 * between (so a name containing `::` survives). Every part must be non-empty.
 * @returns the parts, or `undefined` for any other form (fewer than four parts, an empty part).
 */
export function parseHiveMindPeer(peer: string): HiveMindPeer | undefined {
  const parts = peer.split('::');
  if (parts.length < 4 || parts.some((p) => p === '')) return undefined;
  const useragent = parts[0]!;
  const clientId = parts[1]!;
  const sessionId = parts[parts.length - 1]!;
  const name = parts.slice(2, -1).join('::');
  return { peer, useragent, clientId, name, sessionId, client: `${clientId}::${name}` };
}

/**
 * Whether HiveMind relayed a message, from its context: HiveMind sets `context.peer` (and `context.source`, to the
 * same value) on every message a satellite injects, and keeps `peer` on everything the OVOS stack derives from it
 * (`message.reply`/`forward` copy the context). Any non-empty `peer` counts, parsed or not: a message that claims to
 * come through HiveMind is never treated as the operator's. A plain bus client can write `peer` too (the bus has no
 * authentication), which only ever narrows what it may do to what that satellite may.
 * @returns the origin, or `undefined` when the context names no peer.
 */
export function hivemindOrigin(context: JsonObject | undefined): HiveMindOrigin | undefined {
  const raw = context?.peer;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const peer = typeof raw === 'string' ? raw : JSON.stringify(raw);
  return { peer, parsed: typeof raw === 'string' ? parseHiveMindPeer(raw) : undefined };
}
