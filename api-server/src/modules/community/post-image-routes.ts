import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { UploadedImage } from '@rc/api-contract/community/blog';
import { ok } from '../../envelope.js';
import { currentUser, multipart } from '../../plugins/index.js';
import { postImages } from '../../community/index.js';
import { imageFormMessages, sendImage, storeImage } from '../../content/index.js';
import { readFileForm } from '../../lib/index.js';

const tags = ['社区'];
const ImageBytes = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: '图片字节' });

/** Images in posts: uploaded by signed-in writers, served to everyone. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart);
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
      let stored: Awaited<ReturnType<typeof storeImage>> | undefined;
      await readFileForm(
        request,
        imageFormMessages(postImages),
        async (_fields, file) => {
          stored = await storeImage(app, postImages, file);
        },
        { fileSize: postImages.maxBytes + 1 },
      );
      return ok(stored!, '图片已上传');
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
