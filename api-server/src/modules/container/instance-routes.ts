import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { and, count, eq, ilike, ne } from 'drizzle-orm';
import { images, instances } from '../../db/schema.js';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/app/authentication.js';
import { beginTransition } from '../../compute/instance-state.js';
import { listInstanceViews } from '../../compute/instance-view.js';
import { operateOnInstance } from '../../compute/operate.js';
import { usableImage } from '../../compute/new-instance.js';
import { nodesFittingImage } from '../../community/image-compatibility.js';
import type { Operation } from '../../compute/operations.js';
import { Status } from '../../compute/states.js';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  ChangeImageBody,
  ChangeNameBody,
  CommitImageBody,
  InstanceListBody,
  InstanceStatistics,
} from '@rc/api-contract/container/instance';
import { ByInstance, InstanceView } from '@rc/api-contract/user/compute';
import { pageWindow } from '../../lib/page-window.js';

const tags = ['容器实例'];
const response = { 200: Envelope(InstanceView) };

/** `/apis/container/...`: the instance list and statistics, and operations on the container itself. */
const containerModule: FastifyPluginAsyncTypebox = async (app) => {
  const operate = (request: FastifyRequest, id: number, operation: Operation, msg: string, work: Parameters<typeof operateOnInstance>[3]) =>
    operateOnInstance(app, request, { id, operation, msg }, work);

  app.post(
    '/auth/list',
    {
      schema: {
        tags,
        summary: '实例列表',
        body: InstanceListBody,
        response: { 200: Envelope(Page(InstanceView)) },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const { status, keyword } = request.body;
      const where = and(
        request.body.id === undefined ? undefined : eq(instances.id, request.body.id),
        status === undefined ? undefined : eq(instances.status, status),
        keyword ? ilike(instances.name, `%${keyword.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      );
      const list = await listInstanceViews(app, id, { where, limit: pageSize, offset });
      const [total] = await app.db
        .select({ n: count() })
        .from(instances)
        .where(and(eq(instances.userId, id), ne(instances.status, Status.released), where));
      return ok({ list, total: total?.n ?? 0, pageNum, pageSize });
    },
  );

  app.get(
    '/auth/statistics',
    { schema: { tags, summary: '实例统计', response: { 200: Envelope(InstanceStatistics) } } },
    async (request) => {
      const rows = await app.db
        .select({ status: instances.status, n: count() })
        .from(instances)
        .where(and(eq(instances.userId, currentUser(request).id), ne(instances.status, Status.released)))
        .groupBy(instances.status);
      const of = (...statuses: number[]) => rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.n, 0);
      return ok({
        totalContainer: of(0, 1, 2, 3, 4, 5, 7, 8, 9),
        running: of(Status.running),
        stopped: of(Status.stopped),
        busy: of(Status.creating, Status.starting, Status.stopping, Status.releasing, Status.resetting, Status.committing),
        failed: of(Status.failed),
        byStatus: Object.fromEntries(rows.map((row) => [row.status, row.n])),
      });
    },
  );

  app.put('/auth/reset/:id', { schema: { tags, summary: '重置系统', params: ByInstance, response } }, (request) =>
    operate(request, request.params.id, 'reset', '系统重置中', async (tx, instance, now) =>
      beginTransition(tx, instance.id, await app.compute.driver.reset(instance, now)),
    ),
  );

  app.put('/auth/changeImage', { schema: { tags, summary: '更换镜像', body: ChangeImageBody, response } }, (request) =>
    operate(request, request.body.id, 'changeImage', '更换镜像中，系统盘将重置', async (tx, instance, now) => {
      const image = await usableImage(tx, instance.userId, request.body.imageId);
      await nodesFittingImage(tx, image.id, { regionCode: instance.regionCode, gpuModelId: instance.gpuModelId, nodeId: instance.nodeId });
      const transition = await app.compute.driver.reset({ ...instance, imageId: image.id }, now);
      return beginTransition(tx, instance.id, transition, { imageId: image.id, imageName: image.name });
    }),
  );

  app.put('/auth/commit', { schema: { tags, summary: '保存为私有镜像', body: CommitImageBody, response } }, (request) =>
    operate(request, request.body.id, 'commit', '镜像保存中', async (tx, instance, now) => {
      const [base] = await tx.select().from(images).where(eq(images.id, instance.imageId));
      const [image] = await tx
        .insert(images)
        .values({
          userId: instance.userId,
          name: request.body.imageName,
          framework: base?.framework ?? '自定义',
          frameworkVersion: base?.frameworkVersion ?? '',
          python: base?.python ?? '',
          cuda: base?.cuda ?? '',
          os: base?.os ?? '',
          sizeBytes: 0,
          status: 0,
          sourceInstanceId: instance.id,
          baseImageId: instance.imageId,
          createdAt: now,
        })
        .returning({ id: images.id });
      const committed = await app.compute.driver.commit(instance, now, image!.id);
      await tx.update(images).set({ sizeBytes: committed.sizeBytes }).where(eq(images.id, image!.id));
      return beginTransition(tx, instance.id, committed);
    }),
  );

  app.put('/auth/changeName', { schema: { tags, summary: '修改实例名称', body: ChangeNameBody, response } }, (request) =>
    operate(request, request.body.id, 'changeName', '名称已修改', (tx, instance) =>
      tx
        .update(instances)
        .set({ name: request.body.name.trim() || instance.name })
        .where(eq(instances.id, instance.id)),
    ),
  );
};

export default containerModule;
