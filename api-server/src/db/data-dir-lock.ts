import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `Data directory ${dir} is in use by process ${pid} (another api-server). ` +
        'PGlite cannot share its files between processes: stop that process, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const lockFileOf = (dir: string) => path.join(dir, 'server.lock');

/** The other live process that holds the folder's lock, if any. */
export function dataDirHolder(dir: string): number | undefined {
  let holder: number;
  try {
    holder = Number(fs.readFileSync(lockFileOf(dir), 'utf8'));
  } catch {
    return undefined;
  }
  return Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder) ? holder : undefined;
}

/** Takes `<dir>/server.lock` for this process; a lock left by a dead process is taken over. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = lockFileOf(dir);
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = dataDirHolder(dir);
      if (holder !== undefined) throw new DataDirLockedError(dir, holder);
      fs.rmSync(lockFile, { force: true });
    }
  }
}
