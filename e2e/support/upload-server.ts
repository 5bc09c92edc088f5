import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerProcess } from '../../api-server/src/test-support/server-process';

/** Where the server keeps a file of the user's storage area. */
export const storedPath = (server: ServerProcess, userId: number, relative: string, area = 'files') =>
  path.join(server.dataDir, 'blobs/users', String(userId), area, relative);

/** MD5 of a file in the user's file storage, as the server stored it. */
export function storedMd5(server: ServerProcess, userId: number, relative: string, area = 'files'): string {
  return createHash('md5')
    .update(readFileSync(storedPath(server, userId, relative, area)))
    .digest('hex');
}
