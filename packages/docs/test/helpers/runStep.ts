import { spawn } from 'node:child_process';
import { runCommand, shellSteps } from '../../../e2e/test/helpers/readmeSteps.js';
import { cliPath, freePort } from '../../../provider/test/helpers/serve.js';
import type { TranscriptStep } from './blocks.js';
import { normaliseLine } from './compare.js';
import type { Setup } from './setups.js';

/** How long one command may take before the transcript test gives up on it. */
const STEP_TIMEOUT_MS = 60_000;

/**
 * Runs one transcript step in `setup` and resolves with the lines it printed (stdout, then stderr). The commands a
 * page may show: `ovos-tools <client command>` (the built CLI), `ovos-tools mcp` with `> ` lines typed into it (the
 * answers it writes to stdout), and `curl` against the setup's HTTP API, run with the page's own arguments (only
 * `localhost:7009` pointed at the setup), printing what curl prints: a page shows the status only where its command
 * asks curl for it (`-w '\nHTTP %{http_code}\n'`), and pretty JSON only after `| jq .` (formatted here as jq's
 * default output, two-space indent, so the test does not need jq installed).
 * An `ovos-tools` command may end in `; echo $?`: its exit code is then printed after its output, as a shell would.
 * @throws when the command is none of these: the block must then be marked `<!-- transcript: skip — why -->`.
 */
export async function runStep(step: TranscriptStep, setup: Setup): Promise<string[]> {
  const echoExit = ECHO_EXIT.test(step.command);
  const jq = JQ.test(step.command);
  const commands = shellSteps(step.command.replace(ECHO_EXIT, '').replace(JQ, ''), setup.home);
  if (commands.length !== 1 || commands[0]!.kind !== 'command') throw new Error(`cannot run "${step.command}": one command per "$ " line`);
  const argv = commands[0]!.argv;
  if (echoExit && argv[0] !== 'ovos-tools') throw new Error(`cannot run "${step.command}": "; echo $?" only after an ovos-tools command`);
  if (argv[0] === 'ovos-tools' && argv[1] === 'mcp') return mcpSession(argv.slice(1), step.input, setup);
  if (argv[0] === 'ovos-tools' && (argv[1] === 'serve' || argv[1] === 'inspect')) {
    // with its exit code shown, it runs until it ends by itself (a config it refuses), at most 30 s
    const r = await serverStart(argv.slice(1), echoExit ? [] : step.expected, setup);
    return echoExit ? [...r.lines, String(r.code)] : r.lines;
  }
  if (argv[0] === 'ovos-tools') {
    const r = await runCommand([process.execPath, cliPath, ...argv.slice(1)], setup.cwd, setup.env, STEP_TIMEOUT_MS);
    return echoExit ? [...lines(r.output), String(r.code)] : lines(r.output);
  }
  if (jq && argv[0] !== 'curl') throw new Error(`cannot run "${step.command}": "| jq ." only after curl`);
  if (argv[0] === 'curl') return curl(argv.slice(1), setup, jq);
  if (argv[0] === 'npm' && argv[1] === 'install' && argv.slice(2).every((a) => a.startsWith('--') || a.startsWith('./') || a.startsWith('/'))) {
    // installs of local tarballs and folders only: nothing named is fetched from a registry (their dependencies are)
    const r = await runCommand(argv, setup.cwd, setup.env, STEP_TIMEOUT_MS);
    return lines(r.output.replace(/^\n+/, '')); // npm starts its summary with a blank line
  }
  throw new Error(`cannot run "${argv[0]}" here: mark the block <!-- transcript: skip — <why> -->`);
}

/** A command line's `; echo $?` ending (the exit code printed after the output). */
const ECHO_EXIT = /;\s*echo \$\?$/;
/** A curl line's `| jq .` ending (its JSON output pretty-printed). */
const JQ = /\s*\|\s*jq \.$/;

function lines(text: string): string[] {
  const out = text.replace(/\n+$/, '').split('\n');
  return out.length === 1 && out[0] === '' ? [] : out;
}

/** `curl` with the page's arguments, `localhost:7009` pointed at the setup's HTTP API; `jq`: `| jq .` follows. */
async function curl(args: string[], setup: Setup, jq: boolean): Promise<string[]> {
  if (!setup.httpBase) throw new Error('curl needs a setup with an HTTP API (<!-- transcript: http -->)');
  const url = (a: string) => a.replace(/^http:\/\/(localhost|127\.0\.0\.1):7009/, setup.httpBase!);
  const r = await runCommand(['curl', ...args.map(url)], setup.cwd, setup.env, STEP_TIMEOUT_MS);
  if (r.code !== 0 || !jq) return lines(r.output);
  try {
    return lines(JSON.stringify(JSON.parse(r.output), null, 2));
  } catch {
    return [...lines(r.output), 'jq: error: the input is not JSON'];
  }
}

/**
 * `ovos-tools mcp`: types each input line into its stdin and, for a request (a line with an `id`), waits for the
 * answer with that id; resolves with every line it wrote to stdout, then closes stdin (the client hangs up).
 */
function mcpSession(args: string[], input: string[], setup: Setup): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], { cwd: setup.cwd, env: setup.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: string[] = [];
    let buffer = '';
    let waiting: { id: unknown; done: () => void } | undefined;
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`ovos-tools mcp did not answer in time; stdout:\n${out.join('\n')}\nstderr:\n${stderr}`));
    }, STEP_TIMEOUT_MS);
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => {
      buffer += d;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        out.push(line);
        try {
          if (waiting && JSON.parse(line).id === waiting.id) waiting.done();
        } catch {
          // not JSON: compared as it is
        }
      }
    });
    const send = async () => {
      for (const line of input) {
        const id = (JSON.parse(line) as { id?: unknown }).id;
        if (id === undefined) {
          child.stdin.write(`${line}\n`);
          continue;
        }
        await new Promise<void>((done) => {
          waiting = { id, done };
          child.stdin.write(`${line}\n`);
        });
      }
      child.stdin.end();
    };
    child.once('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
    send().catch(reject);
  });
}

/**
 * `ovos-tools serve` or `inspect`, which run until stopped: starts it (the HTTP API on a free port instead of the
 * page's 7009, and the bus of the setup), collects what it prints until the page's last line appears (or 30 s pass),
 * then stops it with SIGTERM; resolves with the lines printed up to that one and its exit code (`null` for a signal).
 * One that ends by itself (a config it refuses) resolves with everything it printed.
 */
async function serverStart(args: string[], expected: string[], setup: Setup): Promise<{ lines: string[]; code: number | null }> {
  const port = await freePort();
  const at = args.indexOf('--http');
  if (at >= 0) args = args.map((a, i) => (i === at + 1 ? a.replace(/:\d+$/, `:${port}`).replace(/^\d+$/, String(port)) : a));
  else if (args[0] === 'inspect') args = [...args, '--http', `127.0.0.1:${port}`];
  const last = expected.filter((l) => l !== '…').at(-1);
  const norm = { home: setup.home };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliPath, ...args], { cwd: setup.cwd, env: setup.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: string[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.kill('SIGTERM');
    };
    const timer = setTimeout(finish, 30_000);
    let buffer = '';
    const onData = (d: Buffer) => {
      buffer += d;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0 && !done) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        out.push(line);
        if (last !== undefined && normaliseLine(line, norm) === normaliseLine(last, norm)) finish();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (!done && buffer) out.push(...lines(buffer));
      done = true;
      resolve({ lines: out, code });
    });
  });
}
