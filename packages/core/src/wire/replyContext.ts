import type { JsonObject } from './Message.js';

/**
 * How `Message.reply`/`response` address a reply:
 * - `'bus-client'` (the default): the deployed OVOS rule of ovos-bus-client 1.3.x `Message.reply` (wire spec §6.3,
 *   "OLD"). A `destination` key in the reply's `data` is copied into the context; then `source` and `destination`
 *   are swapped **only when the context has both** (lists are swapped as they are). A context with only one of them,
 *   or neither, passes through unchanged.
 * - `'ovos-msg-1'`: the draft OVOS-MSG-1 §5.2 rule of ovos-spec-tools (2026): if the context has a `destination`,
 *   the reply's `source` becomes it (its first element when it is a non-empty list); if it has a `source`, the
 *   reply's `destination` becomes it. `data.destination` is not promoted. Not deployed with ovos-bus-client 1.3.x.
 */
export type ReplyRule = 'bus-client' | 'ovos-msg-1';

/** The reply rule used when none is given: `'bus-client'`, what deployed OVOS (ovos-bus-client 1.3.x) does. */
export const DEFAULT_REPLY_RULE: ReplyRule = 'bus-client';

/** Options of `Message.reply` / `Message.response`. */
export interface ReplyOptions {
  /** How source and destination are derived; default {@link DEFAULT_REPLY_RULE} (`'bus-client'`). */
  rule?: ReplyRule;
}

/**
 * Applies `rule` to `ctx` (a private copy of the request context with the caller's context merged in), in place,
 * assigning into existing keys so their order is kept (`{"source":"cli","destination":"phal",…}` becomes
 * `{"source":"phal","destination":"cli",…}`, byte for byte as ovos-bus-client writes it).
 *
 * @param data - the reply data (read only; `'bus-client'` promotes its `destination` key).
 */
export function applyReplyRule(ctx: JsonObject, data: JsonObject, rule: ReplyRule = DEFAULT_REPLY_RULE): void {
  if (rule === 'ovos-msg-1') {
    const src = ctx.source;
    const dst = ctx.destination;
    if (dst !== undefined && dst !== null) ctx.source = Array.isArray(dst) ? (dst.length ? dst[0] : dst) : dst;
    if (src !== undefined && src !== null) ctx.destination = src;
    return;
  }
  if (rule !== 'bus-client') throw new RangeError(`unknown reply rule '${String(rule)}'; use 'bus-client' or 'ovos-msg-1'`);
  if (Object.hasOwn(data, 'destination')) ctx.destination = data.destination;
  if (Object.hasOwn(ctx, 'source') && Object.hasOwn(ctx, 'destination')) {
    const s = ctx.destination;
    ctx.destination = ctx.source;
    ctx.source = s;
  }
}
