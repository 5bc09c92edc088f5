import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import { sshdBinary, sshdPackage } from './sshd-peer.js';

/**
 * Vitest global setup: the SFTP suites need OpenSSH's sshd. Installed from Debian when missing and
 * running as root (CI: a fresh machine, no terminal); otherwise the run stops with the command to run.
 */
export default function ensureSshd(): void {
  if (fs.existsSync(sshdBinary)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`The SFTP tests need ${sshdBinary}: install it with \`sudo apt-get install -y ${sshdPackage}\``);
  }
  const options: ExecFileSyncOptions = {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  };
  execFileSync('apt-get', ['update', '-qq'], options);
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', sshdPackage], options);
}
