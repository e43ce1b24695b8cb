import { Topics } from '@ovos-tools/core';
import { CliError, ExitCode } from '../CliError.js';
import { busRequest, failOnError, type ClientOptions } from '../busRequest.js';
import { formatOption } from '../formatOption.js';

/**
 * `ovos-tools invoke NAME [JSON_ARGS] [--format F] [--confirm-token T]`: invokes a tool (NAME may be a vendor-mapped
 * name) and prints its result object. A call the provider wants confirmed fails with its question and the exact
 * command line that confirms it (the same call with `--confirm-token`).
 */
export async function invokeCommand(name: string, jsonArgs: string | undefined, options: ClientOptions & { format?: string; confirmToken?: string }): Promise<void> {
  const format = options.format === undefined ? undefined : formatOption(options.format);
  let args: unknown = {};
  if (jsonArgs !== undefined) {
    try {
      args = JSON.parse(jsonArgs);
    } catch (err) {
      throw new CliError(`JSON_ARGS is not valid JSON (${(err as Error).message}); pass an object such as '{"a": 1}'`, ExitCode.usage);
    }
  }
  const data = { name, args: args as Record<string, unknown>, ...(format === undefined ? {} : { format }), ...(options.confirmToken ? { confirm_token: options.confirmToken } : {}) };
  const reply = await busRequest(Topics.toolsInvoke, data, options);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(reply, null, 2)}\n`);
    if (typeof reply.error === 'string') throw new CliError(reply.error, ExitCode.errorResponse);
    return;
  }
  if (reply.code === 'confirmation_required' && typeof reply.confirm_token === 'string') {
    const again = ['ovos-tools', 'invoke', name, ...(jsonArgs === undefined ? [] : [jsonArgs]), ...(format === undefined ? [] : ['--format', format]), '--confirm-token', reply.confirm_token];
    throw new CliError(`${String(reply.prompt)}\nThe provider wants this call confirmed; it was not run. If yes, run within the token's lifetime:\n  ${again.map(shellQuote).join(' ')}`, ExitCode.errorResponse);
  }
  failOnError(reply);
  process.stdout.write(`${JSON.stringify(reply.result, null, 2)}\n`);
}

/** `text` as one POSIX shell word (single-quoted when it holds anything but safe characters). */
function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
