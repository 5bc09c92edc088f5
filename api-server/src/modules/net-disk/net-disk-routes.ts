import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { MoneyQuote } from '@rc/api-contract/user/quote';
import {
  ActivationBody,
  ActivationQuoteBody,
  ActivationResult,
  DeleteQuery,
  DiskEntry,
  Done,
  TransferDone,
  DownloadBody,
  ListBody,
  MkdirBody,
  NetDiskOverview,
  RegionBody,
  RenameBody,
  TotalUsed,
  TransferBody,
  TrashEntry,
  TrashItemBody,
} from '@rc/api-contract/net-disk/net-disk';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import {
  activateNetDisk,
  quoteNetDiskActivation,
  backgroundCopyMessage,
  checkNetDiskUsage,
  copyIntoFolder,
  deleteFromTrash,
  emptyTrash,
  ensureWritable,
  listTrash,
  listTreeFolder,
  makeTreeFolder,
  moveToTrash,
  moveTreeItems,
  netDiskOverview,
  netDiskTotals,
  netDiskTreeKey,
  openTree,
  ownNetDiskTrashItem,
  renameTreeItem,
  restoreFromTrash,
  sendTreeDownload,
  type TrashItem,
  treePath,
} from '../../storage/index.js';

const tags = ['网盘'];
/** A download answers the file's bytes; a refusal answers the envelope. */
const FileBytes = Type.Unsafe<Readable>({
  type: 'string',
  format: 'binary',
  description: '文件字节或文件夹的 zip（attachment），文件支持 Range',
});

const openDisk = (app: FastifyInstance, userId: number, regionCode: string) => openTree(app, userId, netDiskTreeKey(regionCode));

const trashEntry = (item: TrashItem): TrashEntry => ({
  id: item.id,
  name: path.posix.basename(item.originalPath),
  originalPath: item.originalPath,
  isDir: item.isDir,
  bytes: item.bytes,
  files: item.files,
  deletedAt: item.deletedAt.toISOString(),
  expiresAt: item.expiresAt.toISOString(),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Downloads are form posts with the token a hidden field (spec §7), so the browser saves the answer.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(
    '/auth/get',
    { schema: { tags, summary: '各地区的网盘：容量、免费额度、价格、用量与状态', response: { 200: Envelope(NetDiskOverview) } } },
    async (request) => ok(await netDiskOverview(app, currentUser(request).id)),
  );

  app.post(
    '/auth/activation/quote',
    {
      schema: {
        tags,
        summary: '开通或调整网盘容量的报价（自动选择最优的存储代金券，可换用其他或不用）',
        body: ActivationQuoteBody,
        response: { 200: Envelope(MoneyQuote) },
      },
    },
    async (request) => ok(await quoteNetDiskActivation(app, { userId: currentUser(request).id, ...request.body })),
  );

  app.post(
    '/auth/activation',
    {
      schema: {
        tags,
        summary: '开通某地区的网盘，或调整已开通网盘的容量（扩容按剩余时间补差价）',
        body: ActivationBody,
        response: { 200: Envelope(ActivationResult) },
      },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      const result = await activateNetDisk(app, { userId, ...request.body });
      await checkNetDiskUsage(app, userId, request.body.regionCode);
      return ok(result, '网盘容量已更新');
    },
  );

  app.get(
    '/auth/total/used',
    { schema: { tags, summary: '所有网盘的用量合计', response: { 200: Envelope(TotalUsed) } } },
    async (request) => ok(await netDiskTotals(app, currentUser(request).id)),
  );

  app.post(
    '/auth/list',
    {
      schema: {
        tags,
        summary: '列出网盘中的一个文件夹（文件夹在前，排序、分页）',
        body: ListBody,
        response: { 200: Envelope(Page(DiskEntry)) },
      },
    },
    async (request) => {
      const { regionCode, path: folder = '', sort = 'name', order = 'asc', pageNum = 1, pageSize = 10 } = request.body;
      const tree = await openDisk(app, currentUser(request).id, regionCode);
      const page = await listTreeFolder(tree, folder, { sort, order, pageNum, pageSize });
      return ok({
        list: page.list.map((entry) => ({ ...entry, modifiedAt: entry.modifiedAt.toISOString() })),
        total: page.total,
        pageNum,
        pageSize,
      });
    },
  );

  app.post(
    '/auth/delete',
    { schema: { tags, summary: '把网盘中的文件或文件夹移到回收站', querystring: DeleteQuery, response: { 200: Envelope(TrashEntry) } } },
    async (request) => {
      const tree = await openDisk(app, currentUser(request).id, request.query.regionCode);
      ensureWritable(tree);
      return ok(trashEntry(await moveToTrash(app, tree, treePath(request.query.path))), '已移到回收站');
    },
  );

  app.post(
    '/auth/mkdir',
    {
      schema: { tags, summary: '新建文件夹', body: MkdirBody, response: { 200: Envelope(Type.String({ description: '新文件夹的路径' })) } },
    },
    async (request) => {
      const tree = await openDisk(app, currentUser(request).id, request.body.regionCode);
      return ok((await makeTreeFolder(tree, request.body.path ?? '', request.body.name)).path, '文件夹已创建');
    },
  );

  app.post(
    '/auth/rename',
    {
      schema: {
        tags,
        summary: '重命名文件或文件夹',
        body: RenameBody,
        response: { 200: Envelope(Type.String({ description: '新路径' })) },
      },
    },
    async (request) => {
      const tree = await openDisk(app, currentUser(request).id, request.body.regionCode);
      return ok((await renameTreeItem(app, tree, request.body.path, request.body.name)).path, '已重命名');
    },
  );

  for (const mode of ['move', 'copy'] as const) {
    app.post(
      `/auth/${mode}`,
      {
        schema: {
          tags,
          summary: mode === 'move' ? '把文件或文件夹移动到另一个文件夹' : '把文件或文件夹复制到另一个文件夹（先检查配额）',
          body: TransferBody,
          response: { 200: Envelope(TransferDone) },
        },
      },
      async (request) => {
        const { id: userId } = currentUser(request);
        const { regionCode, paths, to } = request.body;
        const tree = await openDisk(app, userId, regionCode);
        if (mode === 'move') return ok({ count: (await moveTreeItems(app, tree, paths, to)).length, taskId: null }, '已移动');
        const copied = await copyIntoFolder(app, tree, paths, to);
        if (copied.taskId !== null) return ok({ count: copied.paths.length, taskId: copied.taskId }, backgroundCopyMessage);
        await checkNetDiskUsage(app, userId, regionCode);
        return ok({ count: copied.paths.length, taskId: null }, '已复制');
      },
    );
  }

  app.post(
    '/auth/trash/list',
    { schema: { tags, summary: '网盘回收站', body: RegionBody, response: { 200: Envelope(Type.Array(TrashEntry)) } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      await openDisk(app, userId, request.body.regionCode);
      return ok((await listTrash(app, userId, netDiskTreeKey(request.body.regionCode))).map(trashEntry));
    },
  );

  app.post(
    '/auth/trash/restore',
    { schema: { tags, summary: '从回收站恢复到原位置', body: TrashItemBody, response: { 200: Envelope(TrashEntry) } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const item = await ownNetDiskTrashItem(app.db, userId, request.body.id);
      ensureWritable(await openTree(app, userId, item.tree));
      return ok(trashEntry(await restoreFromTrash(app, userId, item.id)), '已恢复');
    },
  );

  app.post(
    '/auth/trash/delete',
    { schema: { tags, summary: '从回收站永久删除一项', body: TrashItemBody, response: { 200: Envelope(TrashEntry) } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const item = await ownNetDiskTrashItem(app.db, userId, request.body.id);
      return ok(trashEntry(await deleteFromTrash(app, userId, item.id)), '已永久删除');
    },
  );

  app.post(
    '/auth/trash/empty',
    { schema: { tags, summary: '清空网盘回收站', body: RegionBody, response: { 200: Envelope(Done) } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      await openDisk(app, userId, request.body.regionCode);
      return ok({ count: await emptyTrash(app, userId, netDiskTreeKey(request.body.regionCode)) }, '回收站已清空');
    },
  );

  app.post(
    '/auth/download',
    {
      config: { tokenInFormBody: true },
      schema: {
        tags,
        summary: '下载网盘中的文件或文件夹（表单提交，token 为表单隐藏字段；文件支持 Range 断点续传，文件夹打包为 zip）',
        body: DownloadBody,
        response: {
          200: Type.Union([FileBytes, Envelope(Type.Null())]),
          206: FileBytes,
          416: Type.String({ description: 'Range 超出文件大小' }),
        },
      },
    },
    async (request, reply) =>
      sendTreeDownload(app, request, reply, await openDisk(app, currentUser(request).id, request.body.regionCode), request.body.path),
  );
};

export default routes;
