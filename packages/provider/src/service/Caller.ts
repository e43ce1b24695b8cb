/**
 * Who is asking: the transport a request came in on and, when known, the agent it acts for. HTTP and MCP-over-HTTP
 * take `agentId` from the request's credential (never from its body); on the OVOS bus, which has no
 * authentication, it may come from a context field and is advisory unless the bus secret is set; a request HiveMind
 * relayed from a satellite acts for the agent declared for that HiveMind client (`satellite`).
 */
export interface Caller {
  /** The transport the request came in on. */
  transport: 'ovos-bus' | 'mcp' | 'http' | 'in-process';
  /** The agent the request acts for (HTTP/MCP: from the credential; a HiveMind satellite: its declared agent), when known. */
  agentId?: string;
  /**
   * The conversation the request belongs to, when the transport knows one: the MCP session (over stdio, the
   * connection), the OVOS `context.session.session_id`. It scopes the result handles of a caller without an agent
   * (see `resultOwner`); it never grants anything.
   */
  session?: string;
  /**
   * Set when HiveMind relayed the request onto the messagebus: the `peer` it stamped and, when that parsed, the
   * stable client key `<client_id>::<client name>`. A satellite acts for the agent whose `hivemind.client` is that
   * key (`agentId`); one without such an agent may do nothing, and a satellite never has operator rights.
   */
  satellite?: SatelliteOrigin;
  /**
   * Set by a transport when the request presented the operator secret (HTTP, MCP over HTTP). The operator may act
   * for a named agent (`agent_id`, see `actingFor`): that agent's rules then apply, and an agent not declared under
   * `agents` gets toolcore's rule (every tool whose `allowed_agents` is null or names it).
   */
  operator?: boolean;
  /**
   * Set by access (`doorCaller`) on a request that came through an HTTP door (the HTTP API, MCP over HTTP)
   * presenting no credential: that door's exposure. Access control trusts such an anonymous caller as the operator
   * only on a `loopback` door (bound to loopback, no credential configured); any other exposure refuses it.
   */
  door?: 'loopback' | 'credential' | 'open';
}

/** Which HiveMind satellite a request came from (see {@link Caller.satellite}). */
export interface SatelliteOrigin {
  /** `context.peer` as HiveMind stamped it: `<useragent>::<client_id>::<client name>::<session_id>`. */
  peer: string;
  /** `<client_id>::<client name>`, the part of `peer` that stays the same across sessions; absent when `peer` did not parse. */
  client?: string;
}
