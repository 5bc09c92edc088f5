import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import { inTree, listTreeFolder, openClusterTreeOf, treePath } from '../../storage/index.js';
import { recordedMd5s, usedBytes } from '../../uploads/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { DirEntry, StorageUsage, UserDirsBody } from '@rc/api-contract/orion/dir';

const tags = ['文件存储'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/file/userDirs',
    {
      schema: {
        tags,
        summary: '列出默认集群文件存储中的一个目录（上传后未被改写的文件带 MD5）',
        body: UserDirsBody,
        response: { 200: Envelope(Type.Array(DirEntry)) },
      },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      const tree = await openClusterTreeOf(app, userId);
      const folder = treePath(request.body.path ?? '');
      // The upload page opens a new folder before its first file is uploaded: empty until then.
      if (folder && !(await inTree(() => tree.fs.stat(folder)))) return ok([]);
      const { list } = await listTreeFolder(tree, folder, { pageSize: 10_000 });
      const md5s = await recordedMd5s(app, userId, tree, list);
      return ok(
        list.map(({ name, path, isDir, size, modifiedAt }) => ({
          name,
          path,
          isDir,
          size,
          md5: md5s.get(path) ?? '',
          gmtCreate: isDir ? null : modifiedAt,
        })),
      );
    },
  );

  app.post(
    '/auth/file/userDirs/used',
    { schema: { tags, summary: '默认集群文件存储的用量与配额（字节、文件数）', response: { 200: Envelope(StorageUsage) } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const tree = await openClusterTreeOf(app, userId);
      const used = await inTree(() => tree.fs.usage());
      const { reserved } = await usedBytes(app, userId);
      return ok({
        used: used.bytes,
        reserved,
        quota: tree.quota.bytes,
        usedFiles: used.files,
        quotaFiles: tree.quota.files,
        clusterId: Number(tree.key.split(':')[1]),
      });
    },
  );
};

export default routes;
