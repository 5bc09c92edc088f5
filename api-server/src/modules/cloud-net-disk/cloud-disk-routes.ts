import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@rc/api-contract/envelope';
import {
  ActivationBody,
  CloudDiskInfo,
  CompleteMultipartBody,
  DeleteBody,
  DeleteResult,
  DownloadPresignedBody,
  DownloadPresignedResult,
  FolderBody,
  FolderResult,
  ListQuery,
  ListResult,
  MultipartPresignedBody,
  MultipartPresignedResult,
  RegionQuery,
  SinglePresignedBody,
  SinglePresignedResult,
  StoredObjectResult,
} from '@rc/api-contract/cloud-net-disk/cloud-disk';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import {
  activateCloudDisk,
  checkObjectKey,
  checkPrefix,
  checkRegion,
  cloudDiskUsage,
  completeMultipartUpload,
  createFolder,
  deleteObjects,
  findCloudDisk,
  listFolder,
  loadStorageTerms,
  newObjectKey,
  openCloudDisk,
  presignDownload,
  presignSingleUpload,
  startMultipartUpload,
} from '../../storage/index.js';

const tags = ['云盘'];

/** Spec §7 "Cloud disk": one S3-style disk per user and region; bytes go straight between the browser and the object store. */
/** What the site charges for a cloud disk (sys_config `cloudDiskPrice`). */
async function cloudDiskPrice(app: FastifyInstance) {
  const { cloudDisk } = await loadStorageTerms(app.db);
  return { freeGb: cloudDisk.freeGb, pricePerGbMonth: cloudDisk.monthPricePerGb };
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/get',
    {
      schema: {
        tags,
        summary: '某地区云盘的开通状态、用量、容量与价格',
        querystring: RegionQuery,
        response: { 200: Envelope(CloudDiskInfo) },
      },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      const regionCode = await checkRegion(app, request.query.regionCode);
      const disk = await findCloudDisk(app, userId, regionCode);
      const usage = disk ? await cloudDiskUsage(app, userId, regionCode) : { bytes: 0, objects: 0 };
      return ok({
        regionCode,
        activated: disk !== undefined,
        usedBytes: usage.bytes,
        objects: usage.objects,
        quotaBytes: disk?.quotaBytes ?? app.config.cloudDisk.quotaBytes,
        ...(await cloudDiskPrice(app)),
        activatedAt: disk?.activatedAt ?? null,
      });
    },
  );

  app.post(
    '/auth/activation',
    { schema: { tags, summary: '开通某地区的云盘', body: ActivationBody, response: { 200: Envelope(CloudDiskInfo) } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const disk = await activateCloudDisk(app, userId, request.body.regionCode);
      return ok(
        {
          regionCode: disk.regionCode,
          activated: true,
          usedBytes: 0,
          objects: 0,
          quotaBytes: disk.quotaBytes,
          ...(await cloudDiskPrice(app)),
          activatedAt: disk.activatedAt,
        },
        '云盘开通成功',
      );
    },
  );

  app.get(
    '/auth/list',
    {
      schema: {
        tags,
        summary: '列出云盘某目录（文件夹为公共前缀，按续取令牌分页）',
        querystring: ListQuery,
        response: { 200: Envelope(ListResult) },
      },
    },
    async (request) => {
      const disk = await openCloudDisk(app, currentUser(request).id, request.query.regionCode);
      return ok(await listFolder(app, disk, checkPrefix(request.query.prefix), request.query.continuationToken));
    },
  );

  app.post(
    '/auth/folder',
    {
      schema: {
        tags,
        summary: '在云盘某目录下新建文件夹',
        body: FolderBody,
        response: { 200: Envelope(FolderResult) },
      },
    },
    async (request) => {
      const disk = await openCloudDisk(app, currentUser(request).id, request.body.regionCode, 'write');
      const key = `${newObjectKey(request.body.prefix, request.body.name)}/`;
      await createFolder(app, disk, key);
      return ok({ key }, '文件夹已创建');
    },
  );

  app.post(
    '/auth/single-presigned',
    {
      schema: {
        tags,
        summary: '单个小文件的预签名 PUT 地址（先按申报大小检查容量）',
        body: SinglePresignedBody,
        response: { 200: Envelope(SinglePresignedResult) },
      },
    },
    async (request) => {
      const { regionCode, prefix, fileName, fileSize } = request.body;
      const disk = await openCloudDisk(app, currentUser(request).id, regionCode, 'write');
      return ok(await presignSingleUpload(app, disk, newObjectKey(prefix, fileName), fileSize));
    },
  );

  app.post(
    '/auth/multipar-presigned',
    {
      schema: {
        tags,
        summary: '创建分片上传并签发每个分片的预签名 PUT 地址（先按申报大小检查容量）',
        body: MultipartPresignedBody,
        response: { 200: Envelope(MultipartPresignedResult) },
      },
    },
    async (request) => {
      const { regionCode, prefix, fileName, fileSize, chunkSize } = request.body;
      const disk = await openCloudDisk(app, currentUser(request).id, regionCode, 'write');
      return ok(await startMultipartUpload(app, disk, newObjectKey(prefix, fileName), fileSize, chunkSize));
    },
  );

  app.post(
    '/auth/complete-multipar',
    { schema: { tags, summary: '合并分片，完成上传', body: CompleteMultipartBody, response: { 200: Envelope(StoredObjectResult) } } },
    async (request) => {
      const { regionCode, prefix, fileName, uploadId, parts, fileSize } = request.body;
      const disk = await openCloudDisk(app, currentUser(request).id, regionCode, 'write');
      return ok(await completeMultipartUpload(app, disk, newObjectKey(prefix, fileName), uploadId, parts, fileSize), '文件上传成功');
    },
  );

  app.post(
    '/auth/download-presigned',
    {
      schema: {
        tags,
        summary: '文件的预签名下载地址（支持断点续传）',
        body: DownloadPresignedBody,
        response: { 200: Envelope(DownloadPresignedResult) },
      },
    },
    async (request) => {
      const disk = await openCloudDisk(app, currentUser(request).id, request.body.regionCode);
      return ok(await presignDownload(app, disk, checkObjectKey(request.body.key)));
    },
  );

  app.delete(
    '/auth/delete',
    { schema: { tags, summary: '删除文件（键以 / 结尾时删除整个文件夹）', body: DeleteBody, response: { 200: Envelope(DeleteResult) } } },
    async (request) => {
      const disk = await openCloudDisk(app, currentUser(request).id, request.body.regionCode);
      const keys = request.body.keys.map(checkObjectKey);
      return ok({ deleted: await deleteObjects(app, disk, keys) }, '删除成功');
    },
  );
};

export default routes;
