import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ObjectBody, SaveObjectTextBody } from '@rc/api-contract/cloud-net-disk/cloud-disk';
import { Envelope } from '@rc/api-contract/envelope';
import { SavedText, TextPreview } from '@rc/api-contract/file-preview';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import { checkObjectKey, openCloudDisk, readCloudText, saveCloudText, sendCloudInline } from '../../storage/index.js';

const tags = ['云盘'];
const InlineBytes = Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: '图片或 PDF 的字节（inline）' });

/** `/apis/cloud-net-disk/auth/{read, save, preview}`: a file of the cloud disk shown in the page (through the server), small text edited there. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/read',
    { schema: { tags, summary: '读取文本文件用于预览（前 512KB）', body: ObjectBody, response: { 200: Envelope(TextPreview) } } },
    async (request) => {
      const disk = await openCloudDisk(app, currentUser(request).id, request.body.regionCode);
      return ok(await readCloudText(app, disk, checkObjectKey(request.body.key)));
    },
  );

  app.post(
    '/auth/save',
    {
      schema: { tags, summary: '保存在线编辑的文本文件（不超过 256KB）', body: SaveObjectTextBody, response: { 200: Envelope(SavedText) } },
    },
    async (request) => {
      const disk = await openCloudDisk(app, currentUser(request).id, request.body.regionCode, 'write');
      return ok(await saveCloudText(app, disk, checkObjectKey(request.body.key), request.body.text), '已保存');
    },
  );

  app.post(
    '/auth/preview',
    {
      schema: {
        tags,
        summary: '图片或 PDF 的内容，供页面内预览（不计入我的下载）',
        body: ObjectBody,
        response: { 200: Type.Union([InlineBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => {
      const disk = await openCloudDisk(app, currentUser(request).id, request.body.regionCode);
      return sendCloudInline(app, reply, disk, checkObjectKey(request.body.key));
    },
  );
};

export default routes;
