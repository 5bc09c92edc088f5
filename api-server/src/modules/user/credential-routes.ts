import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../envelope.js';
import { invalid } from '../../errors.js';
import { currentUser } from '../../plugins/authentication.js';
import { readChunkForm } from '../../uploads/chunk-form.js';
import {
  checkDeclaredImage,
  checkSide,
  deleteImage,
  listImages,
  maxImageBytes,
  ownImage,
  readImage,
  readImageBytes,
  saveStagedImage,
  sideNames,
  stageImage,
  type IdCardImage,
} from '../../accounts/credentials.js';
import { Id } from '../common-schemas.js';

const tags = ['实名认证'];
const Side = Type.Union([Type.Literal('front'), Type.Literal('back')], { title: '证件面', description: 'front 人像面，back 国徽面' });
const FileName = Type.String({ title: '图片名称', minLength: 1, maxLength: 255 });
const Md5 = Type.String({ title: '文件标识', pattern: '^[0-9a-fA-F]{32}$', minLength: 32, maxLength: 32 });
const ImageId = Type.Object({ id: Id('图片编号') });

const imageView = (image: IdCardImage) => ({
  id: image.id,
  side: image.side,
  sideName: sideNames[image.side as keyof typeof sideNames],
  fileName: image.fileName,
  contentType: image.contentType,
  size: image.size,
  gmtModified: image.updatedAt.toISOString(),
});

/** `/apis/user/auth/user/credential/image/...`: ID card images for real-name review, readable only by their owner. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024, fileSize: maxImageBytes + 1 } });

  app.post(
    '/auth/user/credential/image/check',
    {
      schema: {
        tags,
        summary: '上传证件图片前的检查（JPG/PNG，不超过5MB）',
        body: Type.Object({ side: Side, fileName: FileName, totalSize: Type.Integer({ title: '图片大小', minimum: 0, maximum: 2_147_483_647 }), identifier: Md5 }),
      },
    },
    async (request) => {
      checkDeclaredImage(request.body.fileName, request.body.totalSize);
      return ok({ skipUpload: false, uploaded: [] as number[] });
    },
  );

  app.post(
    '/auth/user/credential/image/upload',
    { schema: { tags, summary: '上传一张证件图片（multipart：side, filename, identifier, totalSize, chunkNumber=1, totalChunks=1, file）' } },
    async (request) => {
      const { id: userId } = currentUser(request);
      await readChunkForm(request, async (fields, file) => {
        const side = checkSide(fields.text('side', '证件面'));
        const fileName = fields.text('filename', '图片名称', { maxLength: 255 });
        const md5 = fields.md5('identifier', '文件标识');
        const size = fields.integer('totalSize', '图片大小', 0, 2_147_483_647);
        if (fields.integer('totalChunks', '分片总数', 1, 1_000_000) !== 1 || fields.integer('chunkNumber', '分片序号', 1, 1_000_000) !== 1) {
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
    { schema: { tags, summary: '保存已上传的证件图片（同一证件面替换原图片）', body: Type.Object({ side: Side, fileName: FileName, identifier: Md5 }) } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const { side, fileName, identifier } = request.body;
      const image = await saveStagedImage(app, userId, side, { fileName, md5: identifier.toLowerCase() });
      return ok(imageView(image), `${sideNames[side]}图片已上传`);
    },
  );

  app.post('/auth/user/credential/image/list', { schema: { tags, summary: '我的证件图片' } }, async (request) => {
    return ok({ list: (await listImages(app, currentUser(request).id)).map(imageView) });
  });

  app.post(
    '/auth/user/credential/image/view',
    { schema: { tags, summary: '读取自己的一张证件图片（answers the image bytes）', body: ImageId } },
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

  app.post('/auth/user/credential/image/delete', { schema: { tags, summary: '删除自己的一张证件图片', body: ImageId } }, async (request) => {
    await deleteImage(app, currentUser(request).id, request.body.id);
    return ok(null, '证件图片已删除');
  });
};

export default routes;
