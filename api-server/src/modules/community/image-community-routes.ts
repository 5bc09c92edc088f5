import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  CommunityImageCard,
  CommunityImageDetail,
  CommunityImageIdBody,
  CommunityImageListBody,
  CoverBytes,
  CoverKeyParams,
  CoverUpload,
  ImageFit,
  ImageTagCount,
  ImageUseBody,
  MyCommunityImage,
  MyCommunityImageListBody,
  PublishImageBody,
  StarResult,
  UpdateCommunityImageBody,
} from '@rc/api-contract/community/image-community';
import { ok } from '../../envelope.js';
import { currentUser, multipart } from '../../plugins/index.js';
import { imageFit } from '../../compute/index.js';
import {
  deleteImage,
  enforcePostingLimit,
  imageCovers,
  imageDetail,
  listMine,
  listPublished,
  myImage,
  publishedForUse,
  publishedTags,
  publishImage,
  setStar,
  unpublishImage,
  updateImage,
} from '../../community/index.js';
import { sendImage, storeImage } from '../../content/index.js';
import { readChunkForm } from '../../lib/index.js';

const tags = ['镜像社区'];
const published = (status: number) => (status === 1 ? '镜像已发布到社区' : '镜像含敏感词，已提交审核，审核通过后展示');

/** `/apis/community/{api,auth}/image/...`: shared images, stars, the fit check before renting, covers. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart);
  app.post(
    '/api/image/list',
    {
      schema: {
        tags,
        summary: '社区镜像列表（搜索、标签、排序）',
        body: CommunityImageListBody,
        response: { 200: Envelope(Page(CommunityImageCard)) },
      },
    },
    async (request) => ok(await listPublished(app.db, request.body)),
  );

  app.post(
    '/api/image/tag/list',
    { schema: { tags, summary: '社区镜像标签', response: { 200: Envelope(Type.Array(ImageTagCount)) } } },
    async () => ok(await publishedTags(app.db)),
  );

  app.post(
    '/api/image/view',
    { schema: { tags, summary: '社区镜像详情（公开）', body: CommunityImageIdBody, response: { 200: Envelope(CommunityImageDetail) } } },
    async (request) => ok(await imageDetail(app.db, request.body.id, null)),
  );

  app.post(
    '/auth/image/view',
    {
      schema: {
        tags,
        summary: '社区镜像详情（含是否收藏；本人可看未发布的）',
        body: CommunityImageIdBody,
        response: { 200: Envelope(CommunityImageDetail) },
      },
    },
    async (request) => ok(await imageDetail(app.db, request.body.id, currentUser(request).id)),
  );

  app.post(
    '/auth/image/publish',
    { schema: { tags, summary: '发布私有镜像到社区', body: PublishImageBody, response: { 200: Envelope(MyCommunityImage) } } },
    async (request) => {
      const user = currentUser(request);
      await enforcePostingLimit(app, user, 'post');
      const row = await publishImage(app.db, user.id, request.body, app.clock.now());
      return ok(await myImage(app.db, user.id, row.id), published(row.status));
    },
  );

  app.post(
    '/auth/image/update',
    { schema: { tags, summary: '修改自己的社区镜像', body: UpdateCommunityImageBody, response: { 200: Envelope(MyCommunityImage) } } },
    async (request) => {
      const user = currentUser(request);
      const { id, ...fields } = request.body;
      const row = await updateImage(app.db, user.id, id, fields, app.clock.now());
      return ok(await myImage(app.db, user.id, row.id), row.status === 2 ? published(row.status) : '已保存');
    },
  );

  app.post(
    '/auth/image/unpublish',
    { schema: { tags, summary: '下架自己的社区镜像', body: CommunityImageIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await unpublishImage(app.db, currentUser(request).id, request.body.id, app.clock.now());
      return ok(null, '镜像已下架');
    },
  );

  app.post(
    '/auth/image/delete',
    {
      schema: { tags, summary: '删除自己的社区镜像（私有镜像保留）', body: CommunityImageIdBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      await deleteImage(app.db, currentUser(request).id, request.body.id);
      return ok(null, '已删除');
    },
  );

  app.post(
    '/auth/image/my/list',
    { schema: { tags, summary: '我分享的镜像', body: MyCommunityImageListBody, response: { 200: Envelope(Page(MyCommunityImage)) } } },
    async (request) => ok(await listMine(app.db, currentUser(request).id, request.body)),
  );

  app.post(
    '/auth/image/star',
    { schema: { tags, summary: '收藏社区镜像', body: CommunityImageIdBody, response: { 200: Envelope(StarResult) } } },
    async (request) => ok(await setStar(app.db, currentUser(request).id, request.body.id, true, app.clock.now()), '已收藏'),
  );

  app.post(
    '/auth/image/unstar',
    { schema: { tags, summary: '取消收藏社区镜像', body: CommunityImageIdBody, response: { 200: Envelope(StarResult) } } },
    async (request) => ok(await setStar(app.db, currentUser(request).id, request.body.id, false, app.clock.now()), '已取消收藏'),
  );

  app.post(
    '/auth/image/use',
    {
      schema: { tags, summary: '使用前检查：所选地区与GPU的驱动是否支持该镜像', body: ImageUseBody, response: { 200: Envelope(ImageFit) } },
    },
    async (request) => {
      const { id, ...choice } = request.body;
      const image = await publishedForUse(app.db, id);
      const fit = await imageFit(app.db, image.cudaVersion, choice);
      return ok({ ...image, fits: fit.fits, reasons: fit.reasons, fitting: fit.fitting });
    },
  );

  app.post(
    '/auth/image/cover/upload',
    { schema: { tags, summary: '上传封面（multipart：file；PNG/JPG/WebP，不超过2MB）', response: { 200: Envelope(CoverUpload) } } },
    async (request) => {
      currentUser(request);
      let url = '';
      await readChunkForm(request, async (_fields, file) => {
        url = (await storeImage(app, imageCovers, file)).url;
      });
      return ok({ url }, '封面已上传');
    },
  );

  app.get(
    '/api/image/cover/:key',
    {
      schema: {
        tags,
        summary: '社区镜像封面（图片字节）',
        params: CoverKeyParams,
        response: { 200: Type.Union([CoverBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => sendImage(app, imageCovers, request.params.key, reply),
  );
};

export default routes;
