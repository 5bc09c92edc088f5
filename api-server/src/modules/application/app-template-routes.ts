import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { AppDetail, ScopeBody, TemplateBody, TemplateGpuModel, TemplateImage, TemplateScope } from '@rc/api-contract/application/app';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import { usableImage } from '../../compute/index.js';
import {
  appDetail,
  editableApp,
  ownApp,
  saveTemplate,
  templateGpuModels,
  templateImages,
  templateScopes,
} from '../../applications/index.js';

const tags = ['应用中心'];

/** The instance template of my applications: what it may be built on, where it runs, and saving it. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/app/instance/template/list',
    {
      schema: {
        tags,
        summary: '可用于应用的镜像：系统镜像、我的镜像与社区已发布的镜像',
        response: { 200: Envelope(Type.Array(TemplateImage)) },
      },
    },
    async (request) => ok(await templateImages(app.db, currentUser(request).id)),
  );

  app.post(
    '/auth/app/instance/template/scope/list',
    {
      schema: {
        tags,
        summary: '模板可运行的地区与GPU型号（单机最多卡数、驱动CUDA版本；给出镜像时标出是否兼容）',
        body: ScopeBody,
        response: { 200: Envelope(Type.Array(TemplateScope)) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const image = request.body?.imageId ? await usableImage(app.db, user.id, request.body.imageId) : null;
      return ok(await templateScopes(app.db, image?.cuda ?? null));
    },
  );

  app.post(
    '/auth/app/instance/template/category/list',
    {
      schema: {
        tags,
        summary: '模板可选的GPU型号（显存、单机最多卡数、所在地区）',
        response: { 200: Envelope(Type.Array(TemplateGpuModel)) },
      },
    },
    async (request) => {
      currentUser(request);
      return ok(await templateGpuModels(app.db));
    },
  );

  app.post(
    '/auth/app/update/template',
    {
      schema: {
        tags,
        summary: '保存应用的实例模板（按算力池校验GPU型号、数量与镜像CUDA兼容性）',
        body: TemplateBody,
        response: { 200: Envelope(AppDetail) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, ...template } = request.body;
      await editableApp(app.db, user, id);
      await saveTemplate(app.db, user.id, id, template);
      return ok(await appDetail(app.db, user, await ownApp(app.db, user, id)), '实例模板已保存');
    },
  );
};

export default routes;
