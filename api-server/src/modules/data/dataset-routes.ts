import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  DatasetCopyBody,
  DatasetFile,
  DatasetFilesBody,
  DatasetIdBody,
  DatasetListBody,
  DatasetMountBody,
  DatasetView,
} from '@rc/api-contract/data/dataset';
import { InstanceMountView, MountListBody } from '@rc/api-contract/data/mount';
import { StorageTaskView } from '@rc/api-contract/data/task';
import { ok } from '../../envelope.js';
import { pageWindow, checkRelativePath } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import { mountDataset, mountViews, unmountDataset } from '../../compute/index.js';
import {
  asUserError,
  createTask,
  datasetFileSystem,
  datasetTreeKey,
  datasetView,
  netDiskTreeKey,
  pageOfDatasets,
  readableDataset,
  taskView,
  usableDataset,
} from '../../storage/index.js';

const tags = ['公开数据'];

/** The public catalogue (no sign-in), copying a dataset to my network disk, and dataset mounts of my instances. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/dataset/list',
    {
      schema: {
        tags,
        summary: '公开数据集列表（按关键词搜索名称、标题、描述）',
        body: DatasetListBody,
        response: { 200: Envelope(Page(DatasetView)) },
      },
    },
    async (request) => {
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const { list, total } = await pageOfDatasets(app.db, null, { keyword: request.body.keyword, limit: pageSize, offset });
      return ok({ list: list.map(datasetView), total, pageNum, pageSize });
    },
  );

  app.post(
    '/api/dataset/get',
    { schema: { tags, summary: '公开数据集详情', body: DatasetIdBody, response: { 200: Envelope(DatasetView) } } },
    async (request) => ok(datasetView(await readableDataset(app.db, null, request.body.id))),
  );

  app.post(
    '/api/dataset/files',
    {
      schema: {
        tags,
        summary: '公开数据集某个文件夹中的文件',
        body: DatasetFilesBody,
        response: { 200: Envelope(Type.Array(DatasetFile)) },
      },
    },
    async (request) => {
      const dataset = await readableDataset(app.db, null, request.body.id);
      const folder = checkRelativePath(request.body.path ?? '', '路径');
      const entries = await datasetFileSystem(app, dataset.id)
        .list(folder)
        .catch((error: unknown) => Promise.reject(asUserError(error)));
      return ok(entries.map(({ name, path, isDir, size }) => ({ name, path, isDir, size })));
    },
  );

  app.post(
    '/auth/dataset/copy',
    {
      schema: {
        tags,
        summary: '把数据集复制到我的网盘（后台任务，目标为 <文件夹>/<数据集名称>）',
        body: DatasetCopyBody,
        response: { 200: Envelope(StorageTaskView) },
      },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      const dataset = await usableDataset(app.db, userId, request.body.id);
      const folder = checkRelativePath(request.body.folder ?? '', '目标文件夹');
      const task = await createTask(app, userId, {
        kind: 'copy',
        sourceTree: datasetTreeKey(dataset.id),
        items: [{ from: '', to: folder ? `${folder}/${dataset.name}` : dataset.name }],
        targetTree: netDiskTreeKey(request.body.regionCode),
        targetFolder: folder,
      });
      return ok(taskView(task), '已开始复制，可在「我的下载」中查看进度');
    },
  );

  app.post(
    '/auth/dataset/mount',
    {
      schema: {
        tags,
        summary: '把数据集只读挂载到我的实例（/root/public-data/<名称>），答复实例的全部挂载',
        body: DatasetMountBody,
        response: { 200: Envelope(Type.Array(InstanceMountView)) },
      },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      const dataset = await usableDataset(app.db, userId, request.body.id);
      await mountDataset(app, userId, request.body.instanceId, dataset);
      return ok(await mountViews(app, userId, request.body.instanceId), `已挂载到 /root/public-data/${dataset.name}`);
    },
  );

  app.post(
    '/auth/dataset/unmount',
    {
      schema: {
        tags,
        summary: '从我的实例卸载数据集，答复实例的全部挂载',
        body: DatasetMountBody,
        response: { 200: Envelope(Type.Array(InstanceMountView)) },
      },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      await unmountDataset(app, userId, request.body.instanceId, request.body.id);
      return ok(await mountViews(app, userId, request.body.instanceId), '已卸载');
    },
  );

  app.post(
    '/auth/mount/list',
    {
      schema: {
        tags,
        summary: '我的实例挂载的网盘与数据集',
        body: MountListBody,
        response: { 200: Envelope(Type.Array(InstanceMountView)) },
      },
    },
    async (request) => ok(await mountViews(app, currentUser(request).id, request.body.instanceId)),
  );
};

export default routes;
