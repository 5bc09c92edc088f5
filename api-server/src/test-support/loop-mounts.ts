import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDiskImage } from '../lib/index.js';

const run = promisify(execFile);

/** Why disk images cannot be loop-mounted here (it needs root and loop devices), as a suite's skip reason, or null when they can. */
export async function loopMountRefusal() {
  if (process.getuid?.() !== 0) return 'skipped: loop-mounting a disk image needs root, and the tests run as another user';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-loop-'));
  try {
    await createDiskImage(path.join(dir, 'probe'), 8 * 1024 ** 2);
    fs.mkdirSync(path.join(dir, 'mnt'));
    await run('mount', ['-o', 'loop', path.join(dir, 'probe'), path.join(dir, 'mnt')]);
    await run('umount', [path.join(dir, 'mnt')]);
    return null;
  } catch (error) {
    return `skipped: this machine cannot loop-mount an ext4 image (${String((error as { stderr?: string }).stderr || error).trim()})`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Online ext4 growth needs CAP_SYS_RESOURCE (bit 24); some sandboxes drop it. */
export const growsOnline =
  (BigInt(`0x${/CapEff:\s+([0-9a-f]+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]}`) >> 24n) % 2n === 1n;
