import { randomUUID } from 'node:crypto';
import type { Message } from '../wire/Message.js';

/**
 * The context key that correlates a request with its response: `context.request_id`.
 * `waitForResponse` stamps a fresh id on a request that has none; every responder that answers with
 * `message.response(...)` copies the context, so the reply carries the same id back. A reply whose context has
 * a different id is not the answer to this request; one with no id at all (a responder that drops context)
 * is accepted by type alone, as OVOS does.
 */
export const REQUEST_ID_KEY = 'request_id';

/** Ensures `message.context.request_id` is set (a random UUID if absent) and returns it. Mutates the message. */
export function stampRequestId(message: Message): string {
  const existing = message.context[REQUEST_ID_KEY];
  if (typeof existing === 'string' && existing) return existing;
  const id = randomUUID();
  message.context[REQUEST_ID_KEY] = id;
  return id;
}

/** True when `reply` may answer the request with id `requestId`: same id, or no id at all on the reply. */
export function isReplyTo(requestId: string, reply: Message): boolean {
  const got = reply.context[REQUEST_ID_KEY];
  return got === undefined || got === requestId;
}

/** The reply types for a request: the given one(s), or `<type>.response`. */
export function replyTypes(message: Message, replyType?: string | readonly string[]): string[] {
  if (replyType === undefined) return [`${message.type}.response`];
  return typeof replyType === 'string' ? [replyType] : [...replyType];
}
