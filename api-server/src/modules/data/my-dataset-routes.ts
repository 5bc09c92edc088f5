import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  DatasetFile,
  DatasetFilesBody,
  DatasetIdBody,
  DatasetListBody,
  DatasetView,
  MyDatasetCreateBody,
  MyDatasetUpdateBody,
} from '@rc/api-contract/data/dataset';
import { StorageTaskView } from '@rc/api-contract/data/task';
import { ok } from '../../envelope.js';
import { pageWindow, checkRelativePath } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import {
  asUserError,
  createOwnDataset,
  datasetFileSystem,
  datasetView,
  deleteOwnDataset,
  ownDataset,
  pageOfDatasets,
  taskView,
  updateOwnDataset,
} from '../../storage/index.js';

const tags = ['我的数据'];

/** The user's own datasets (我的数据): made from a network disk folder, edited, deleted. Mounting goes through /auth/dataset/mount. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/my-dataset/list',
    { schema: { tags, summary: '我的数据集列表', body: DatasetListBody, response: { 200: Envelope(Page(DatasetView)) } } },
    async (request) => {
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const { list, total } = await pageOfDatasets(app.db, currentUser(request).id, {
        keyword: request.body.keyword,
        limit: pageSize,
        offset,
      });
      return ok({ list: list.map(datasetView), total, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/my-dataset/create',
    {
      schema: {
        tags,
        summary: '从网盘文件夹创建数据集（后台任务复制文件并计算大小、文件数与校验和）',
        body: MyDatasetCreateBody,
        response: { 200: Envelope(Type.Object({ dataset: DatasetView, task: StorageTaskView })) },
      },
    },
    async (request) => {
      const { dataset, task } = await createOwnDataset(app, currentUser(request).id, request.body);
      return ok({ dataset: datasetView(dataset), task: taskView(task) }, '数据集生成中，可在「我的下载」中查看进度');
    },
  );

  app.post(
    '/auth/my-dataset/update',
    {
      schema: {
        tags,
        summary: '修改我的数据集的标题、描述、许可证与版本',
        body: MyDatasetUpdateBody,
        response: { 200: Envelope(DatasetView) },
      },
    },
    async (request) => {
      return ok(datasetView(await updateOwnDataset(app.db, currentUser(request).id, request.body)), '保存成功');
    },
  );

  app.post(
    '/auth/my-dataset/delete',
    { schema: { tags, summary: '删除我的数据集（挂载中不能删除）', body: DatasetIdBody, response: { 200: Envelope(DatasetView) } } },
    async (request) => ok(datasetView(await deleteOwnDataset(app, currentUser(request).id, request.body.id)), '删除成功'),
  );

  app.post(
    '/auth/my-dataset/files',
    {
      schema: {
        tags,
        summary: '我的数据集某个文件夹中的文件',
        body: DatasetFilesBody,
        response: { 200: Envelope(Type.Array(DatasetFile)) },
      },
    },
    async (request) => {
      const dataset = await ownDataset(app.db, currentUser(request).id, request.body.id);
      const folder = checkRelativePath(request.body.path ?? '', '路径');
      const entries = await datasetFileSystem(app, dataset.id)
        .list(folder)
        .catch((error: unknown) => Promise.reject(asUserError(error)));
      return ok(entries.map(({ name, path, isDir, size }) => ({ name, path, isDir, size })));
    },
  );
};

export default routes;
