/** One argument for a POSIX shell: single-quoted, each `'` written as `'\''`; the shell hands it to the program unchanged. */
export function shellQuote(argument: string): string {
  if (argument.includes('\0')) throw new Error('an argument cannot hold a NUL character');
  return `'${argument.replaceAll("'", `'\\''`)}'`;
}

/** A command line the login node's shell splits back into exactly `argv`. */
export function commandLine(argv: readonly string[]): string {
  if (argv.length === 0) throw new Error('an empty command');
  return argv.map(shellQuote).join(' ');
}
