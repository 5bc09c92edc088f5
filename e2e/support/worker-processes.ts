import { readdirSync, readFileSync, rmSync } from 'node:fs';

/**
 * The journey files share one test worker (e2e/vitest.config.ts), which leaves a portal server started for a next file
 * that may never come. Vitest stops the worker with SIGTERM, which its children would outlive; so every process the
 * worker starts carries this mark in its environment (inherited from here), and the worker ends them all when stopped.
 */
const markVariable = 'RC_E2E_WORKER';
process.env[markVariable] = String(process.pid);
const mark = `${markVariable}=${process.pid}`;

const foldersToRemove = new Set<string>();

/** Folders to remove if the worker is stopped while they are still in use (a spare server's). */
export const removeAtStop = (folders: string[]) => folders.forEach((folder) => foldersToRemove.add(folder));
export const keepAtStop = (folders: string[]) => folders.forEach((folder) => foldersToRemove.delete(folder));

function markedProcesses(): number[] {
  const marked: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(mark)) marked.push(Number(entry));
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return marked;
}

process.once('SIGTERM', () => {
  for (const pid of markedProcesses()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const folder of foldersToRemove) rmSync(folder, { recursive: true, force: true });
  process.exit(0);
});
