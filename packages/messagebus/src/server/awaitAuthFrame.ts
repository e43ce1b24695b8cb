import { MalformedMessageError, Message, type Logger } from '@ovos-tools/core';
import type { RawData, WebSocket } from 'ws';
import { AUTH_FRAME_TYPE, secretMatches } from './sharedSecret.js';

/** Largest first frame read as an auth frame; anything bigger is refused unparsed. */
const MAX_AUTH_FRAME_BYTES = 16 * 1024;

/** The close code of every secret refusal after the upgrade: 1008, policy violation. */
export const AUTH_CLOSE_CODE = 1008;

/** How an unauthenticated connection's first frame was judged: accepted, or refused with a close reason (≤ 123 bytes). */
export type AuthOutcome =
  | {
      /** The frame carried the right secret. */
      ok: true;
    }
  | {
      /** It did not (or never came). */
      ok: false;
      /** The websocket close reason sent to the client, at most 123 bytes. */
      reason: string;
    };

/**
 * Waits for the first frame of a connection whose handshake carried no secret and judges it: it must be a text
 * frame `{"type":"ovos.messagebus.auth","data":{"secret":"<secret>"}}` (at most 16 KiB, parsed with the depth-safe
 * `Message.deserialize`) with the right secret, within `timeoutMs`. Calls `done` exactly once — synchronously from
 * the frame's event, so the caller can attach its own frame listener before the next frame is emitted. On refusal
 * the caller closes the connection with {@link AUTH_CLOSE_CODE} and the reason; `{ok:false}` too when the socket
 * closes first.
 */
export function awaitAuthFrame(ws: WebSocket, secret: string, timeoutMs: number, done: (outcome: AuthOutcome) => void): void {
  const finish = (outcome: AuthOutcome) => {
    clearTimeout(timer);
    ws.off('message', onMessage);
    ws.off('close', onClose);
    done(outcome);
  };
  const onMessage = (data: RawData, isBinary: boolean) => finish(judge(data, isBinary, secret));
  const onClose = () => finish({ ok: false, reason: 'closed before sending the shared secret' });
  const timer = setTimeout(() => finish({ ok: false, reason: `shared secret required: none sent within ${timeoutMs} ms` }), timeoutMs);
  ws.on('message', onMessage);
  ws.on('close', onClose);
}

function judge(data: RawData, isBinary: boolean, secret: string): AuthOutcome {
  const required = `shared secret required: send it in the handshake or as a first ${AUTH_FRAME_TYPE} frame`;
  const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
  if (isBinary || buf.length > MAX_AUTH_FRAME_BYTES) return { ok: false, reason: required };
  let message: Message;
  try {
    message = Message.deserialize(buf);
  } catch (err) {
    if (err instanceof MalformedMessageError) return { ok: false, reason: required };
    throw err;
  }
  if (message.type !== AUTH_FRAME_TYPE) return { ok: false, reason: required };
  const presented = message.data.secret;
  if (typeof presented !== 'string' || !secretMatches(presented, secret)) return { ok: false, reason: 'wrong shared secret' };
  return { ok: true };
}

/**
 * Holds a connection whose handshake carried no secret in `pending` until its auth frame ({@link awaitAuthFrame}):
 * calls `admit` after a matching one; a wrong, missing or late one closes it with {@link AUTH_CLOSE_CODE} and a
 * warning. Errors on the connection meanwhile are logged as warnings.
 */
export function admitAfterAuthFrame(ws: WebSocket, secret: string, timeoutMs: number, pending: Set<WebSocket>, logger: Logger, admit: () => void): void {
  pending.add(ws);
  const onError = (err: Error) => logger.warn(`unauthenticated connection error: ${err.message}`);
  ws.on('error', onError);
  awaitAuthFrame(ws, secret, timeoutMs, (outcome) => {
    pending.delete(ws);
    ws.off('error', onError);
    if (ws.readyState !== ws.OPEN) return;
    if (!outcome.ok) {
      logger.warn(`closing an unauthenticated connection: ${outcome.reason}`);
      ws.close(AUTH_CLOSE_CODE, outcome.reason);
      return;
    }
    admit();
  });
}
