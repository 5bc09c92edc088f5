import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { SavedText, TextPreview } from '@rc/api-contract/file-preview';
import { DownloadBody, SaveTextBody } from '@rc/api-contract/net-disk/net-disk';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import { netDiskTreeKey, openTree, readTreeText, saveTreeText, sendTreeInline } from '../../storage/index.js';

const tags = ['网盘'];
const InlineBytes = Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: '图片或 PDF 的字节（inline）' });

/** `/apis/net-disk/auth/{read, save, preview}`: a file of the network disk shown in the page, small text edited there. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const disk = (request: FastifyRequest, body: { regionCode: string }) =>
    openTree(app, currentUser(request).id, netDiskTreeKey(body.regionCode));

  app.post(
    '/auth/read',
    { schema: { tags, summary: '读取文本文件用于预览（前 512KB）', body: DownloadBody, response: { 200: Envelope(TextPreview) } } },
    async (request) => ok(await readTreeText(await disk(request, request.body), request.body.path)),
  );

  app.post(
    '/auth/save',
    { schema: { tags, summary: '保存在线编辑的文本文件（不超过 256KB）', body: SaveTextBody, response: { 200: Envelope(SavedText) } } },
    async (request) => ok(await saveTreeText(await disk(request, request.body), request.body.path, request.body.text), '已保存'),
  );

  app.post(
    '/auth/preview',
    {
      schema: {
        tags,
        summary: '图片或 PDF 的内容，供页面内预览（不计入我的下载）',
        body: DownloadBody,
        response: { 200: Type.Union([InlineBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => sendTreeInline(reply, await disk(request, request.body), request.body.path),
  );
};

export default routes;
