import { CLIENT_CAPABILITIES_META_KEY, inputRequired, inputResponse, type Server, type ServerContext } from '@modelcontextprotocol/server';
import { confirmErrors } from '../../confirm/confirmErrors.js';
import { acceptLanguage } from '../acceptLanguage.js';
import type { ConfirmationRequest } from '../../service/ConfirmationRequest.js';
import { refusalResult } from './refusalResult.js';

/**
 * The `_meta` key of a `tools/call` request carrying the `confirm_token` of an earlier `confirmation_required` result
 * (for clients without elicitation, which ask the user themselves), and of that result's token.
 */
export const CONFIRM_TOKEN_META_KEY = 'org.openvoiceos/confirm_token';
/** The `_meta` key of a `confirmation_required` result carrying the question to ask the user. */
export const CONFIRM_PROMPT_META_KEY = 'org.openvoiceos/confirm_prompt';
/** The `_meta` key of a `confirmation_required` result carrying the question's language, when known. */
export const CONFIRM_PROMPT_LANG_META_KEY = 'org.openvoiceos/confirm_prompt_lang';
/** The `_meta` key of a `tools/call` request naming the user's languages (a BCP 47 tag or a list, best first). MCP itself has no locale. */
export const LANG_META_KEY = 'org.openvoiceos/lang';
/** The key of the confirmation in a multi-round-trip `inputRequests` / `inputResponses` map. */
export const CONFIRM_INPUT_KEY = 'confirm';

/** What a `tools/call` request says about confirmation: a token to present, or the user's refusal in an elicitation. */
export type McpConfirmation =
  | {
      /** The token the call carries (from `_meta`, or the request state of an accepted elicitation); absent when none. */
      token?: unknown;
    }
  | {
      /** The user was asked and did not confirm: `decline`, `cancel`, or `accept` without ticking the box. */
      declined: string;
    };

/**
 * Reads the confirmation a `tools/call` carries. On a round that answers our elicitation (the SDK re-runs the
 * handler with `inputResponses` and the `requestState` we returned, which is the confirm token): the token when the
 * user accepted with `confirm: true`, else the refusal. Otherwise the `_meta` {@link CONFIRM_TOKEN_META_KEY}. The
 * token is never trusted here: the service checks its signature and binding.
 */
export function readMcpConfirmation(meta: Record<string, unknown>, ctx: ServerContext): McpConfirmation {
  const answer = inputResponse(ctx.mcpReq.inputResponses, CONFIRM_INPUT_KEY);
  if (answer.kind === 'elicit') {
    const state = ctx.mcpReq.requestState();
    if (answer.action === 'accept' && answer.content?.confirm === true && typeof state === 'string') return { token: state };
    return { declined: answer.action === 'accept' ? 'accept without confirm: true' : answer.action };
  }
  const token = meta[CONFIRM_TOKEN_META_KEY];
  return token === undefined || token === null ? {} : { token };
}

/**
 * The user's languages for a `tools/call`, best first: its `_meta` {@link LANG_META_KEY} (a tag or a list of tags),
 * then, over Streamable HTTP, the request's `Accept-Language` header. (MCP's `clientInfo` names no locale.)
 */
export function mcpLanguages(meta: Record<string, unknown>, ctx: ServerContext): string[] {
  const v = meta[LANG_META_KEY];
  const list = typeof v === 'string' ? [v] : Array.isArray(v) ? v : [];
  const own = list.filter((t): t is string => typeof t === 'string' && t !== '').slice(0, 16);
  const header = ctx.http?.req?.headers?.get?.('accept-language') ?? undefined;
  return [...own, ...acceptLanguage(header)];
}

/** Whether the client of this request can answer a form-mode elicitation (`elicitation: {}` or `{form: …}`). */
export function canElicit(server: Server, ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope?.[CLIENT_CAPABILITIES_META_KEY as keyof typeof ctx.mcpReq.envelope] as { elicitation?: object } | undefined;
  const elicitation = (envelope ?? server.getClientCapabilities())?.elicitation;
  return !!elicitation && typeof elicitation === 'object' && (Object.keys(elicitation).length === 0 || 'form' in elicitation);
}

/**
 * The answer to a call the service refused `confirmation_required`. A client that declared elicitation is asked
 * (`elicitation/create` with the prompt and a `confirm` checkbox, through the SDK's input-required flow, which re-runs
 * the handler with the answer; the token travels as the request state). Any other client gets the `isError` result:
 * the error text (which never holds the token) for the model, and the token, prompt and language in `_meta` for the
 * client, which asks the user and calls again with {@link CONFIRM_TOKEN_META_KEY}.
 */
export function confirmationResult(server: Server, ctx: ServerContext, text: string, errorCodeKey: string, confirmation: ConfirmationRequest): Record<string, unknown> {
  if (canElicit(server, ctx)) {
    return inputRequired({
      inputRequests: {
        [CONFIRM_INPUT_KEY]: inputRequired.elicit({
          message: confirmation.prompt,
          requestedSchema: {
            type: 'object',
            properties: { confirm: { type: 'boolean', title: 'Confirm', description: confirmation.prompt, default: false } },
            required: ['confirm'],
          },
        }),
      },
      requestState: confirmation.token,
    }) as unknown as Record<string, unknown>;
  }
  const meta = { [CONFIRM_TOKEN_META_KEY]: confirmation.token, [CONFIRM_PROMPT_META_KEY]: confirmation.prompt, ...(confirmation.lang !== undefined ? { [CONFIRM_PROMPT_LANG_META_KEY]: confirmation.lang } : {}) };
  return refusalResult({ error: { error: text, code: 'confirmation_required' } }, meta, errorCodeKey);
}

/** The `isError` result of a call the user did not confirm in an elicitation (code `confirmation_declined`); the tool did not run. */
export function declinedResult(name: string, action: string, errorCodeKey: string): Record<string, unknown> {
  const error = confirmErrors.declined(name, action);
  return refusalResult({ error }, {}, errorCodeKey);
}
