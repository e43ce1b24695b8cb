import type { JsonObject } from '@ovos-tools/core';

/** A bus that hands out every incoming frame's text (`MessageBusClient` and the in-process attachment do). */
export interface RawFrameSource {
  /** Registers a raw-frame handler: called with the text of every frame that parsed as an OVOS message. */
  on(type: 'message', handler: (frame: string) => void): void;
  /** Removes a raw-frame handler. */
  off(type: 'message', handler: (frame: string) => void): void;
}

/** One message on a tools topic, as the inspector's live view shows it. */
export interface TrafficEvent {
  /** When this process received it (ISO 8601). */
  time: string;
  /** The OVOS message type, e.g. `ovos.tools.invoke` or `ovos.tools.invoke.response`. */
  type: string;
  /** The message's `data`, as sent. */
  data: JsonObject;
  /** The message's `context` (session, request_id, traceparent…), as sent. */
  context: JsonObject;
}

/** The topics the live view shows: the provider's API and the per-toolbox persona topics. */
export function isToolsTopic(type: string): boolean {
  return type.startsWith('ovos.tools.') || type.startsWith('ovos.persona.tools.');
}

/**
 * The tools-topic traffic a bus connection sees, fanned out to live subscribers (the inspector's event streams).
 * It listens to the bus only while someone subscribes, so the hot path pays nothing when no page watches (a raw
 * listener makes the bus parse every frame). Subscribers get events in the order the bus delivered them.
 */
export class BusTrafficFeed {
  private readonly subscribers = new Set<(event: TrafficEvent) => void>();
  private readonly onFrame = (frame: string): void => {
    let parsed: { type?: unknown; data?: unknown; context?: unknown };
    try {
      parsed = JSON.parse(frame) as typeof parsed;
    } catch {
      return; // the bus passes only frames that parsed; nothing to show otherwise
    }
    if (typeof parsed.type !== 'string' || !isToolsTopic(parsed.type)) return;
    const event: TrafficEvent = {
      time: new Date().toISOString(),
      type: parsed.type,
      data: (parsed.data ?? {}) as JsonObject,
      context: (parsed.context ?? {}) as JsonObject,
    };
    for (const subscriber of [...this.subscribers]) subscriber(event);
  };

  constructor(private readonly bus: RawFrameSource) {}

  /** Live subscribers now. */
  get size(): number {
    return this.subscribers.size;
  }

  /** Calls `subscriber` with every tools-topic message from now on. Returns the unsubscribe function. */
  subscribe(subscriber: (event: TrafficEvent) => void): () => void {
    if (this.subscribers.size === 0) this.bus.on('message', this.onFrame);
    this.subscribers.add(subscriber);
    return () => {
      if (!this.subscribers.delete(subscriber)) return;
      if (this.subscribers.size === 0) this.bus.off('message', this.onFrame);
    };
  }
}
