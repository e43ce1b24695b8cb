/**
 * Every bus topic this project sends or answers, in one place.
 * Provider API: ovos-PHAL-plugin-tools (wire spec §4.4); per-toolbox API: ovos-plugin-manager `ToolBox.bind` (§2.2).
 */
export const Topics = {
  /** List every tool of every loaded toolbox. */
  toolsList: 'ovos.tools.list',
  /** Full spec of one tool: `{name}`. */
  toolsGet: 'ovos.tools.get',
  /** Invoke a tool: `{name, args}`. */
  toolsInvoke: 'ovos.tools.invoke',
  /** Rescan plugin roots and rebuild the registry. */
  toolsReload: 'ovos.tools.reload',
  /** Ranked tool search over what the caller may call: `{query, limit?, include_schema?, tags?}` (not in OVOS; issue 27). */
  toolsSearch: 'ovos.tools.search',
  /** One page of a result cut to the caller's `max_output_chars`: `{handle, offset?, limit?}` (not in OVOS; issue 27). */
  toolsResultGet: 'ovos.tools.result.get',
  /** Broadcast by the provider after a reload changed the registry (not in OVOS). */
  toolsChanged: 'ovos.tools.changed',
  /**
   * Broadcast by the provider when it stops serving the bus (not in OVOS): calls in flight may still be answered while
   * it drains; new requests are not. Clients waiting for an answer (the CLI) stop waiting soon after.
   */
  toolsStopped: 'ovos.tools.stopped',
  /** Every bound toolbox answers with its tools. */
  personaDiscover: 'ovos.persona.tools.discover',
} as const;

/** `ovos.persona.tools.<toolboxId>.call`: the per-toolbox call topic (`{name, kwargs}`). */
export function personaCallTopic(toolboxId: string): string {
  return `ovos.persona.tools.${toolboxId}.call`;
}

/** The response topic of a request topic: `<type>.response`. */
export function responseTopic(type: string): string {
  return `${type}.response`;
}
