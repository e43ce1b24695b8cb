import type { Message } from './Message.js';

/**
 * A frame or message that is not a valid OVOS message: not JSON, not an object, a missing or non-string `type`,
 * `data`/`context` that are not objects, or `data`/`context` nesting deeper than {@link MAX_MESSAGE_DEPTH}
 * (or holding a cycle). `code` is always `malformed_message`; `message` says which part is wrong and how to fix it.
 *
 * Thrown by `Message.deserialize`, by `serialize`, and by `reply`/`response`/`forward` of a message whose context is
 * too deep to copy.
 */
export class MalformedMessageError extends Error {
  readonly code = 'malformed_message';
  /**
   * What could be salvaged of the offending request, enough to address an error reply to it: its `type`, and only
   * the `data` and `context` keys that nest within the limit (`session`, `request_id`, `source`, `data.name`, … are
   * kept; the too-deep keys are dropped — do not treat it as the full request). Present when the envelope had a
   * valid `type` and only nesting was wrong. Answer with `error.request.response({...})`.
   */
  readonly request?: Message;

  constructor(message: string, options: { request?: Message } = {}) {
    super(message);
    this.name = 'MalformedMessageError';
    if (options.request) this.request = options.request;
  }
}

