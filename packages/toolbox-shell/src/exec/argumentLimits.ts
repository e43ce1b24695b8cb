/**
 * Linux `MAX_ARG_STRLEN`: the most bytes of one argument or environment string passed to `execve`,
 * terminating NUL included (32 pages of 4 KiB). The whole command line reaches `/bin/sh -c` as one argument.
 */
export const MAX_ARG_STRLEN = 131_072;

/**
 * A conservative `ARG_MAX` for the whole argument vector plus environment (strings, NULs and pointers):
 * Linux allows a quarter of the stack limit, 2 MiB with the usual 8 MiB stack.
 */
export const MAX_ARGV_BYTES = 2 * 1024 * 1024;

/**
 * Why a command cannot be passed to `execve`, before spawning (so the caller gets a sentence, not `spawn E2BIG`):
 * `what` of `bytes` bytes is at least {@link MAX_ARG_STRLEN}, or the whole vector (`bytes` + `argv` + `env`)
 * exceeds {@link MAX_ARGV_BYTES}. With `force`, always returns the sentence (for an `E2BIG` the kernel still raised).
 *
 * @returns the reason, or `null` when it fits.
 */
export function argumentSizeProblem(
  what: string,
  bytes: number,
  argv: readonly string[] = [],
  env: Readonly<Record<string, string>> = {},
  force = false,
): string | null {
  const advice = 'split it into several shorter commands, or write the data to a file inside root_path and pass the file name';
  if (bytes + 1 > MAX_ARG_STRLEN) return `${what} is ${bytes} bytes after quoting; one command may be at most ${MAX_ARG_STRLEN - 1} bytes (Linux MAX_ARG_STRLEN); ${advice}.`;
  let total = bytes + 1 + 8;
  for (const a of argv) total += Buffer.byteLength(a, 'utf8') + 1 + 8;
  for (const [k, v] of Object.entries(env)) total += Buffer.byteLength(k, 'utf8') + Buffer.byteLength(v, 'utf8') + 2 + 8;
  if (force || total > MAX_ARGV_BYTES) {
    return `the arguments and environment of ${what} need ${total} bytes; the system allows about ${MAX_ARGV_BYTES} (ARG_MAX); ${advice}, or shorten env_allowlist.`;
  }
  return null;
}
