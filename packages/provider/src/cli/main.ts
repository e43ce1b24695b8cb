import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { ProviderConfigError } from '../config/ProviderConfigError.js';
import { CliError, ExitCode } from './CliError.js';
import { HTTP_DEFAULTS } from '../transports/http/httpSchema.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** This package's version, from its package.json (`dist/cli/main.js` → `../../package.json`). */
function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

const BUS_URL_HELP = 'messagebus URL (default: $OVOS_TOOLS_BUS_URL, else mycroft.conf websocket section, else ws://127.0.0.1:8181/core)';
const PLUGINS_HELP = 'plugin root whose node_modules is scanned (repeatable; replaces the defaults)';
const CONFIG_HELP = 'provider config JSON (the section itself, or a mycroft.conf)';
const LOG_LEVEL_HELP = 'debug, info, warn, error or silent';

/**
 * The `ovos-tools` command line. Each command's module is loaded only when it runs. One top-level catch maps
 * errors to exit codes (see {@link ExitCode}): 1 error response, 2 usage or config, 3 no bus or no answer; commands
 * that finish but find a failed toolbox (`reload`, `check`) return 4. `--version` prints the provider package version.
 * Every command takes its bus URL from `--bus-url`, else `$OVOS_TOOLS_BUS_URL`, else mycroft.conf.
 * @returns the exit code.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command('ovos-tools')
    .description('Serve and use OVOS agent tools over the messagebus.')
    .version(packageVersion(), '-V, --version', 'print the ovos-tools version')
    .exitOverride()
    .showHelpAfterError();
  let commandExit: number = ExitCode.ok;
  const setExit = (code: number) => void (commandExit = code);
  addServeCommands(program);
  addClientCommands(program, setExit);
  addCheckCommand(program, setExit);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return commandExit;
  } catch (err) {
    return reportError(err);
  }
}

/** `serve`, `inspect` (serve with the HTTP API and its page) and `mcp`. */
function addServeCommands(program: Command): void {
  const serving = (cmd: Command, httpHelp: string, httpDefault?: string) =>
    cmd
      .option('--bus-url <url>', BUS_URL_HELP)
      .option('--embedded-bus <mode>', 'auto: start one when none answers; always; never', 'auto')
      .option('--plugins <dir>', PLUGINS_HELP, collect)
      .option('--config <file>', CONFIG_HELP)
      .option('--watch', 'reload by itself when packages are installed or removed')
      .option('--log-level <level>', LOG_LEVEL_HELP)
      .option('--http <[host:]port>', httpHelp, httpDefault)
      .option('--drain-timeout <ms>', 'on stop, how long to wait for calls in flight', '5000')
      .action(async (opts) => (await import('./commands/serve.js')).serveCommand(opts));
  serving(program.command('serve').description('run the tools provider on the messagebus (starting an embedded bus if needed)'), 'also serve the HTTP tool API (loopback unless a host is given)');
  serving(
    program.command('inspect').description('serve with the HTTP API on and print the URL of the inspector page (browse, try and reload the tools)'),
    'where to serve the HTTP API and the page (loopback unless a host is given)',
    HTTP_DEFAULTS.listen,
  );
  program
    .command('mcp')
    .description('serve every installed tool to one MCP client over stdio (logs on stderr; SIGHUP reloads)')
    .option('--plugins <dir>', PLUGINS_HELP, collect)
    .option('--config <file>', CONFIG_HELP)
    .option('--watch', 'reload by itself when packages are installed or removed (clients get tools/list_changed)')
    .option('--agent <id>', "act for this agent of the config's agents (its allowlist and limits); default mcp.agent, else the operator")
    .option('--search-tool', 'deferred loading: tools/list offers search_tools and the tools it found, not every tool (as mcp.search_tool)')
    .option('--log-level <level>', LOG_LEVEL_HELP)
    .action(async (opts) => (await import('./commands/mcp.js')).mcpCommand(opts));
}

const FORMAT_HELP = 'print the tool definitions for a model vendor: ovos (default), mcp, openai, openai-strict, anthropic, gemini';
const TOOLBOX_HELP = "only this toolbox's tool of that name (reaches a tool another toolbox's shadows)";

/** A command that asks a provider over the bus: `--bus-url`, `--timeout` (described by `wait`) and `--json`. */
function client(cmd: Command, wait = 'how long to wait for the answer, ms (default 10000)'): Command {
  return cmd.option('--bus-url <url>', BUS_URL_HELP).option('--timeout <ms>', wait).option('--json', 'print the raw response JSON');
}

/** `list`, `search`, `get`, `invoke` and `reload`: the commands that ask a running provider. */
function addClientCommands(program: Command, setExit: (code: number) => void): void {
  client(program.command('list').description('list the tools the provider serves'))
    .option('--summary', 'light entries: name, summary, tags')
    .option('--tags <tag>', 'only tools with every given tag (repeatable)', collect)
    .option('--format <format>', FORMAT_HELP)
    .action(async (opts) => (await import('./commands/list.js')).listCommand(opts));
  client(program.command('search').argument('<query>', 'what the tool should do, in any language').description('find the tools that best match a request (ranked)'))
    .option('--limit <n>', 'most tools to show (1-100)', '5')
    .option('--tags <tag>', 'only tools with every given tag (repeatable)', collect)
    .option('--include-schema', 'with --json: each tool with its full definition')
    .option('--explain', 'also show why each tool was found: matched words, how they were added, in which fields')
    .action(async (query, opts) => (await import('./commands/search.js')).searchCommand(query, opts));
  client(program.command('get').argument('<name>').description("show one tool's schema, examples and annotations"))
    .option('--format <format>', FORMAT_HELP)
    .option('--toolbox <id>', TOOLBOX_HELP)
    .action(async (name, opts) => (await import('./commands/get.js')).getCommand(name, opts));
  client(
    program.command('invoke').argument('<name>').argument('[json_args]', 'arguments as a JSON object').description('invoke a tool'),
    "how long to wait for the answer, ms (default: the tool's time limit from ovos.tools.get, plus 5000)",
  )
    .option('--format <format>', 'the format the arguments come from: openai-strict turns its nulls for left-out properties back into absent ones')
    .option('--confirm-token <token>', 'the confirm_token of a confirmation_required answer, once you confirmed: runs that exact call once')
    .option('--toolbox <id>', TOOLBOX_HELP)
    .action(async (name, json, opts) => (await import('./commands/invoke.js')).invokeCommand(name, json, opts));
  client(
    program.command('reload').description('re-read the config, rescan the plugin roots and reload toolboxes (exit 4 when a toolbox failed to load or the config has a problem)'),
    'how long to wait for the answer, ms (default 60000: a reload starts the hosts of new and changed toolboxes)',
  ).action(async (opts) => setExit(await (await import('./commands/reload.js')).reloadCommand(opts)));
}

/** `check`: a toolbox package checked as the provider loads it, no provider needed. */
function addCheckCommand(program: Command, setExit: (code: number) => void): void {
  program
    .command('check')
    .argument('<package-dir>', 'directory of a built toolbox package (its package.json)')
    .description('check a toolbox package as the provider loads it (exit 4 when it has a problem)')
    .option('--examples', "also run every tool's examples and compare them with their declared results")
    .option('--config <file>', "provider config JSON: each toolbox's section is checked against the toolbox's configSchema and passed to it")
    .option('--json', 'print the report as JSON')
    .action(async (dir, opts) => setExit(await (await import('./commands/check.js')).checkCommand(dir, opts)));
}

/** Prints what went wrong on stderr (`ovos-tools: …`) and returns the exit code it maps to. */
function reportError(err: unknown): number {
  if (err instanceof CommanderError) return err.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  if (err instanceof CliError) {
    process.stderr.write(`ovos-tools: ${err.message}\n`);
    return err.exitCode;
  }
  if (err instanceof ProviderConfigError) {
    // one line per problem, then what it means: nothing runs with a config that has any
    const n = err.problems.length;
    process.stderr.write(`${err.problems.map((p) => `ovos-tools: ${p}\n`).join('')}ovos-tools: the config has ${n} problem${n === 1 ? '' : 's'}; nothing was started\n`);
    return ExitCode.usage;
  }
  process.stderr.write(`ovos-tools: unexpected error: ${(err as Error)?.stack ?? String(err)}\n`);
  return ExitCode.errorResponse;
}
