import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { StorageTaskView, TaskCreateBody, TaskIdBody, TaskListBody } from '@rc/api-contract/data/task';
import { ok } from '../../envelope.js';
import { pageWindow } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import { cancelTask, createTransferTask, ownTask, pageOfTasks, taskView, treePath } from '../../storage/index.js';

const tags = ['存储任务'];

/** Copies and moves run in the background: create, list (running first), view, cancel. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/task/create',
    {
      schema: {
        tags,
        summary: '创建复制或移动任务（网盘、文件存储之间或之内，先检查目标空间）',
        body: TaskCreateBody,
        response: { 200: Envelope(StorageTaskView) },
      },
    },
    async (request) => {
      const { kind, sourceTree, targetTree } = request.body;
      const paths = request.body.paths.map((path) => treePath(path, '路径'));
      const targetFolder = treePath(request.body.targetFolder, '目标文件夹');
      const task = await createTransferTask(app, currentUser(request).id, { kind, sourceTree, paths, targetTree, targetFolder });
      return ok(taskView(task), `已开始${kind === 'copy' ? '复制' : '移动'}，可在「我的下载」中查看进度`);
    },
  );

  app.post(
    '/auth/task/list',
    { schema: { tags, summary: '我的任务（进行中的在前）', body: TaskListBody, response: { 200: Envelope(Page(StorageTaskView)) } } },
    async (request) => {
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const { list, total } = await pageOfTasks(app, currentUser(request).id, { limit: pageSize, offset });
      return ok({ list: list.map(taskView), total, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/task/get',
    { schema: { tags, summary: '任务详情（进度与失败项）', body: TaskIdBody, response: { 200: Envelope(StorageTaskView) } } },
    async (request) => ok(taskView(await ownTask(app, currentUser(request).id, request.body.id))),
  );

  app.post(
    '/auth/task/cancel',
    {
      schema: {
        tags,
        summary: '取消任务（在两个文件之间停下，已完成的保留）',
        body: TaskIdBody,
        response: { 200: Envelope(StorageTaskView) },
      },
    },
    async (request) => ok(taskView(await cancelTask(app, currentUser(request).id, request.body.id)), '已取消'),
  );
};

export default routes;
