import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { DownloadBody, FilePathBody, RemoveResult } from '@rc/api-contract/orion/stored-file';
import { ok } from '../../envelope.js';
import { invalid, notFound } from '../../errors.js';
import { currentUser } from '../../plugins/index.js';
import { forgetStoredPaths, inTree, openClusterTreeOf, sendTreeDownload, treePath } from '../../storage/index.js';

const tags = ['文件存储'];
/** A download answers the file's bytes; a refusal answers the envelope. */
const FileBytes = Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: '文件字节（attachment）' });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Spec §7: a download is a form post to /apis{path} with hidden fields (the token one of them), so the browser saves the answer.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/auth/file/download',
    {
      config: { tokenInFormBody: true },
      schema: {
        tags,
        summary: '下载文件存储中的一个文件（支持 Range 断点续传）或整个文件夹（zip）（表单提交，token 为表单隐藏字段）',
        body: DownloadBody,
        response: { 200: Type.Union([FileBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => {
      const { id: userId } = currentUser(request);
      const tree = await openClusterTreeOf(app, userId, request.body.clusterId ? Number(request.body.clusterId) : undefined);
      return sendTreeDownload(app, request, reply, tree, request.body.path);
    },
  );

  // The same download as a GET with the token header, which a program can resume with Range requests.
  app.get(
    '/auth/file/download',
    {
      schema: {
        tags,
        summary: '下载文件存储中的文件或文件夹（GET 形式，token 请求头，可断点续传）',
        querystring: DownloadBody,
        response: { 200: Type.Union([FileBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => {
      const { id: userId } = currentUser(request);
      const tree = await openClusterTreeOf(app, userId, request.query.clusterId ? Number(request.query.clusterId) : undefined);
      return sendTreeDownload(app, request, reply, tree, request.query.path);
    },
  );

  app.post(
    '/auth/file/remove',
    { schema: { tags, summary: '删除文件存储中的一个文件或整个文件夹', body: FilePathBody, response: { 200: Envelope(RemoveResult) } } },
    async (request) => {
      const tree = await openClusterTreeOf(app, currentUser(request).id);
      const path = treePath(request.body.path, '文件路径');
      if (!path) throw invalid('不能删除根目录');
      const entry = await inTree(() => tree.fs.stat(path));
      if (!entry) throw notFound('文件不存在或已删除');
      const usage = entry.isDir ? await inTree(() => tree.fs.usage(path)) : { bytes: entry.size, files: 1 };
      await inTree(() => tree.fs.remove(path));
      await forgetStoredPaths(app, tree, path);
      return ok({ files: usage.files, bytes: usage.bytes }, '删除成功');
    },
  );
};

export default routes;
