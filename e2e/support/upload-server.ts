import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerProcess } from '../../api-server/src/test-support/server-process';

/** Where the server keeps a file of the user's storage area: file storage in the user's folder of the default (local) cluster, id 1. */
export const storedPath = (server: ServerProcess, userId: number, relative: string, area = 'files') =>
  area === 'files'
    ? path.join(server.dataDir, 'file-storage', '1', String(userId), relative)
    : path.join(server.dataDir, 'blobs/users', String(userId), area, relative);

/** MD5 of a file in the user's file storage, as the server stored it. */
export function storedMd5(server: ServerProcess, userId: number, relative: string, area = 'files'): string {
  return createHash('md5')
    .update(readFileSync(storedPath(server, userId, relative, area)))
    .digest('hex');
}
