import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  ActivateRepositoryBody,
  ImageIdParams,
  ImagePageBody,
  ImageRepository,
  ImageView,
  RenameImageBody,
} from '@rc/api-contract/image/image';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import { pagedAnswer } from '../../lib/index.js';
import {
  activateImageRepository,
  allSystemImages,
  deletePrivateImage,
  imageRepositoryOf,
  privateImagePage,
  renamePrivateImage,
  systemImagePage,
} from '../../compute/index.js';

const tags = ['镜像'];
/** `/apis/image/...`: system images, the user's private images and their repository. */
const imageModule: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/auth/allSys', { schema: { tags, summary: '全部系统镜像', response: { 200: Envelope(Type.Array(ImageView)) } } }, async () => {
    return ok(await allSystemImages(app.db));
  });

  app.post(
    '/auth/system/page',
    { schema: { tags, summary: '系统镜像分页', body: ImagePageBody, response: { 200: Envelope(Page(ImageView)) } } },
    (request) => {
      return pagedAnswer(request.body, (window) => systemImagePage(app.db, request.body.keyword, window));
    },
  );

  app.post(
    '/auth/private/page',
    { schema: { tags, summary: '私有镜像分页', body: ImagePageBody, response: { 200: Envelope(Page(ImageView)) } } },
    (request) => {
      return pagedAnswer(request.body, (window) => privateImagePage(app.db, currentUser(request).id, request.body.keyword, window));
    },
  );

  app.put(
    '/auth/private/change-name',
    { schema: { tags, summary: '私有镜像改名', body: RenameImageBody, response: { 200: Envelope(ImageView) } } },
    async (request) => {
      const renamed = await renamePrivateImage(app.db, currentUser(request).id, request.body.id, request.body.name);
      return ok(renamed, '镜像已改名');
    },
  );

  app.delete(
    '/auth/private/delete/:id',
    { schema: { tags, summary: '删除私有镜像', params: ImageIdParams, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deletePrivateImage(app.db, currentUser(request).id, request.params.id, app.clock.now());
      return ok(null, '镜像已删除');
    },
  );

  app.get('/auth/repository', { schema: { tags, summary: '镜像仓库', response: { 200: Envelope(ImageRepository) } } }, async (request) =>
    ok(await imageRepositoryOf(app.db, currentUser(request).id)),
  );

  app.post(
    '/auth/repository',
    { schema: { tags, summary: '开通镜像仓库', body: ActivateRepositoryBody, response: { 200: Envelope(ImageRepository) } } },
    async (request) => {
      return ok(await activateImageRepository(app.db, currentUser(request).id, request.body.namespace, app.clock.now()), '镜像仓库已开通');
    },
  );
};

export default imageModule;
