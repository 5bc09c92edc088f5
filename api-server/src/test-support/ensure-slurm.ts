import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Vitest global setup: the Slurm suites need Debian's Slurm 22.05 and munge; scripts/ensure-slurm.sh
 * installs what is missing (as root, without starting the distro's services) or stops the run with the command to run.
 */
export default function ensureSlurm(): void {
  execFileSync('bash', [path.join(repoRoot, 'scripts/ensure-slurm.sh')], { stdio: ['ignore', 'inherit', 'inherit'] });
}
