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
import { and, asc, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { imageRepositories, images, instances } from '../../db/schema.js';
import { ok } from '../../envelope.js';
import { conflict, notFound } from '../../errors.js';
import { currentUser } from '../../plugins/app/authentication.js';
import { uniqueViolation } from '../../accounts/accounts.js';
import { pageWindow } from '../../lib/page-window.js';

const tags = ['镜像'];
const repositoryQuotaBytes = 30 * 1024 ** 3;

const imageColumns = {
  id: images.id,
  name: images.name,
  framework: images.framework,
  frameworkVersion: images.frameworkVersion,
  python: images.python,
  cuda: images.cuda,
  os: images.os,
  sizeBytes: images.sizeBytes,
  status: images.status,
  sourceInstanceId: images.sourceInstanceId,
  gmtCreate: images.createdAt,
};

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/** `/apis/image/...`: system images, the user's private images and their repository. */
const imageModule: FastifyPluginAsyncTypebox = async (app) => {
  const systemImages = isNull(images.userId);
  const privateImagesOf = (userId: number) => and(eq(images.userId, userId), isNull(images.deletedAt));

  async function page(where: ReturnType<typeof and>, body: { pageNum?: number; pageSize?: number }) {
    const { pageNum, pageSize, offset } = pageWindow(body);
    const list = await app.db.select(imageColumns).from(images).where(where).orderBy(desc(images.id)).limit(pageSize).offset(offset);
    const [total] = await app.db.select({ n: count() }).from(images).where(where);
    return ok({ list, total: total?.n ?? 0, pageNum, pageSize });
  }

  app.get('/auth/allSys', { schema: { tags, summary: '全部系统镜像', response: { 200: Envelope(Type.Array(ImageView)) } } }, async () => {
    return ok(await app.db.select(imageColumns).from(images).where(systemImages).orderBy(asc(images.id)));
  });

  app.post(
    '/auth/system/page',
    { schema: { tags, summary: '系统镜像分页', body: ImagePageBody, response: { 200: Envelope(Page(ImageView)) } } },
    (request) => {
      const { keyword } = request.body;
      return page(
        and(systemImages, keyword ? or(ilike(images.name, like(keyword)), ilike(images.framework, like(keyword))) : undefined),
        request.body,
      );
    },
  );

  app.post(
    '/auth/private/page',
    { schema: { tags, summary: '私有镜像分页', body: ImagePageBody, response: { 200: Envelope(Page(ImageView)) } } },
    (request) => {
      const { keyword } = request.body;
      return page(and(privateImagesOf(currentUser(request).id), keyword ? ilike(images.name, like(keyword)) : undefined), request.body);
    },
  );

  app.put(
    '/auth/private/change-name',
    { schema: { tags, summary: '私有镜像改名', body: RenameImageBody, response: { 200: Envelope(ImageView) } } },
    async (request) => {
      const [renamed] = await app.db
        .update(images)
        .set({ name: request.body.name })
        .where(and(eq(images.id, request.body.id), privateImagesOf(currentUser(request).id)))
        .returning(imageColumns);
      if (!renamed) throw notFound('镜像不存在');
      return ok(renamed, '镜像已改名');
    },
  );

  app.delete(
    '/auth/private/delete/:id',
    { schema: { tags, summary: '删除私有镜像', params: ImageIdParams, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const userId = currentUser(request).id;
      const [image] = await app.db
        .select()
        .from(images)
        .where(and(eq(images.id, request.params.id), privateImagesOf(userId)));
      if (!image) throw notFound('镜像不存在');
      if (image.status !== 1) throw conflict('镜像正在保存中，请保存完成后再删除');
      const [inUse] = await app.db
        .select({ n: count() })
        .from(instances)
        .where(and(eq(instances.imageId, image.id), sql`${instances.status} not in (5, 6)`));
      if ((inUse?.n ?? 0) > 0) throw conflict(`有 ${inUse!.n} 个实例正在使用该镜像，请先为它们更换镜像或释放后再删除`);
      await app.db.update(images).set({ deletedAt: app.clock.now() }).where(eq(images.id, image.id));
      return ok(null, '镜像已删除');
    },
  );

  async function repositoryOf(userId: number) {
    const [repository] = await app.db.select().from(imageRepositories).where(eq(imageRepositories.userId, userId));
    const [usage] = await app.db
      .select({ n: count(), bytes: sql<number>`coalesce(sum(${images.sizeBytes}), 0)::bigint` })
      .from(images)
      .where(privateImagesOf(userId));
    return {
      activated: Boolean(repository),
      namespace: repository?.namespace ?? '',
      registry: repository ? `registry.suanli.example/${repository.namespace}` : '',
      imageCount: usage?.n ?? 0,
      usedBytes: Number(usage?.bytes ?? 0),
      quotaBytes: repositoryQuotaBytes,
    };
  }

  app.get('/auth/repository', { schema: { tags, summary: '镜像仓库', response: { 200: Envelope(ImageRepository) } } }, async (request) =>
    ok(await repositoryOf(currentUser(request).id)),
  );

  app.post(
    '/auth/repository',
    { schema: { tags, summary: '开通镜像仓库', body: ActivateRepositoryBody, response: { 200: Envelope(ImageRepository) } } },
    async (request) => {
      const userId = currentUser(request).id;
      try {
        await app.db
          .insert(imageRepositories)
          .values({ userId, namespace: request.body.namespace, createdAt: app.clock.now() })
          .onConflictDoUpdate({ target: imageRepositories.userId, set: { namespace: request.body.namespace } });
      } catch (error) {
        if (uniqueViolation(error)) throw conflict('该命名空间已被占用');
        throw error;
      }
      return ok(await repositoryOf(userId), '镜像仓库已开通');
    },
  );
};

export default imageModule;
