import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { UploadedImage } from '@rc/api-contract/community/blog';
import { ok } from '../../envelope.js';
import { invalid } from '../../errors.js';
import { currentUser } from '../../plugins/app/authentication.js';
import { postImages } from '../../community/image-shelves.js';
import { sendImage, storeImage } from '../../community/stored-images.js';

const tags = ['社区'];
const ImageBytes = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: '图片字节' });

/** Images in posts: uploaded by signed-in writers, served to everyone. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/blog/image/upload',
    {
      schema: {
        tags,
        summary: '上传文章图片（multipart：file；PNG/JPEG/GIF/WebP，不超过10MB）',
        response: { 200: Envelope(UploadedImage) },
      },
    },
    async (request) => {
      currentUser(request);
      if (!request.isMultipart()) throw invalid('请以 multipart/form-data 上传图片');
      const file = await request.file({ limits: { fileSize: postImages.maxBytes + 1, files: 1 } });
      if (!file) throw invalid('图片不能为空');
      return ok(await storeImage(app, postImages, file.file), '图片已上传');
    },
  );

  app.get(
    '/api/image/:key',
    {
      schema: {
        tags,
        summary: '文章图片（公开，长期缓存）',
        params: Type.Object({ key: Type.String({ maxLength: 80 }) }),
        response: { 200: Type.Union([ImageBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => sendImage(app, postImages, request.params.key, reply),
  );
};

export default routes;
