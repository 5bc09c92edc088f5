import { createInterface } from 'node:readline/promises';
import type { ParseArgsConfig } from 'node:util';
import { ApiClient } from './api-client.js';
import { usageError } from './cli-error.js';
import { loadCredentials } from './config-file.js';
import type { Outcome } from './output.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** What a command is given besides its arguments. */
export interface Context {
  /** The client for the logged-in key (not logged in: exit 3). */
  api(): ApiClient;
  json: boolean;
  /** Progress for a person (stderr, on a terminal, never with --json). */
  progress(line: string): void;
}

/** One `suanli …` command: its Chinese help, its options besides --json and --help, and what it does. */
export interface Command {
  help: string;
  options?: Options;
  /** How many positional arguments it takes: [at least, at most]. */
  positionals?: [number, number];
  run(parsed: Parsed, context: Context): Promise<Outcome>;
}

export function contextFor(json: boolean): Context {
  let client: ApiClient | null = null;
  return {
    api: () => (client ??= new ApiClient(loadCredentials())),
    json,
    progress: (line) => {
      if (!json && process.stderr.isTTY) process.stderr.write(`\r\x1b[K${line}`);
    },
  };
}

/**
 * Asks before something that costs money or cannot be undone: `--yes` confirms; on a terminal the person answers;
 * a script without `--yes` is refused (nobody could answer).
 */
export async function confirm(parsed: Parsed, question: string): Promise<boolean> {
  if (parsed.values.yes === true) return true;
  if (!process.stdin.isTTY) throw usageError(`${question}：需要确认，但当前不是交互式终端；确认无误请加 --yes`);
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await terminal.question(`${question}？[y/N] `);
    return /^(y|yes|是)$/i.test(answer.trim());
  } finally {
    terminal.close();
  }
}

/** A positive whole number from the command line, or a usage error naming what it is. */
export function wholeNumber(text: string | boolean | undefined, what: string): number {
  const value = typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw usageError(`${what}须为正整数：${String(text)}`);
  return value;
}
