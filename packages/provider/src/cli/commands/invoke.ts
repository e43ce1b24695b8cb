import { Message, Topics, type JsonObject } from '@ovos-tools/core';
import { askWatchingProvider } from '../askWatchingProvider.js';
import { CliError, ExitCode } from '../CliError.js';
import { cliContext, failOnError, timeoutOption, withBus, type ClientOptions } from '../busRequest.js';
import { askProvider } from '../providerPresence.js';
import { formatOption } from '../formatOption.js';

/** Added to a tool's time limit for the CLI's wait: the provider answers `timeout` at the limit, after any queueing. */
export const INVOKE_WAIT_MARGIN_MS = 5000;
/** The provider's default time limit (`default_timeout_ms`), used when `ovos.tools.get` names none. */
const PROVIDER_DEFAULT_LIMIT_MS = 30_000;

/**
 * `ovos-tools invoke NAME [JSON_ARGS] [--format F] [--toolbox ID] [--confirm-token T]`: invokes a tool (NAME may be
 * a vendor-mapped name) and prints its result object. A call the provider wants confirmed fails with its question and
 * the exact command line that confirms it (the same call with `--confirm-token`). Without `--timeout` it waits as long as the tool may run: it first asks `ovos.tools.get` for the
 * tool's time limit (`timeout_ms`) and waits that plus {@link INVOKE_WAIT_MARGIN_MS}, so a slow tool is answered
 * (its result, or the provider's `timeout` error, exit 1) and never reads as a provider that is not running. That
 * first question (asked with `--timeout` too) also finds out within 3 s when no provider serves the bus (exit 3),
 * rather than waiting out the call's whole wait.
 * @throws {@link CliError}: `usage` for bad JSON or options, `errorResponse` for an error answer, `unavailable` when
 *   no bus or no answer.
 */
export async function invokeCommand(name: string, jsonArgs: string | undefined, options: ClientOptions & { format?: string; toolbox?: string; confirmToken?: string }): Promise<void> {
  const format = options.format === undefined ? undefined : formatOption(options.format);
  let args: unknown = {};
  if (jsonArgs !== undefined) {
    try {
      args = JSON.parse(jsonArgs);
    } catch (err) {
      throw new CliError(`JSON_ARGS is not valid JSON (${(err as Error).message}); pass an object such as '{"a": 1}'`, ExitCode.usage);
    }
  }
  const given = timeoutOption(options);
  const reply = await withBus(options, async (ask, url, client) => {
    const getData: JsonObject = options.toolbox === undefined ? { name } : { name, toolbox_id: options.toolbox };
    // the tool's spec says how long it may run, and asking for it says within 3 s when no provider is there at all
    const spec = await askProvider(ask, url, Topics.toolsGet, getData, 10_000);
    if (!spec) throw new CliError(`no answer to ${Topics.toolsGet} within 10000 ms, though a provider answers on ${url} (it may still be loading its toolboxes); try again`, ExitCode.unavailable);
    let waitMs = given;
    let why = `--timeout ${given} ms`;
    if (waitMs === undefined) {
      const limit = typeof spec.timeout_ms === 'number' ? spec.timeout_ms : PROVIDER_DEFAULT_LIMIT_MS;
      waitMs = limit + INVOKE_WAIT_MARGIN_MS;
      why = `the tool's time limit ${limit} ms plus ${INVOKE_WAIT_MARGIN_MS} ms`;
    }
    const data: JsonObject = { name, args: args as JsonObject };
    if (format !== undefined) data.format = format;
    if (options.toolbox !== undefined) data.toolbox_id = options.toolbox;
    if (options.confirmToken) data.confirm_token = options.confirmToken;
    const request = new Message(Topics.toolsInvoke, data, cliContext());
    const hint = given === undefined ? undefined : 'the tool may still be running: leave out --timeout to wait for its time limit';
    return askWatchingProvider(client, { request, waitMs, why, url, ...(hint ? { hint } : {}), probe: () => new Message(Topics.toolsGet, getData, cliContext()) });
  });
  if (options.json) {
    process.stdout.write(`${JSON.stringify(reply, null, 2)}\n`);
    if (typeof reply.error === 'string') throw new CliError(reply.error, ExitCode.errorResponse);
    return;
  }
  const refused = options.confirmToken ? tokenRefusal(reply) : undefined;
  if (refused) {
    throw new CliError(
      `the --confirm-token was not accepted: ${refused}. The call was not run; it needs a new confirmation: run the command again without --confirm-token to be asked`,
      ExitCode.errorResponse,
    );
  }
  if (reply.code === 'confirmation_required' && typeof reply.confirm_token === 'string') {
    const again = ['ovos-tools', 'invoke', name, ...(jsonArgs === undefined ? [] : [jsonArgs]), ...(format === undefined ? [] : ['--format', format]), ...(options.toolbox === undefined ? [] : ['--toolbox', options.toolbox]), '--confirm-token', reply.confirm_token];
    throw new CliError(`${String(reply.prompt)}\nThe provider wants this call confirmed; it was not run. If yes, run within the token's lifetime:\n  ${again.map(shellQuote).join(' ')}`, ExitCode.errorResponse);
  }
  failOnError(reply);
  process.stdout.write(`${JSON.stringify(reply.result, null, 2)}\n`);
}

/**
 * Why the provider did not accept a `confirm_token` (expired, already used, another call's), as its
 * `confirmation_required` answer says it (`PermissionError: <why>. Tool '<name>' was not run: …`); `undefined` for any
 * other answer.
 */
function tokenRefusal(reply: JsonObject): string | undefined {
  if (reply.code !== 'confirmation_required' || typeof reply.error !== 'string') return undefined;
  return /^PermissionError: (.+?)\. Tool '/.exec(reply.error)?.[1];
}

/** `text` as one POSIX shell word (single-quoted when it holds anything but safe characters). */
function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
