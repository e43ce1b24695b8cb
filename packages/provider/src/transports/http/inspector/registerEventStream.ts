import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessDecision } from '../../../service/AccessDecision.js';
import type { Caller } from '../../../service/Caller.js';
import type { Refusal } from '../../../service/Refusal.js';
import { sendRefusal } from '../refusalReply.js';
import type { BusTrafficFeed, TrafficEvent } from './BusTrafficFeed.js';

/** The path of the live bus-traffic stream. */
export const EVENTS_PATH = '/internal/events';

/** Limits of {@link registerEventStream}. */
export interface EventStreamLimits {
  /** Streams open at once; more are answered 503 `overloaded`. Default 4. */
  maxStreams?: number;
  /** Bytes a stream may have unsent before events are dropped (and then counted in a `dropped` event). Default 256 KiB. */
  maxBufferedBytes?: number;
  /** A comment line every this many ms keeps proxies from closing an idle stream. Default 15000. */
  heartbeatMs?: number;
}

/**
 * `GET /internal/events`: the tools-topic traffic of the provider's messagebus connection as server-sent events
 * (`text/event-stream`), for the inspector's live view. Each message is one `data:` line with the JSON
 * `{time, type, data, context}` (see {@link TrafficEvent}); a stream that cannot keep up loses events and is told how
 * many in an `event: dropped` with `{"dropped": N}` once it has caught up; `: ping` comments every `heartbeatMs`.
 * Operator only (the stream shows every caller's arguments and results): `refusalOf` (the service's access control,
 * action `events`) refuses every agent, 403 `forbidden`. Without a bus: 404 `not_found`. Streams end when the server closes.
 */
export function registerEventStream(
  app: FastifyInstance,
  feed: BusTrafficFeed | undefined,
  refusalOf: (req: FastifyRequest) => Refusal | undefined,
  limits: EventStreamLimits = {},
): void {
  const maxStreams = limits.maxStreams ?? 4;
  const maxBuffered = limits.maxBufferedBytes ?? 256 * 1024;
  const heartbeatMs = limits.heartbeatMs ?? 15_000;
  const open = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const end of [...open]) end();
    done();
  });

  app.get(EVENTS_PATH, { schema: { summary: 'Live tools-topic traffic of the messagebus, as server-sent events (operator only)', security: [{ internalSecret: [] }, { bearer: [] }] } }, async (req, reply) => {
    const refused = refusalOf(req);
    if (refused) return sendRefusal(reply, refused);
    if (!feed) return sendRefusal(reply, { error: { error: 'no messagebus is attached to this HTTP server (run it with `ovos-tools serve --http`)', code: 'not_found' } });
    if (open.size >= maxStreams) {
      return sendRefusal(reply, { error: { error: `${maxStreams} bus traffic streams are open already; close one (another inspector tab) and retry`, code: 'overloaded' } });
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', connection: 'keep-alive' });
    res.write('retry: 3000\n\n');
    let dropped = 0;
    const send = (event: TrafficEvent): void => {
      if (res.writableLength > maxBuffered) {
        dropped++;
        return;
      }
      if (dropped > 0) {
        res.write(`event: dropped\ndata: {"dropped":${dropped}}\n\n`);
        dropped = 0;
      }
      res.write(`data: ${JSON.stringify(event)}\n\n`); // JSON text has no raw line breaks, so one data line
    };
    const unsubscribe = feed.subscribe(send);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), heartbeatMs);
    heartbeat.unref();
    const end = (): void => {
      if (!open.delete(end)) return;
      clearInterval(heartbeat);
      unsubscribe();
      res.end();
    };
    open.add(end);
    res.once('close', end); // the client went away (or the server ended the stream)
  });
}
