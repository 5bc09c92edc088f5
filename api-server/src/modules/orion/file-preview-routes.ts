import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { SavedText, TextPreview } from '@rc/api-contract/file-preview';
import { SftpFileBody, SftpReadBody, SftpSaveBody } from '@rc/api-contract/orion/sftp';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import { openClusterTreeOf, readTreeText, saveTreeText, sendTreeInline } from '../../storage/index.js';

const tags = ['文件存储'];
const InlineBytes = Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: '图片或 PDF 的字节（inline）' });

/** `/apis/orion/auth/sftp/{read, save, preview}`: a file of the user's file storage shown in the page, small text edited there. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tree = (request: { body: { clusterId?: number } }, userId: number) => openClusterTreeOf(app, userId, request.body.clusterId);

  app.post(
    '/auth/sftp/read',
    {
      schema: {
        tags,
        summary: '读取文本文件用于预览（前 512KB，tail 时为最后 512KB）',
        body: SftpReadBody,
        response: { 200: Envelope(TextPreview) },
      },
    },
    async (request) => {
      const opened = await tree(request, currentUser(request).id);
      return ok(await readTreeText(opened, request.body.path, { tail: request.body.tail }));
    },
  );

  app.post(
    '/auth/sftp/save',
    { schema: { tags, summary: '保存在线编辑的文本文件（不超过 256KB）', body: SftpSaveBody, response: { 200: Envelope(SavedText) } } },
    async (request) => {
      const opened = await tree(request, currentUser(request).id);
      return ok(await saveTreeText(opened, request.body.path, request.body.text), '已保存');
    },
  );

  app.post(
    '/auth/sftp/preview',
    {
      schema: {
        tags,
        summary: '图片或 PDF 的内容，供页面内预览（不计入我的下载）',
        body: SftpFileBody,
        response: { 200: Type.Union([InlineBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => sendTreeInline(reply, await tree(request, currentUser(request).id), request.body.path),
  );
};

export default routes;
