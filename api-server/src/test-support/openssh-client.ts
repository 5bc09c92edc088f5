import { spawn } from 'node:child_process';

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program (ssh, scp, sftp, under sshpass) with `input` on its stdin; its exit code and output. */
export function run(argv: string[], o: { input?: string | Buffer } = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    // A program that exits before reading its input (a refused login) breaks the pipe: its exit code and output tell.
    child.stdin.once('error', () => {});
    child.stdin.end(o.input ?? '');
  });
}

/** Options for OpenSSH's ssh, scp and sftp that keep a test away from the user's known_hosts and keys (`port` unless the command names it). */
export function openSshOptions(o: { port?: number; key?: string } = {}): string[] {
  const auth = o.key
    ? ['-i', o.key, '-o', 'IdentitiesOnly=yes', '-o', 'PreferredAuthentications=publickey', '-o', 'BatchMode=yes']
    : ['-o', 'PreferredAuthentications=password', '-o', 'PubkeyAuthentication=no', '-o', 'BatchMode=no', '-o', 'NumberOfPasswordPrompts=1'];
  return [
    ...(o.port === undefined ? [] : ['-o', `Port=${o.port}`]),
    ...['-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-o', 'LogLevel=ERROR', '-o', 'ConnectTimeout=20'],
    ...auth,
  ];
}

/** `ssh` as a user types it (`command` is what the console shows, e.g. `ssh -p 2222 root@localhost`), with a password through sshpass. */
export function sshWithPassword(password: string, command: string, args: string[], o: { input?: string } = {}) {
  const [, ...words] = command.split(' ');
  return run(['sshpass', '-p', password, 'ssh', ...openSshOptions(), ...words, ...args], o);
}

/** `ssh` as a user types it, logging in with a private key file. */
export function sshWithKey(keyFile: string, command: string, args: string[]) {
  const [, ...words] = command.split(' ');
  return run(['ssh', ...openSshOptions({ key: keyFile }), ...words, ...args]);
}
