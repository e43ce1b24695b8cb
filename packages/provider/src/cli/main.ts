import { Command, CommanderError } from 'commander';
import { ProviderConfigError } from '../config/ProviderConfig.js';
import { CliError, ExitCode } from './CliError.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * The `ovos-tools` command line. Each command's module is loaded only when it runs. One top-level catch maps
 * errors to exit codes: 1 error response, 2 usage or config, 3 no bus or no answer.
 * @returns the exit code.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command('ovos-tools')
    .description('Serve and use OVOS agent tools over the messagebus.')
    .exitOverride()
    .showHelpAfterError();

  program
    .command('serve')
    .description('run the tools provider on the messagebus (starting an embedded bus if needed)')
    .option('--bus-url <url>', 'messagebus URL (default: mycroft.conf websocket section, else ws://127.0.0.1:8181/core)')
    .option('--embedded-bus <mode>', 'auto: start one when none answers; always; never', 'auto')
    .option('--plugins <dir>', 'plugin root whose node_modules is scanned (repeatable; replaces the defaults)', collect)
    .option('--config <file>', 'provider config JSON (the section itself, or a mycroft.conf)')
    .option('--watch', 'reload by itself when packages are installed or removed')
    .option('--log-level <level>', 'debug, info, warn, error or silent')
    .option('--http <[host:]port>', 'also serve the HTTP tool API (loopback unless a host is given)')
    .action(async (opts) => (await import('./commands/serve.js')).serveCommand(opts));

  const client = (cmd: Command) =>
    cmd.option('--bus-url <url>', 'messagebus URL').option('--timeout <ms>', 'how long to wait for the answer', '10000').option('--json', 'print the raw response JSON');

  client(program.command('list').description('list the tools the provider serves'))
    .option('--summary', 'light entries: name, summary, tags')
    .option('--tags <tag>', 'only tools with every given tag (repeatable)', collect)
    .action(async (opts) => (await import('./commands/list.js')).listCommand(opts));
  client(program.command('get').argument('<name>').description("show one tool's schema, examples and annotations")).action(
    async (name, opts) => (await import('./commands/get.js')).getCommand(name, opts),
  );
  client(program.command('invoke').argument('<name>').argument('[json_args]', 'arguments as a JSON object').description('invoke a tool')).action(
    async (name, json, opts) => (await import('./commands/invoke.js')).invokeCommand(name, json, opts),
  );
  client(program.command('reload').description('rescan the plugin roots and reload toolboxes')).action(
    async (opts) => (await import('./commands/reload.js')).reloadCommand(opts),
  );

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return ExitCode.ok;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    if (err instanceof CliError) {
      process.stderr.write(`ovos-tools: ${err.message}\n`);
      return err.exitCode;
    }
    if (err instanceof ProviderConfigError) {
      process.stderr.write(`ovos-tools: ${err.message}\n`);
      return ExitCode.usage;
    }
    process.stderr.write(`ovos-tools: unexpected error: ${(err as Error)?.stack ?? String(err)}\n`);
    return ExitCode.errorResponse;
  }
}
