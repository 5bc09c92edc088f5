import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Vitest global setup: the real-container suites need Podman, runc, the OpenSSH client, sshpass and the
 * system image; scripts/ensure-podman.sh installs what is missing and builds the image once (cached).
 */
export default function ensurePodman(): void {
  execFileSync('bash', [path.join(repoRoot, 'scripts/ensure-podman.sh')], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, IMAGE_CACHE_DIR: process.env.IMAGE_CACHE_DIR ?? path.join(os.homedir(), '.cache/suanli-images') },
  });
}
