import {
  checkPayload,
  Message,
  personaCallTopic,
  safeResponse,
  StaticToolboxCallRequest,
  toWireError,
  Topics,
  type Bus,
  type BusHandler,
  type JsonObject,
  type Logger,
  type ToolsChangedEventData,
  type WireError,
} from '@ovos-tools/core';
import { TOOLS_HOST_KEY } from '../../federation/BusFederation.js';
import type { Caller, ToolService } from '../../service/ToolService.js';
import { withBusSession } from './busCaller.js';
import { discoverPayload, getToolPayload, invokeToolPayload, listToolsPayload, reloadPayload, resultPagePayload, searchPayload, toolboxCallPayload } from './payloads.js';
import { wireErrors } from '../../service/wireErrors.js';


/** The OVOS-TOOLS-1 static call topic: `{toolbox_id, name, kwargs}`; a host stays silent for toolboxes it does not serve. */
export const STATIC_CALL_TOPIC = 'ovos.persona.tools.call';

/** What {@link registerOvosBus} needs beside the bus and the service. */
export interface OvosBusOptions {
  /** Where handler failures are logged. */
  logger: Logger;
  /**
   * Who a bus request acts for; default an anonymous `ovos-bus` caller (the bus has no authentication). The message's
   * OVOS session (`context.session.session_id`) is added when the caller names none (it scopes result handles).
   */
  callerOf?: (message: Message) => Caller;
  /**
   * Sent as `tools_host` in the data of this provider's `ovos.tools.changed` and `ovos.tools.stopped` broadcasts (its
   * own federation ignores its own changes). Discover answers carry no stamp: they are exactly a Python ToolBox's.
   */
  hostId?: string;
}

/**
 * The OVOS messagebus transport over the {@link ToolService}: answers `ovos.tools.list/get/invoke/reload`
 * (ovos-PHAL-plugin-tools), `ovos.tools.search` and `ovos.tools.result.get` (issue 27), and — on behalf of every toolbox it serves, whatever its host — the per-toolbox
 * topics `ovos.persona.tools.discover` and `ovos.persona.tools.<toolbox_id>.call` (OPM `ToolBox.bind`) plus
 * OVOS-TOOLS-1's `ovos.persona.tools.call`, all through the same permissions and policy. Broadcasts
 * `ovos.tools.changed` after every catalog change and re-binds the per-toolbox topics in the same synchronous step,
 * so two generations never answer together. Toolboxes that live elsewhere on the bus (kind `bus`) answer their own
 * topics and are not answered here. Every request gets exactly one `message.response(...)`; a handler failure still
 * answers with `{error, code: "internal"}`. Returns the unregister function, which broadcasts `ovos.tools.stopped`.
 */
export function registerOvosBus(bus: Bus, service: ToolService, options: OvosBusOptions): () => void {
  const { logger } = options;
  const baseCallerOf = options.callerOf ?? (() => ({ transport: 'ovos-bus' }) as Caller);
  const callerOf = (m: Message): Caller => withBusSession(baseCallerOf(m), m.context);
  const reply = (message: Message, data: JsonObject) => {
    try {
      bus.emit(message.response(data));
    } catch (err) {
      // a context that cannot be copied (too deep, cyclic): answer from its shallow keys only
      logger.warn(`could not copy the context of ${message.type}; answering from its shallow keys: ${(err as Error)?.message}`);
      try {
        bus.emit(safeResponse(message, data));
      } catch (err2) {
        logger.error(`could not send ${message.type}.response`, err2);
      }
    }
  };
  const answer =
    (build: (message: Message) => JsonObject | Promise<JsonObject>, onError: (data: JsonObject) => JsonObject = () => ({})): BusHandler =>
    async (message: Message) => {
      let data: JsonObject;
      try {
        data = await build(message);
      } catch (err) {
        logger.error(`handler for ${message.type} failed`, err);
        data = { ...onError(message.data ?? {}), ...toWireError(err) };
      }
      reply(message, data);
    };
  const ctx = (m: Message): JsonObject => m.context ?? {};
  const served = () => service.toolboxes().filter((t) => t.kind !== 'bus');

  /** The answer's empty fields with the service's first-load error, or `undefined` when the service is ready. */
  const loading = (notReady: WireError | undefined, empty: JsonObject): JsonObject | undefined => (notReady ? { ...empty, error: notReady.error, code: notReady.code } : undefined);
  const fixed: Array<[string, BusHandler]> = [
    // list, get and search that arrive while the toolboxes load wait for them (the service's bound), as invoke does
    [Topics.toolsList, answer(async (m) => loading(await service.ready(), { tools: [] }) ?? listToolsPayload(service, m.data ?? {}, callerOf(m)), () => ({ tools: [] }))],
    [Topics.toolsGet, answer(async (m) => loading(await service.ready(), {}) ?? getToolPayload(service, m.data ?? {}, callerOf(m)))],
    [Topics.toolsInvoke, answer((m) => invokeToolPayload(service, m.data ?? {}, ctx(m), callerOf(m)), (data) => ({ name: data.name ?? '' }))],
    [Topics.toolsSearch, answer(async (m) => loading(await service.ready(), { query: m.data?.query ?? null, tools: [], total: 0 }) ?? searchPayload(service, m.data ?? {}, callerOf(m)), (data) => ({ query: data.query ?? null, tools: [], total: 0 }))],
    [Topics.toolsResultGet, answer((m) => resultPagePayload(service, m.data ?? {}, callerOf(m)), (data) => ({ handle: data.handle ?? null }))],
    [
      Topics.toolsReload,
      answer(
        async (m) => {
          const caller = callerOf(m);
          const outcome = await service.reload(caller);
          return outcome.ok ? reloadPayload(outcome.report, service, caller) : { loaded: [], total_tools: 0, ...outcome.error };
        },
        () => ({ loaded: [], total_tools: 0 }),
      ),
    ],
    [
      Topics.personaDiscover,
      async (m: Message) => {
        await service.ready();
        const caller = callerOf(m);
        const entries = service.list({ caller });
        for (const t of served()) reply(m, discoverPayload(t.toolboxId, entries.filter((e) => e.toolboxId === t.toolboxId)));
      },
    ],
    [
      STATIC_CALL_TOPIC,
      async (m: Message) => {
        // local toolboxes and remote ones we federate (which do not know this draft topic); others: stay silent (OVOS-TOOLS-1)
        if (checkPayload(StaticToolboxCallRequest, m.data ?? {})) return;
        await service.ready();
        const id = m.data.toolbox_id as string;
        if (!service.toolboxes().some((t) => t.toolboxId === id)) return;
        await answer((msg) => toolboxCallPayload(service, id, msg.data ?? {}, ctx(msg), callerOf(msg)), () => ({ toolbox_id: id }))(m);
      },
    ],
  ];
  for (const [topic, handler] of fixed) bus.on(topic, handler);

  const perToolbox = new Map<string, BusHandler>();
  const rebind = () => {
    const ids = new Set(served().map((t) => t.toolboxId));
    for (const [id, handler] of perToolbox) {
      if (ids.has(id)) continue;
      bus.off(personaCallTopic(id), handler);
      perToolbox.delete(id);
    }
    for (const id of ids) {
      if (perToolbox.has(id)) continue;
      const handler = answer((m) => toolboxCallPayload(service, id, m.data ?? {}, ctx(m), callerOf(m)), () => ({ toolbox_id: id }));
      perToolbox.set(id, handler);
      bus.on(personaCallTopic(id), handler);
    }
  };
  rebind();
  // a request to one of our topics that nests too deep to be read is answered with an error, never with silence
  const ours = (type: string) => fixed.some(([topic]) => topic === type) || [...perToolbox.keys()].some((id) => personaCallTopic(id) === type);
  const unMalformed = bus.onMalformed?.((err) => {
    const request = err.request;
    if (!request || !ours(request.type) || request.type === Topics.personaDiscover) return;
    const data: JsonObject = { ...wireErrors.unreadableRequest(err.message) };
    if (request.type === Topics.toolsInvoke) data.name = request.data.name ?? '';
    if (request.type === Topics.toolsSearch) Object.assign(data, { query: null, tools: [], total: 0 });
    if (request.type === Topics.toolsResultGet) data.handle = null;
    try {
      bus.emit(safeResponse(request, data));
    } catch (e) {
      logger.error(`could not answer a malformed ${request.type}`, e);
    }
  });
  const unsubscribe = service.onChange((change) => {
    rebind();
    try {
      const data: ToolsChangedEventData = {
        loaded: change.loaded,
        total_tools: change.totalTools,
        added: change.added,
        removed: change.removed,
        updated: change.updated,
        generation: change.generation,
      };
      if (options.hostId) data[TOOLS_HOST_KEY] = options.hostId;
      bus.emit(new Message(Topics.toolsChanged, data));
    } catch (err) {
      logger.error('could not broadcast ovos.tools.changed', err);
    }
  });

  return () => {
    unsubscribe();
    unMalformed?.();
    for (const [topic, handler] of fixed) bus.off(topic, handler);
    for (const [id, handler] of perToolbox) bus.off(personaCallTopic(id), handler);
    perToolbox.clear();
    // clients waiting for an answer learn at once that this provider takes no more requests
    try {
      bus.emit(new Message(Topics.toolsStopped, options.hostId ? { [TOOLS_HOST_KEY]: options.hostId } : {}));
    } catch (err) {
      logger.error('could not broadcast ovos.tools.stopped', err);
    }
  };
}

