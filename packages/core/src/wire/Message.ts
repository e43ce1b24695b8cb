import { frameRefusal } from './frameRefusal.js';
import { DEFAULT_FRAME_LIMITS, scanFrame, type FrameLimits } from './frameShape.js';
import { MalformedMessageError } from './MalformedMessageError.js';
import { copyWithinDepth, keysTooDeep, MAX_MESSAGE_DEPTH, nestsDeeperThan, shallowContext } from './nesting.js';
import { applyReplyRule, type ReplyOptions } from './replyContext.js';

/** A JSON object as it appears in a message's `data` or `context`. */
export type JsonObject = Record<string, unknown>;

/** Decodes binary frames (a `Buffer` is a `Uint8Array`); typed without Node's `Buffer` so authors need no `@types/node`. */
const utf8 = new TextDecoder('utf-8');

/**
 * The OVOS messagebus envelope `{type, data, context}` (wire spec §6.1, ovos-bus-client 1.3.x `Message`).
 *
 * `reply`/`response` follow deployed OVOS (ovos-bus-client 1.3.x) by default: the context is deep-copied and
 * updated with the `context` argument, `data.destination` (if any) becomes the context's `destination`, and
 * `source`/`destination` are swapped only when both are present. Session, `utterance_id`, `request_id` and every
 * other key pass through. The draft OVOS-MSG-1 rule is available with `{ rule: 'ovos-msg-1' }` (see {@link ReplyRule}).
 *
 * `data` and `context` may nest at most {@link MAX_MESSAGE_DEPTH} (64) levels: deeper frames are refused by
 * {@link Message.deserialize}, and `serialize`/`reply`/`response`/`forward` throw {@link MalformedMessageError} for
 * deeper in-process messages instead of overflowing the stack. All checks and copies run without recursion.
 */
export class Message {
  /** The message type (topic), e.g. `ovos.tools.invoke`. Python's `msg_type`. */
  type: string;
  data: JsonObject;
  context: JsonObject;

  /** Takes `data` and `context` as given (not copied, not checked); `null`/missing become `{}`. */
  constructor(type: string, data?: JsonObject | null, context?: JsonObject | null) {
    this.type = type;
    this.data = data ?? {};
    this.context = context ?? {};
  }

  /**
   * One compact JSON text with exactly the keys `type`, `data`, `context`, in that order.
   * Non-finite numbers (NaN, ±Infinity) become `null`, as with orjson-era OVOS.
   * @throws {@link MalformedMessageError} if data or context nest deeper than {@link MAX_MESSAGE_DEPTH} or hold a
   *   cycle; TypeError if they hold a BigInt.
   */
  serialize(): string {
    const err = this.checkDepth();
    if (err) throw err;
    return JSON.stringify({ type: this.type, data: this.data, context: this.context });
  }

  /**
   * Checks, without recursion, that `data` and `context` nest at most {@link MAX_MESSAGE_DEPTH} levels.
   * @returns `undefined` when they do, else the {@link MalformedMessageError} that `serialize` would throw.
   */
  checkDepth(): MalformedMessageError | undefined {
    for (const part of ['data', 'context'] as const) {
      if (nestsDeeperThan(this[part], MAX_MESSAGE_DEPTH)) {
        return new MalformedMessageError(
          `'${this.type}': "${part}" nests deeper than ${MAX_MESSAGE_DEPTH} levels or holds a cycle; send flatter data`,
        );
      }
    }
    return undefined;
  }

  /** The envelope as a plain object (used by `JSON.stringify`). */
  toJSON(): { type: string; data: JsonObject; context: JsonObject } {
    return { type: this.type, data: this.data, context: this.context };
  }

  /**
   * Parses one frame. Missing or `null` `data`/`context` become `{}`; other top-level keys are ignored. The text is
   * first read in one pass without parsing ({@link scanFrame}): a frame nesting deeper than {@link MAX_MESSAGE_DEPTH},
   * with an object of more than `limits.maxObjectKeys` keys or more than `limits.maxValues` values (default
   * `DEFAULT_FRAME_LIMITS`: 10,000 and 100,000), or a long one that is not an object, is refused before `JSON.parse`
   * sees it (parsing such frames cost seconds).
   * @throws {@link MalformedMessageError} when the frame is not an OVOS message (says which part is wrong). For a
   *   frame refused for its nesting or size, the error's `request` holds the type and the data and context keys
   *   that fit (too-deep and too-big keys dropped), so the owner of the topic can answer it.
   */
  static deserialize(raw: string | Uint8Array, limits: FrameLimits = DEFAULT_FRAME_LIMITS): Message {
    const text = typeof raw === 'string' ? raw : utf8.decode(raw);
    const shape = scanFrame(text);
    // a long frame that is not an object is refused unread; a short one is parsed for the precise JSON error
    if (!shape.object && text.length > 4096) throw new MalformedMessageError('frame must be a JSON object {"type", "data", "context"}');
    const refusal = frameRefusal(text, shape, limits);
    if (refusal) {
      const r = refusal.request;
      throw new MalformedMessageError(refusal.reason, r ? { request: new Message(r.type, r.data, r.context) } : {});
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new MalformedMessageError(`frame is not valid JSON: ${(err as Error).message}`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new MalformedMessageError('frame must be a JSON object {"type", "data", "context"}');
    }
    const o = parsed as Record<string, unknown>;
    if (typeof o.type !== 'string' || o.type === '') throw new MalformedMessageError('"type" must be a non-empty string');
    for (const key of ['data', 'context'] as const) {
      const v = o[key];
      if (v != null && (typeof v !== 'object' || Array.isArray(v))) throw new MalformedMessageError(`"${key}" must be an object`);
    }
    const message = new Message(o.type, o.data as JsonObject | null, o.context as JsonObject | null);
    // the scan measured the parsed text's nesting (a deeper frame was refused above): data and context are within
    // the limit, and walking them again would cost every received frame a second pass
    if (shape.depth <= MAX_MESSAGE_DEPTH + 1) return message;
    if (!nestsDeeperThan(message.data, MAX_MESSAGE_DEPTH) && !nestsDeeperThan(message.context, MAX_MESSAGE_DEPTH)) return message;
    const deep = [
      ...keysTooDeep(message.data, MAX_MESSAGE_DEPTH).map((k) => `data.${k}`),
      ...keysTooDeep(message.context, MAX_MESSAGE_DEPTH).map((k) => `context.${k}`),
    ];
    if (deep.length) {
      throw new MalformedMessageError(
        `'${message.type}': ${deep.join(', ')} nest${deep.length === 1 ? 's' : ''} deeper than ${MAX_MESSAGE_DEPTH} levels; send flatter data`,
        { request: new Message(message.type, shallowContext(message.data), shallowContext(message.context)) },
      );
    }
    return message;
  }

  /**
   * A new message of another type with this context and new data (default `{}`), like ovos-bus-client
   * `Message.forward`. The context is a deep copy (Python shares the dict; the frames are the same).
   * @throws {@link MalformedMessageError} (with `request`) when the context nests deeper than {@link MAX_MESSAGE_DEPTH}.
   */
  forward(type: string, data?: JsonObject | null): Message {
    return new Message(type, data ?? {}, this.copyContext());
  }

  /**
   * A reply: this context, deep-copied, with the `context` argument merged over it, then addressed by the reply
   * rule (default `'bus-client'`, ovos-bus-client 1.3.x: `data.destination` promoted, source/destination swapped
   * only when both exist; see {@link ReplyRule}). `data` is used as given.
   * @param context - keys merged over a copy of this message's context before the rule is applied.
   * @param options - `rule: 'ovos-msg-1'` for the draft OVOS-MSG-1 rule.
   * @throws {@link MalformedMessageError} (with `request`) when a context nests deeper than {@link MAX_MESSAGE_DEPTH};
   *   answer with {@link safeResponse} instead.
   */
  reply(type: string, data?: JsonObject | null, context?: JsonObject | null, options: ReplyOptions = {}): Message {
    const ctx = this.copyContext();
    if (context) {
      const extra = copyWithinDepth(context, MAX_MESSAGE_DEPTH);
      if (!extra) throw this.tooDeep('the context argument');
      Object.assign(ctx, extra);
    }
    const body = data ?? {};
    applyReplyRule(ctx, body, options.rule);
    return new Message(type, body, ctx);
  }

  /** `reply(this.type + ".response", data, context, options)`: how every request in this project is answered. */
  response(data?: JsonObject | null, context?: JsonObject | null, options: ReplyOptions = {}): Message {
    return this.reply(`${this.type}.response`, data, context, options);
  }

  private copyContext(): JsonObject {
    const ctx = copyWithinDepth(this.context, MAX_MESSAGE_DEPTH);
    if (!ctx) throw this.tooDeep('its context');
    return ctx === this.context ? { ...ctx } : ctx;
  }

  private tooDeep(what: string): MalformedMessageError {
    return new MalformedMessageError(
      `cannot reply to '${this.type}': ${what} nests deeper than ${MAX_MESSAGE_DEPTH} levels or holds a cycle; answer with safeResponse()`,
      { request: new Message(this.type, shallowContext(this.data), shallowContext(this.context)) },
    );
  }
}

/**
 * A `<type>.response` to `request` that a too-deep request context cannot break: built like
 * `request.response(data, undefined, options)` but from {@link shallowContext} of the request context (the keys
 * nesting too deep are dropped; `session`, `request_id`, `utterance_id`, `source`, `destination` are kept).
 * Use it to answer with an error when `response()` threw {@link MalformedMessageError}, or for a
 * `MalformedMessageError.request` from the bus. Never throws for the request's context.
 *
 * @example
 * bus.emit(safeResponse(request, { error: err.message, code: err.code }));
 */
export function safeResponse(request: Message, data: JsonObject, options: ReplyOptions = {}): Message {
  return new Message(request.type, {}, shallowContext(request.context)).response(data, undefined, options);
}
