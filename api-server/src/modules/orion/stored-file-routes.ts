import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { storedFiles } from '../../db/schema.js';
import { ok } from '../../envelope.js';
import { invalid, notFound } from '../../errors.js';
import { currentUser } from '../../plugins/app/authentication.js';
import { checkRelativePath } from '../../uploads/file-names.js';
import { areaKey, filesArea } from '../../uploads/user-areas.js';

const tags = ['文件存储'];
const FilePath = Type.String({ title: '文件路径', minLength: 1, maxLength: 1024 });

/** `attachment` with the name kept whole for every browser (RFC 6266 / 5987), and an ASCII fallback. */
function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Spec §7: a download is a form post to /apis{path}?token with hidden fields, so the browser saves the answer.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/auth/file/download',
    {
      config: { tokenInQuery: true },
      schema: { tags, summary: '下载文件存储中的一个文件（表单提交，token 在查询串中）', body: Type.Object({ path: FilePath }) },
    },
    async (request, reply) => {
      const { id: userId } = currentUser(request);
      const path = checkRelativePath(request.body.path, '文件路径');
      const [file] = await app.db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.userId, userId), eq(storedFiles.area, filesArea), eq(storedFiles.path, path)));
      if (!file) throw notFound('文件不存在或已删除');
      const name = path.split('/').at(-1)!;
      return reply
        .header('content-type', file.contentType || 'application/octet-stream')
        .header('content-length', String(file.size))
        .header('content-disposition', attachment(name))
        .header('cache-control', 'private, no-store')
        .send(app.blobs.readRange(areaKey(userId, filesArea, path), 0, file.size));
    },
  );

  app.post(
    '/auth/file/remove',
    { schema: { tags, summary: '删除文件存储中的一个文件或整个文件夹', body: Type.Object({ path: FilePath }) } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const path = checkRelativePath(request.body.path, '文件路径');
      if (!path) throw invalid('不能删除根目录');
      // Rows first: a crash before the blobs go leaves unseen bytes, never a listed file without its bytes.
      const removed = await app.db
        .delete(storedFiles)
        .where(
          and(
            eq(storedFiles.userId, userId),
            eq(storedFiles.area, filesArea),
            or(eq(storedFiles.path, path), sql`starts_with(${storedFiles.path}, ${`${path}/`})`),
          ),
        )
        .returning({ size: storedFiles.size });
      if (removed.length === 0) throw notFound('文件不存在或已删除');
      await app.blobs.remove(areaKey(userId, filesArea, path));
      return ok({ files: removed.length, bytes: removed.reduce((sum, file) => sum + file.size, 0) }, '删除成功');
    },
  );
};

export default routes;
