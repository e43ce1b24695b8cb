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
} from '@ovos-tools/core';
import { TOOLS_HOST_KEY } from '../../federation/BusFederation.js';
import type { ToolService } from '../../service/ToolService.js';
import type { Caller } from '../../service/Caller.js';
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
  const { reply, answer } = busReplier(bus, logger);
  const fixed = fixedHandlers(service, callerOf, reply, answer);
  for (const [topic, handler] of fixed) bus.on(topic, handler);
  const perToolbox = perToolboxHandlers(bus, service, callerOf, answer);
  perToolbox.rebind();
  // a request to one of our topics that nests too deep to be read is answered with an error, never with silence
  const ours = (type: string) => fixed.some(([topic]) => topic === type) || perToolbox.serves(type);
  const unMalformed = bus.onMalformed?.((err) => answerMalformed(bus, logger, err.request, err.message, ours));
  const unsubscribe = service.onChange((change) => {
    perToolbox.rebind();
    broadcast(bus, logger, 'ovos.tools.changed', () => {
      const data: ToolsChangedEventData = { loaded: change.loaded, total_tools: change.totalTools, added: change.added, removed: change.removed, updated: change.updated, generation: change.generation };
      if (options.hostId) data[TOOLS_HOST_KEY] = options.hostId;
      return new Message(Topics.toolsChanged, data);
    });
  });

  return () => {
    unsubscribe();
    unMalformed?.();
    for (const [topic, handler] of fixed) bus.off(topic, handler);
    perToolbox.clear();
    // clients waiting for an answer learn at once that this provider takes no more requests
    broadcast(bus, logger, 'ovos.tools.stopped', () => new Message(Topics.toolsStopped, options.hostId ? { [TOOLS_HOST_KEY]: options.hostId } : {}));
  };
}

type Reply = (message: Message, data: JsonObject) => void;
type Answer = (build: (message: Message) => JsonObject | Promise<JsonObject>, onError?: (data: JsonObject) => JsonObject) => BusHandler;

/**
 * How every request is answered: exactly one `message.response(data)` (from the context's shallow keys when it cannot
 * be copied); `answer(build)` turns a payload builder into a handler whose failure still answers `{error, code: "internal"}`.
 */
function busReplier(bus: Bus, logger: Logger): { reply: Reply; answer: Answer } {
  const reply: Reply = (message, data) => {
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
  const answer: Answer =
    (build, onError = () => ({})) =>
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
  return { reply, answer };
}

const ctx = (m: Message): JsonObject => m.context ?? {};
const servedBy = (service: ToolService) => service.toolboxes().filter((t) => t.kind !== 'bus');

/** The handlers of the fixed topics (`ovos.tools.*`, discover, the static call topic). */
function fixedHandlers(service: ToolService, callerOf: (m: Message) => Caller, reply: Reply, answer: Answer): Array<[string, BusHandler]> {
  return [
    // list, get and search that arrive while the toolboxes load wait for them inside the service (its bound), as invoke does
    [Topics.toolsList, answer((m) => listToolsPayload(service, m.data ?? {}, callerOf(m)), () => ({ tools: [] }))],
    [Topics.toolsGet, answer((m) => getToolPayload(service, m.data ?? {}, callerOf(m)))],
    [Topics.toolsInvoke, answer((m) => invokeToolPayload(service, m.data ?? {}, ctx(m), callerOf(m)), (data) => ({ name: data.name ?? '' }))],
    [Topics.toolsSearch, answer((m) => searchPayload(service, m.data ?? {}, callerOf(m)), (data) => ({ query: data.query ?? null, tools: [], total: 0 }))],
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
        const listed = await service.list({ caller: callerOf(m) });
        if (!listed.ok) return; // still loading after the service's bound: no toolbox to answer for yet
        const entries = listed.entries;
        for (const t of servedBy(service)) reply(m, discoverPayload(t.toolboxId, entries.filter((e) => e.toolboxId === t.toolboxId)));
      },
    ],
    [
      STATIC_CALL_TOPIC,
      async (m: Message) => {
        // local toolboxes and remote ones we federate (which do not know this draft topic); others: stay silent (OVOS-TOOLS-1)
        if (checkPayload(StaticToolboxCallRequest, m.data ?? {})) return;
        // the toolboxes this provider serves are known once the first load is done (the service's list waits for it)
        await service.list({ caller: callerOf(m) });
        const id = m.data.toolbox_id as string;
        if (!service.toolboxes().some((t) => t.toolboxId === id)) return;
        await answer((msg) => toolboxCallPayload(service, id, msg.data ?? {}, ctx(msg), callerOf(msg)), () => ({ toolbox_id: id }))(m);
      },
    ],
  ];
}

/**
 * The per-toolbox call topics (`ovos.persona.tools.<toolbox_id>.call`) of the toolboxes served here: `rebind()` binds
 * the new ones and unbinds the gone ones in one synchronous step (two generations never answer together).
 */
function perToolboxHandlers(bus: Bus, service: ToolService, callerOf: (m: Message) => Caller, answer: Answer) {
  const handlers = new Map<string, BusHandler>();
  return {
    rebind() {
      const ids = new Set(servedBy(service).map((t) => t.toolboxId));
      for (const [id, handler] of handlers) {
        if (ids.has(id)) continue;
        bus.off(personaCallTopic(id), handler);
        handlers.delete(id);
      }
      for (const id of ids) {
        if (handlers.has(id)) continue;
        const handler = answer((m) => toolboxCallPayload(service, id, m.data ?? {}, ctx(m), callerOf(m)), () => ({ toolbox_id: id }));
        handlers.set(id, handler);
        bus.on(personaCallTopic(id), handler);
      }
    },
    serves: (type: string) => [...handlers.keys()].some((id) => personaCallTopic(id) === type),
    clear() {
      for (const [id, handler] of handlers) bus.off(personaCallTopic(id), handler);
      handlers.clear();
    },
  };
}

/** A request to one of our topics that nests too deep to be read: answered with the error, in the topic's answer shape. */
function answerMalformed(bus: Bus, logger: Logger, request: Message | undefined, why: string, ours: (type: string) => boolean): void {
  if (!request || !ours(request.type) || request.type === Topics.personaDiscover) return;
  const data: JsonObject = { ...wireErrors.unreadableRequest(why) };
  if (request.type === Topics.toolsInvoke) data.name = request.data.name ?? '';
  if (request.type === Topics.toolsSearch) Object.assign(data, { query: null, tools: [], total: 0 });
  if (request.type === Topics.toolsResultGet) data.handle = null;
  try {
    bus.emit(safeResponse(request, data));
  } catch (e) {
    logger.error(`could not answer a malformed ${request.type}`, e);
  }
}

/** Emits a broadcast, logging (never throwing) when it cannot be sent. */
function broadcast(bus: Bus, logger: Logger, what: string, message: () => Message): void {
  try {
    bus.emit(message());
  } catch (err) {
    logger.error(`could not broadcast ${what}`, err);
  }
}
