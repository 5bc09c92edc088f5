import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { storedFiles } from '../../db/schema.js';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/app/authentication.js';
import { checkRelativePath, joinPath } from '../../uploads/file-names.js';
import { usedBytes } from '../../uploads/quota.js';
import { filesArea } from '../../uploads/user-areas.js';
import { Envelope } from '@rc/api-contract/envelope';
import { DirEntry, StorageUsage, UserDirsBody } from '@rc/api-contract/orion/dir';

const tags = ['文件存储'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/file/userDirs',
    { schema: { tags, summary: '列出文件存储中的一个目录', body: UserDirsBody, response: { 200: Envelope(Type.Array(DirEntry)) } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const folder = checkRelativePath(request.body.path ?? '');
      const prefix = folder ? `${folder}/` : '';
      const rows = await app.db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.userId, userId), eq(storedFiles.area, filesArea), sql`starts_with(${storedFiles.path}, ${prefix})`))
        .orderBy(asc(storedFiles.path));
      const entries = new Map<string, DirEntry>();
      for (const row of rows) {
        const [name, ...deeper] = row.path.slice(prefix.length).split('/');
        if (!name) continue;
        if (deeper.length) {
          if (!entries.has(name)) entries.set(name, { name, path: joinPath(folder, name), isDir: true, size: 0, md5: '', gmtCreate: null });
        } else {
          entries.set(name, { name, path: row.path, isDir: false, size: row.size, md5: row.md5, gmtCreate: row.createdAt.toISOString() });
        }
      }
      return ok([...entries.values()].sort((a, b) => Number(b.isDir) - Number(a.isDir) || a.name.localeCompare(b.name)));
    },
  );

  app.post(
    '/auth/file/userDirs/used',
    { schema: { tags, summary: '已用空间与配额（字节）', response: { 200: Envelope(StorageUsage) } } },
    async (request) => {
      const { stored, reserved } = await usedBytes(app, currentUser(request).id);
      return ok({ used: stored, reserved, quota: app.uploads.settings.quotaBytes });
    },
  );
};

export default routes;
