/** Exit codes a script can test (docs/cli.md). */
export const exitCodes = {
  ok: 0,
  /** The server refused the call; its `msg` says why. */
  refused: 1,
  /** The command line was wrong (or a confirmation was needed and could not be asked). */
  usage: 2,
  /** Not logged in, or the server refused the API key. */
  auth: 3,
  /** The server could not be reached or did not answer as a 算力云 server does. */
  network: 4,
} as const;

/** A failure the command reports in one sentence, with the exit code that classifies it and the server's code when it answered. */
export class CliError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
    readonly serverCode: number | null = null,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(exitCodes.usage, message);
