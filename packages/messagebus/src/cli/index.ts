/**
 * @ovos-tools/messagebus/cli — the `ovos-messagebus` command as functions: `runServerCli(argv)` runs it (the bin
 * is a two-line shim around it), `parseServerArgs(argv, config)` turns its flags into `MessageBusServer` options,
 * `SERVER_USAGE` is its help text and `UsageError` what a bad flag throws. Node only; the package's main entry holds
 * the server and the clients.
 */
export { parseServerArgs, SERVER_USAGE, UsageError } from './parseServerArgs.js';
export type { ServerCommand } from './parseServerArgs.js';
export { runServerCli } from './runServerCli.js';
