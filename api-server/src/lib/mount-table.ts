import fs from 'node:fs/promises';

/** Whether something is mounted at `folder` (a bind of a folder onto itself, or a mount hidden under a later one, too). */
export async function mountedAt(folder: string) {
  const table = await fs.readFile('/proc/self/mountinfo', 'utf8');
  const escaped = folder.replace(/[ \t\n\\]/g, (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`);
  return table.split('\n').some((line) => line.split(' ')[4] === escaped);
}
