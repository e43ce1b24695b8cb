/** Exit codes of the `ovos-tools` CLI. */
export const ExitCode = {
  ok: 0,
  /** The provider answered with an error. */
  errorResponse: 1,
  /** Bad usage, arguments or config. */
  usage: 2,
  /** No messagebus, or no answer within the timeout. */
  unavailable: 3,
  /**
   * The command finished but a toolbox failed: `ovos-tools reload` when the provider reports problems (a toolbox
   * that did not load), `ovos-tools check` when the package has any problem. The report is still printed.
   */
  checkFailed: 4,
} as const;

/** An error the CLI reports as one line on stderr and maps to `exitCode`; thrown by commands, caught in `main`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
