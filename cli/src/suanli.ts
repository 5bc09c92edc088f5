#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { CliError, exitCodes, usageError } from './cli-error.js';
import { contextFor, type Command } from './command.js';
import { balance } from './commands/balance.js';
import { download, ls, upload } from './commands/files.js';
import { list, release, ssh, start, stop } from './commands/instances.js';
import { login } from './commands/login.js';
import { prices } from './commands/prices.js';
import { rent } from './commands/rent.js';
import { groupHelp, mainHelp } from './help.js';

/** Commands by their words; a group (`instances`, `files`) has its own help. */
const commands: Record<string, Command> = {
  login,
  balance,
  prices,
  'instances list': list,
  'instances rent': rent,
  'instances start': start,
  'instances stop': stop,
  'instances release': release,
  'instances ssh': ssh,
  'files ls': ls,
  'files upload': upload,
  'files download': download,
};
const groups = new Set(Object.keys(commands).flatMap((words) => (words.includes(' ') ? [words.split(' ')[0]!] : [])));

const isHelp = (word: string | undefined) => word === '--help' || word === '-h' || word === 'help';

/** The command the words name, the arguments after them, or the help to print. */
function resolve(argv: string[]): { command: Command; args: string[] } | { help: string; asked: boolean } {
  const [first, second] = argv;
  if (first === undefined || isHelp(first)) return { help: mainHelp, asked: first !== undefined };
  if (groups.has(first)) {
    const command = commands[`${first} ${second}`];
    if (command) return { command, args: argv.slice(2) };
    if (second === undefined || isHelp(second)) return { help: groupHelp(first), asked: second !== undefined };
    throw usageError(`未知命令：suanli ${first} ${second}\n\n${groupHelp(first)}`);
  }
  const command = commands[first];
  if (!command) throw usageError(`未知命令：${first}（suanli --help 查看全部命令）`);
  return { command, args: argv.slice(1) };
}

async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  try {
    const resolved = resolve(argv);
    if ('help' in resolved) {
      (resolved.asked ? process.stdout : process.stderr).write(`${resolved.help}\n`);
      return resolved.asked ? exitCodes.ok : exitCodes.usage;
    }
    const { command, args } = resolved;
    const options = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
    if (options.includes('--help') || options.includes('-h')) {
      process.stdout.write(`${command.help}\n`);
      return exitCodes.ok;
    }
    const parsed = parseCommandLine(command, args);
    const outcome = await command.run(parsed, contextFor(json));
    if (outcome.exitCode !== undefined) return outcome.exitCode;
    process.stdout.write(json ? `${JSON.stringify(outcome.json, null, 2)}\n` : `${outcome.text}\n`);
    return exitCodes.ok;
  } catch (error) {
    const failure =
      error instanceof CliError ? error : new CliError(exitCodes.refused, `内部错误：${(error as Error).stack ?? String(error)}`);
    if (json)
      process.stdout.write(
        `${JSON.stringify({ error: { exitCode: failure.exitCode, code: failure.serverCode, msg: failure.message } }, null, 2)}\n`,
      );
    else process.stderr.write(`${failure.message}\n`);
    return failure.exitCode;
  }
}

function parseCommandLine(command: Command, args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { ...command.options, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw usageError(`${chineseParseError(error as Error)}\n\n${command.help}`);
  }
  const [least, most] = command.positionals ?? [0, 0];
  const count = parsed.positionals.length;
  if (count < least || count > most) throw usageError(`参数个数不对\n\n${command.help}`);
  return parsed as { values: Record<string, string | boolean | undefined>; positionals: string[] };
}

/** node:util's messages in Chinese, by their codes. */
function chineseParseError(error: Error & { code?: string }): string {
  const option = /'(-[^']*)'/.exec(error.message)?.[1] ?? '';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `未知选项：${option}`;
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `选项 ${option.split(' ')[0]} 的值不对：${error.message}`;
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `多余的参数：${error.message}`;
  return error.message;
}

process.exitCode = await main(process.argv.slice(2));
