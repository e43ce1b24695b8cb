import { Topics } from '@ovos-tools/core';
import { CliError, ExitCode } from '../CliError.js';
import { busRequest, failOnError, type ClientOptions } from '../busRequest.js';

/** `ovos-tools invoke NAME [JSON_ARGS]`: invokes a tool and prints its result object. */
export async function invokeCommand(name: string, jsonArgs: string | undefined, options: ClientOptions): Promise<void> {
  let args: unknown = {};
  if (jsonArgs !== undefined) {
    try {
      args = JSON.parse(jsonArgs);
    } catch (err) {
      throw new CliError(`JSON_ARGS is not valid JSON (${(err as Error).message}); pass an object such as '{"a": 1}'`, ExitCode.usage);
    }
  }
  const reply = await busRequest(Topics.toolsInvoke, { name, args: args as Record<string, unknown> }, options);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(reply, null, 2)}\n`);
    if (typeof reply.error === 'string') throw new CliError(reply.error, ExitCode.errorResponse);
    return;
  }
  failOnError(reply);
  process.stdout.write(`${JSON.stringify(reply.result, null, 2)}\n`);
}
