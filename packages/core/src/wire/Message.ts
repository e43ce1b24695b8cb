/** A JSON object as it appears in a message's `data` or `context`. */
export type JsonObject = Record<string, unknown>;

/**
 * Thrown by {@link Message.deserialize} for a frame that is not an OVOS message: not JSON, not an
 * object, a missing or non-string `type`, or `data`/`context` that are not objects. `code` is `malformed_message`.
 */
export class MalformedMessageError extends Error {
  readonly code = 'malformed_message';
  constructor(message: string) {
    super(message);
    this.name = 'MalformedMessageError';
  }
}

/** Decodes binary frames (a `Buffer` is a `Uint8Array`); typed without Node's `Buffer` so authors need no `@types/node`. */
const utf8 = new TextDecoder('utf-8');

/**
 * The OVOS messagebus envelope `{type, data, context}` (wire spec §6.1, OVOS-MSG-1).
 *
 * `reply`/`response` follow the newest OVOS behaviour (ovos-spec-tools `Message.reply`, OVOS-MSG-1 §5.2):
 * the context is deep-copied and updated with the `context` argument; then, if it had a `destination`,
 * the reply's `source` becomes that destination (its first element when it is a non-empty list), and if it
 * had a `source`, the reply's `destination` becomes that source. Session and every other key pass through.
 */
export class Message {
  /** The message type (topic), e.g. `ovos.tools.invoke`. Python's `msg_type`. */
  type: string;
  data: JsonObject;
  context: JsonObject;

  constructor(type: string, data?: JsonObject | null, context?: JsonObject | null) {
    this.type = type;
    this.data = data ?? {};
    this.context = context ?? {};
  }

  /**
   * One compact JSON text with exactly the keys `type`, `data`, `context`, in that order.
   * Non-finite numbers (NaN, ±Infinity) become `null`, as with orjson-era OVOS.
   * @throws TypeError if data or context hold a BigInt or a cycle.
   */
  serialize(): string {
    return JSON.stringify({ type: this.type, data: this.data, context: this.context });
  }

  /** The envelope as a plain object (used by `JSON.stringify`). */
  toJSON(): { type: string; data: JsonObject; context: JsonObject } {
    return { type: this.type, data: this.data, context: this.context };
  }

  /**
   * Parses one frame. Missing or `null` `data`/`context` become `{}`; other top-level keys are ignored.
   * @throws {@link MalformedMessageError} when the frame is not an OVOS message (says which part is wrong).
   */
  static deserialize(raw: string | Uint8Array): Message {
    let parsed: unknown;
    try {
      parsed = JSON.parse(typeof raw === 'string' ? raw : utf8.decode(raw));
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
    return new Message(o.type, o.data as JsonObject | null, o.context as JsonObject | null);
  }

  /** A new message of another type with a deep copy of this context (Python `Message.forward`). */
  forward(type: string, data?: JsonObject | null): Message {
    return new Message(type, data ?? {}, structuredClone(this.context));
  }

  /**
   * A reply with source and destination swapped as described on the class. `data` is used as given.
   * @param context - keys merged over a copy of this message's context before the swap.
   */
  reply(type: string, data?: JsonObject | null, context?: JsonObject | null): Message {
    const ctx: JsonObject = structuredClone(this.context);
    if (context) Object.assign(ctx, structuredClone(context));
    const src = ctx.source;
    const dst = ctx.destination;
    if (dst !== undefined && dst !== null) ctx.source = Array.isArray(dst) ? (dst.length ? dst[0] : dst) : dst;
    if (src !== undefined && src !== null) ctx.destination = src;
    return new Message(type, data ?? {}, ctx);
  }

  /** `reply(this.type + ".response", data, context)`: how every request in this project is answered. */
  response(data?: JsonObject | null, context?: JsonObject | null): Message {
    return this.reply(`${this.type}.response`, data, context);
  }
}
