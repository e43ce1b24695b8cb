import { Topics } from '@ovos-tools/core';
import { CliError, ExitCode } from '../CliError.js';
import { busRequest, failOnError, type ClientOptions } from '../busRequest.js';
import { formatOption } from '../formatOption.js';

/** `ovos-tools invoke NAME [JSON_ARGS] [--format F]`: invokes a tool (NAME may be a vendor-mapped name) and prints its result object. */
export async function invokeCommand(name: string, jsonArgs: string | undefined, options: ClientOptions & { format?: string }): Promise<void> {
  const format = options.format === undefined ? undefined : formatOption(options.format);
  let args: unknown = {};
  if (jsonArgs !== undefined) {
    try {
      args = JSON.parse(jsonArgs);
    } catch (err) {
      throw new CliError(`JSON_ARGS is not valid JSON (${(err as Error).message}); pass an object such as '{"a": 1}'`, ExitCode.usage);
    }
  }
  const reply = await busRequest(Topics.toolsInvoke, format === undefined ? { name, args: args as Record<string, unknown> } : { name, args: args as Record<string, unknown>, format }, options);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(reply, null, 2)}\n`);
    if (typeof reply.error === 'string') throw new CliError(reply.error, ExitCode.errorResponse);
    return;
  }
  failOnError(reply);
  process.stdout.write(`${JSON.stringify(reply.result, null, 2)}\n`);
}
