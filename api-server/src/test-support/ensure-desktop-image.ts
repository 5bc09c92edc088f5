import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * For the remote-desktop suites only (a minute's import, a few minutes' build the first time): the desktop variant of
 * the system image, built on the base image by scripts/build-desktop-image.sh and cached beside it.
 */
export function ensureDesktopImage(): void {
  execFileSync('bash', [path.join(repoRoot, 'scripts/build-desktop-image.sh')], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, IMAGE_CACHE_DIR: process.env.IMAGE_CACHE_DIR ?? path.join(os.homedir(), '.cache/suanli-images') },
  });
}
