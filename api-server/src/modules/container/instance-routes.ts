import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import {
  changeImage,
  commitImage,
  instancePage,
  instanceStatistics,
  operateOnInstance,
  type Operation,
  renameInstance,
  resetSystemDisk,
} from '../../compute/index.js';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  ChangeImageBody,
  ChangeNameBody,
  CommitImageBody,
  InstanceListBody,
  InstanceStatistics,
} from '@rc/api-contract/container/instance';
import { ByInstance, InstanceView } from '@rc/api-contract/user/compute';
import { pagedAnswer } from '../../lib/index.js';

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
      return pagedAnswer(request.body, (window) => instancePage(app, currentUser(request).id, request.body, window));
    },
  );

  app.get(
    '/auth/statistics',
    { schema: { tags, summary: '实例统计', response: { 200: Envelope(InstanceStatistics) } } },
    async (request) => {
      return ok(await instanceStatistics(app.db, currentUser(request).id));
    },
  );

  app.put('/auth/reset/:id', { schema: { tags, summary: '重置系统', params: ByInstance, response } }, (request) =>
    operate(request, request.params.id, 'reset', '系统重置中', (tx, instance, now) =>
      resetSystemDisk(tx, app.compute.driver, instance, now),
    ),
  );

  app.put('/auth/changeImage', { schema: { tags, summary: '更换镜像', body: ChangeImageBody, response } }, (request) =>
    operate(request, request.body.id, 'changeImage', '更换镜像中，系统盘将重置', (tx, instance, now) =>
      changeImage(tx, app.compute.driver, instance, request.body.imageId, now),
    ),
  );

  app.put('/auth/commit', { schema: { tags, summary: '保存为私有镜像', body: CommitImageBody, response } }, (request) =>
    operate(request, request.body.id, 'commit', '镜像保存中', (tx, instance, now) =>
      commitImage(tx, app.compute.driver, instance, request.body.imageName, now),
    ),
  );

  app.put('/auth/changeName', { schema: { tags, summary: '修改实例名称', body: ChangeNameBody, response } }, (request) =>
    operate(request, request.body.id, 'changeName', '名称已修改', (tx, instance) => renameInstance(tx, instance, request.body.name)),
  );
};

export default containerModule;
