import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import {
  CredentialCheckBody,
  CredentialCheckResult,
  CredentialChunkResult,
  CredentialImage,
  CredentialImageBody,
  CredentialImageBytes,
  CredentialImageList,
  CredentialSaveBody,
} from '@rc/api-contract/user/credential';
import { ok } from '../../../envelope.js';
import { invalid } from '../../../errors.js';
import { currentUser, multipart } from '../../../plugins/index.js';
import { readChunkForm } from '../../../lib/index.js';
import {
  checkDeclaredImage,
  checkSide,
  deleteImage,
  type IdCardImage,
  listImages,
  maxImageBytes,
  ownImage,
  readImage,
  readImageBytes,
  saveStagedImage,
  sideNames,
  stageImage,
} from '../../../accounts/index.js';

const tags = ['实名认证'];

const imageView = (image: IdCardImage) => ({
  id: image.id,
  side: checkSide(image.side),
  sideName: sideNames[checkSide(image.side)],
  fileName: image.fileName,
  contentType: image.contentType,
  size: image.size,
  gmtModified: image.updatedAt.toISOString(),
});

/** `/apis/user/auth/user/credential/image/...`: ID card images for real-name review, readable only by their owner. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart);
  app.post(
    '/auth/user/credential/image/check',
    {
      schema: {
        tags,
        summary: '上传证件图片前的检查（JPG/PNG，不超过5MB）',
        body: CredentialCheckBody,
        response: { 200: Envelope(CredentialCheckResult) },
      },
    },
    async (request) => {
      checkDeclaredImage(request.body.fileName, request.body.totalSize);
      return ok({ skipUpload: false, uploaded: [] as number[] });
    },
  );

  app.post(
    '/auth/user/credential/image/upload',
    {
      schema: {
        tags,
        summary: '上传一张证件图片（multipart：side, filename, identifier, totalSize, chunkNumber=1, totalChunks=1, file）',
        response: { 200: Envelope(CredentialChunkResult) },
      },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      await readChunkForm(request, async (fields, file) => {
        const side = checkSide(fields.text('side', '证件面'));
        const fileName = fields.text('filename', '图片名称', { maxLength: 255 });
        const md5 = fields.md5('identifier', '文件标识');
        const size = fields.integer('totalSize', '图片大小', 0, 2_147_483_647);
        if (
          fields.integer('totalChunks', '分片总数', 1, 1_000_000) !== 1 ||
          fields.integer('chunkNumber', '分片序号', 1, 1_000_000) !== 1
        ) {
          throw invalid(`${maxImageBytes / 1024 / 1024}MB以内的证件图片应一次上传完成`);
        }
        checkDeclaredImage(fileName, size);
        await stageImage(app, userId, side, await readImageBytes(file), { md5, size });
      });
      return ok({ chunkNumber: 1 });
    },
  );

  app.post(
    '/auth/user/credential/image/save',
    {
      schema: {
        tags,
        summary: '保存已上传的证件图片（同一证件面替换原图片）',
        body: CredentialSaveBody,
        response: { 200: Envelope(CredentialImage) },
      },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      const { side, fileName, identifier } = request.body;
      const image = await saveStagedImage(app, userId, side, { fileName, md5: identifier.toLowerCase() });
      return ok(imageView(image), `${sideNames[side]}图片已上传`);
    },
  );

  app.post(
    '/auth/user/credential/image/list',
    { schema: { tags, summary: '我的证件图片', response: { 200: Envelope(CredentialImageList) } } },
    async (request) => {
      return ok({ list: (await listImages(app, currentUser(request).id)).map(imageView) });
    },
  );

  app.post(
    '/auth/user/credential/image/view',
    {
      schema: {
        tags,
        summary: '读取自己的一张证件图片（answers the image bytes）',
        body: CredentialImageBody,
        response: { 200: Type.Union([CredentialImageBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => {
      const image = await ownImage(app, currentUser(request).id, request.body.id);
      return reply
        .header('content-type', image.contentType)
        .header('content-length', String(image.size))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(readImage(app, image));
    },
  );

  app.post(
    '/auth/user/credential/image/delete',
    { schema: { tags, summary: '删除自己的一张证件图片', body: CredentialImageBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteImage(app, currentUser(request).id, request.body.id);
      return ok(null, '证件图片已删除');
    },
  );
};

export default routes;
