/**
 * Message batching for the host channels (both directions): the messages posted during one turn of the event
 * loop (the callback that produced them and every microtask it started) after the first cross the channel as
 * one `postMessage` or IPC write, so a burst of calls costs two thread wake-ups instead of one each. A lone
 * message is posted as it is; several go as `{ t: 'batch', messages }`. Order is kept.
 */

/** Several channel messages sent as one. */
export interface MessageBatch<T> {
  /** Marks a batch (no single channel message has this `t`). */
  t: 'batch';
  /** The messages in the order they were posted; never fewer than two. */
  messages: T[];
}

/** Called when a message could not cross the channel (it cannot be cloned, or the runtime is gone). */
export type Unsent = (error: unknown) => void;

/**
 * Wraps `post` so that a burst costs one crossing: the first message of an event-loop turn is posted at once
 * (a lone call pays no added latency), and the messages that follow it in the same turn are held and posted
 * together at `process.nextTick` (which runs after the turn's microtasks have drained). When a batch cannot be
 * posted (one message cannot be cloned), its messages are posted one by one, so only the message at fault is
 * lost; its `unsent` callback gets the error (always asynchronously, never from inside the posting call).
 */
export function batchingPoster<T>(post: (message: T | MessageBatch<T>) => void): (message: T, unsent?: Unsent) => void {
  let open = false;
  let queue: T[] = [];
  let callbacks: Array<Unsent | undefined> = [];
  const tryPost = (message: T, unsent: Unsent | undefined): void => {
    try {
      post(message);
    } catch (err) {
      if (unsent) process.nextTick(unsent, err);
    }
  };
  const flush = (): void => {
    open = false;
    const messages = queue;
    const unsent = callbacks;
    if (messages.length === 0) return;
    queue = [];
    callbacks = [];
    if (messages.length === 1) return tryPost(messages[0]!, unsent[0]);
    try {
      post({ t: 'batch', messages });
    } catch {
      for (let i = 0; i < messages.length; i++) tryPost(messages[i]!, unsent[i]);
    }
  };
  return (message, unsent) => {
    if (open) {
      queue.push(message);
      callbacks.push(unsent);
      return;
    }
    open = true;
    process.nextTick(flush);
    tryPost(message, unsent);
  };
}

/** Calls `each` for every message in `raw`: the messages of a batch in order, anything else as it is. */
export function forEachMessage(raw: unknown, each: (message: unknown) => void): void {
  if (isBatch(raw)) for (const m of raw.messages) each(m);
  else each(raw);
}

function isBatch(raw: unknown): raw is MessageBatch<unknown> {
  return typeof raw === 'object' && raw !== null && (raw as { t?: unknown }).t === 'batch' && Array.isArray((raw as { messages?: unknown }).messages);
}
