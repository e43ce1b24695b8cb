import { InvalidArgumentsError, type ToolContext } from '@ovos-tools/core';

/**
 * Builds the error a clock tool throws when an argument is well-typed but meaningless (an unknown time zone,
 * an unreadable time): `ValueError: Tool input validation failed for '<tool>' in ToolBox '<id>': <detail>`,
 * code `invalid_arguments` — the same text the schema validator produces, so callers see one kind of
 * argument error. Core's `ToolBox.run` passes `InvalidArgumentsError` through unwrapped.
 *
 * @param ctx - the tool context (names the tool and toolbox).
 * @param detail - `"<field>: <what was wrong>; <how to fix it>"`.
 */
export function invalidArgument(ctx: Pick<ToolContext, 'toolName' | 'toolboxId'>, detail: string): InvalidArgumentsError {
  return new InvalidArgumentsError('ValueError', `Tool input validation failed for '${ctx.toolName}' in ToolBox '${ctx.toolboxId}'`, {
    detail,
  });
}
