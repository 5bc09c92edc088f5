import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerProcess } from '../../api-server/src/test-support/server-process';

/** MD5 of a file in the user's file storage, as the server stored it. */
export function storedMd5(server: ServerProcess, userId: number, relative: string, area = 'files'): string {
  return createHash('md5').update(readFileSync(path.join(server.dataDir, 'blobs/users', String(userId), area, relative))).digest('hex');
}
