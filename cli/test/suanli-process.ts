import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The command as npm links it: bin/suanli.js, which runs the build in dist/ (built by the test script). */
export const suanliBin = fileURLToPath(new URL('../bin/suanli.js', import.meta.url));

export interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A person's (or a script's) own configuration: a fresh folder for SUANLI_CONFIG, removed by `remove`. */
export function configHome() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'suanli-config-'));
  return { folder, file: path.join(folder, 'suanli', 'config.json'), remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** Runs `suanli …` as its own process without a terminal (stdin a closed pipe): a script's view of it. */
export function suanli(args: string[], o: { config: string; env?: Record<string, string>; cwd?: string }): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [suanliBin, ...args], {
      cwd: o.cwd,
      env: { ...process.env, SUANLI_CONFIG: o.config, ...o.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.end();
  });
}

/** `--json`'s answer of a run that must have succeeded. */
export function jsonOf<T>(ran: Ran): T {
  if (ran.code !== 0) throw new Error(`suanli exited ${ran.code}: ${ran.stdout}${ran.stderr}`);
  return JSON.parse(ran.stdout) as T;
}

const shellWord = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * Runs `suanli …` on a terminal (a pseudo-terminal through util-linux's `script`), as a person at a prompt: once the
 * output shows `prompt`, types `answer` and Enter. Output is what the terminal showed (stdout and stderr together).
 */
export function suanliOnTerminal(args: string[], o: { config: string; prompt: string; answer: string }): Promise<Ran> {
  const commandLine = [process.execPath, suanliBin, ...args].map(shellWord).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['--quiet', '--return', '--command', commandLine, '/dev/null'], {
      env: { ...process.env, SUANLI_CONFIG: o.config },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let shown = '';
    let answered = false;
    child.stdout.on('data', (chunk: Buffer) => {
      shown += chunk.toString();
      if (!answered && shown.includes(o.prompt)) {
        answered = true;
        child.stdin.write(`${o.answer}\r`);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (shown += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout: shown, stderr: '' }));
  });
}
