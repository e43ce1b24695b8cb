import { toWireError, Topics, type Bus, type BusHandler, type JsonObject, type Message } from '@ovos-tools/core';
import type { ToolsProvider } from '../ToolsProvider.js';
import { getToolResponse } from './getTool.js';
import { invokeToolResponse } from './invokeTool.js';
import { listToolsResponse } from './listTools.js';
import { reloadToolsResponse } from './reloadTools.js';

/**
 * Registers the four provider topics on `bus`; every request gets exactly one `message.response(...)`
 * (context preserved, source/destination swapped). A handler failure still answers, with
 * `{error: "<ErrorClass>: <message>", code: "internal"}` (and `name` on invoke). Returns the unregister function.
 */
export function registerBusApi(bus: Bus, provider: ToolsProvider): () => void {
  const answer =
    (build: (data: JsonObject) => JsonObject | Promise<JsonObject>, onError: (data: JsonObject) => JsonObject = () => ({})): BusHandler =>
    async (message: Message) => {
      let reply: JsonObject;
      try {
        reply = await build(message.data ?? {});
      } catch (err) {
        provider.logger.error(`handler for ${message.type} failed`, err);
        reply = { ...onError(message.data ?? {}), ...toWireError(err) };
      }
      try {
        bus.emit(message.response(reply));
      } catch (err) {
        provider.logger.error(`could not send ${message.type}.response`, err);
      }
    };
  const handlers: Array<[string, BusHandler]> = [
    [Topics.toolsList, answer((data) => listToolsResponse(provider.registry, data), () => ({ tools: [] }))],
    [Topics.toolsGet, answer((data) => getToolResponse(provider.registry, data))],
    [Topics.toolsInvoke, answer((data) => invokeToolResponse(provider, data), (data) => ({ name: data.name ?? '' }))],
    [Topics.toolsReload, answer(() => reloadToolsResponse(provider), () => ({ loaded: [], total_tools: 0 }))],
  ];
  for (const [topic, handler] of handlers) bus.on(topic, handler);
  return () => {
    for (const [topic, handler] of handlers) bus.off(topic, handler);
  };
}
