import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import {
  RemoveToTrashResult,
  SftpFolderBody,
  SftpListBody,
  SftpMkdirBody,
  SftpOpenBody,
  SftpOpenResult,
  SftpRemoveBody,
  SftpRenameBody,
  SftpTransferBody,
  TransferResult,
  TrashEntry,
  TrashItemBody,
  TreeEntry,
  TreePage,
} from '@rc/api-contract/orion/sftp';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import {
  backgroundCopyMessage,
  clusterHome,
  copyIntoFolder,
  deleteFromTrash,
  emptyTrash,
  forgetStoredPaths,
  inTree,
  listTrash,
  listTreeFolder,
  listTreeFolders,
  makeTreeFolder,
  moveToTrash,
  moveTreeItems,
  openClusterTreeOf,
  renameTreeItem,
  restoreFromTrash,
  treePath,
} from '../../storage/index.js';

const tags = ['文件存储'];

/**
 * `/apis/orion/auth/sftp/...`: the user's file storage on a cluster (`clusterId`, else the default):
 * browse, make folders, rename, move and copy several items, delete to the trash and back. Folders
 * are moved and copied within the call (no background task runner yet).
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tree = (request: { body: { clusterId?: number } }, userId: number) => openClusterTreeOf(app, userId, request.body.clusterId);

  app.post(
    '/auth/sftp/open',
    { schema: { tags, summary: '连接集群：主目录与用量', body: SftpOpenBody, response: { 200: Envelope(SftpOpenResult) } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const opened = await tree(request, userId);
      const used = await inTree(() => opened.fs.usage());
      const clusterId = Number(opened.key.split(':')[1]);
      return ok({ clusterId, clusterName: opened.label, home: await clusterHome(app, clusterId, userId), used, quota: opened.quota });
    },
  );

  app.post(
    '/auth/sftp/list',
    { schema: { tags, summary: '列出一个文件夹（排序、分页）', body: SftpListBody, response: { 200: Envelope(TreePage) } } },
    async (request) => {
      const { path = '', ...options } = request.body;
      return ok(await listTreeFolder(await tree(request, currentUser(request).id), path, options));
    },
  );

  app.post(
    '/auth/sftp/list-dir',
    {
      schema: {
        tags,
        summary: '一个文件夹中的子文件夹（移动、复制的目标选择）',
        body: SftpFolderBody,
        response: { 200: Envelope(Type.Array(TreeEntry)) },
      },
    },
    async (request) => ok(await listTreeFolders(await tree(request, currentUser(request).id), request.body.path ?? '')),
  );

  app.post(
    '/auth/sftp/mkdir',
    { schema: { tags, summary: '新建文件夹', body: SftpMkdirBody, response: { 200: Envelope(TreeEntry) } } },
    async (request) => {
      const made = await makeTreeFolder(await tree(request, currentUser(request).id), request.body.path ?? '', request.body.name);
      return ok(made, '文件夹已创建');
    },
  );

  app.post(
    '/auth/sftp/rename',
    { schema: { tags, summary: '重命名文件或文件夹', body: SftpRenameBody, response: { 200: Envelope(TreeEntry) } } },
    async (request) => {
      const renamed = await renameTreeItem(app, await tree(request, currentUser(request).id), request.body.path, request.body.name);
      return ok(renamed, '重命名成功');
    },
  );

  app.post(
    '/auth/sftp/move',
    {
      schema: { tags, summary: '把多个文件、文件夹移动到一个文件夹', body: SftpTransferBody, response: { 200: Envelope(TransferResult) } },
    },
    async (request) => {
      const paths = await moveTreeItems(app, await tree(request, currentUser(request).id), request.body.paths, request.body.target);
      return ok({ paths, taskId: null }, '移动成功');
    },
  );

  app.post(
    '/auth/sftp/copy',
    {
      schema: {
        tags,
        summary: '把多个文件、文件夹复制到一个文件夹（含文件夹时转为后台任务）',
        body: SftpTransferBody,
        response: { 200: Envelope(TransferResult) },
      },
    },
    async (request) => {
      const copied = await copyIntoFolder(app, await tree(request, currentUser(request).id), request.body.paths, request.body.target);
      return ok(copied, copied.taskId === null ? '复制成功' : backgroundCopyMessage);
    },
  );

  app.post(
    '/auth/sftp/remove',
    { schema: { tags, summary: '删除到回收站（保留期内可恢复）', body: SftpRemoveBody, response: { 200: Envelope(RemoveToTrashResult) } } },
    async (request) => {
      const opened = await tree(request, currentUser(request).id);
      // A path inside another one chosen goes with it.
      const chosen = [...new Set(request.body.paths.map((path) => treePath(path)))];
      const paths = chosen.filter((path) => !chosen.some((other) => path.startsWith(`${other}/`)));
      const items = [];
      for (const path of paths) {
        items.push(await inTree(() => moveToTrash(app, opened, path)));
        await forgetStoredPaths(app, opened, path);
      }
      return ok({ items }, '已移入回收站');
    },
  );

  app.post(
    '/auth/sftp/trash/list',
    { schema: { tags, summary: '回收站', body: SftpOpenBody, response: { 200: Envelope(Type.Array(TrashEntry)) } } },
    async (request) => {
      const opened = await tree(request, currentUser(request).id);
      return ok(await listTrash(app, opened.userId, opened.key));
    },
  );

  app.post(
    '/auth/sftp/trash/restore',
    { schema: { tags, summary: '从回收站恢复到原位置', body: TrashItemBody, response: { 200: Envelope(TrashEntry) } } },
    async (request) => ok(await inTree(() => restoreFromTrash(app, currentUser(request).id, request.body.id)), '已恢复'),
  );

  app.post(
    '/auth/sftp/trash/delete',
    { schema: { tags, summary: '从回收站彻底删除一项', body: TrashItemBody, response: { 200: Envelope(TrashEntry) } } },
    async (request) => ok(await inTree(() => deleteFromTrash(app, currentUser(request).id, request.body.id)), '已彻底删除'),
  );

  app.post(
    '/auth/sftp/trash/empty',
    { schema: { tags, summary: '清空回收站', body: SftpOpenBody, response: { 200: Envelope(Type.Object({ removed: Type.Integer() })) } } },
    async (request) => {
      const opened = await tree(request, currentUser(request).id);
      return ok({ removed: await emptyTrash(app, opened.userId, opened.key) }, '回收站已清空');
    },
  );
};

export default routes;
