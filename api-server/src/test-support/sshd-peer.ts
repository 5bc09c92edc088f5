import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { SftpTarget } from '../storage/index.js';

export const sshdBinary = '/usr/sbin/sshd';
export const sshdPackage = 'openssh-server';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function listening(port: number, child: ChildProcess, log: () => string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`sshd stopped (${child.exitCode}): ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(true));
      socket.on('error', () => resolve(false));
      socket.on('connect', () => socket.destroy());
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`sshd did not listen on ${port}: ${log()}`);
}

export interface SshdPeer {
  target: SftpTarget;
  /** An empty folder the account may write to, for the homes of the tests. */
  homes: string;
  stop(): Promise<void>;
}

/**
 * OpenSSH sshd on 127.0.0.1 and a free port, with its own config, host key and a client key pair
 * made for this run, letting the current account in over SFTP only. openssh-server is installed by
 * the test command (see ensure-sshd.ts).
 */
export async function startSshd(): Promise<SshdPeer> {
  if (!fs.existsSync(sshdBinary)) {
    throw new Error(
      `${sshdBinary} is missing: install it with \`sudo apt-get install -y ${sshdPackage}\` (the test command does so when run as root)`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-sshd-'));
  const keygen = (file: string) => execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, file)]);
  keygen('host_key');
  keygen('client_key');
  fs.copyFileSync(path.join(dir, 'client_key.pub'), path.join(dir, 'authorized_keys'));
  const homes = path.join(dir, 'homes');
  fs.mkdirSync(homes);
  // sshd's privilege separation needs this folder, which Debian creates only when the service starts.
  if (process.getuid?.() === 0) fs.mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const port = await freePort();
  const config = path.join(dir, 'sshd_config');
  fs.writeFileSync(
    config,
    [
      `ListenAddress 127.0.0.1:${port}`,
      `HostKey ${dir}/host_key`,
      `PidFile ${dir}/sshd.pid`,
      `AuthorizedKeysFile ${dir}/authorized_keys`,
      'StrictModes no',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'PermitRootLogin prohibit-password',
      'UsePAM no',
      'AllowTcpForwarding no',
      'X11Forwarding no',
      'Subsystem sftp internal-sftp',
      'LogLevel ERROR',
      '',
    ].join('\n'),
  );
  let log = '';
  const child = spawn(sshdBinary, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await listening(port, child, () => log);
  return {
    target: {
      host: '127.0.0.1',
      port,
      username: os.userInfo().username,
      privateKey: fs.readFileSync(path.join(dir, 'client_key'), 'utf8'),
    },
    homes,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
