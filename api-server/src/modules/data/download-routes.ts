import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { DownloadListBody, DownloadRecordView } from '@rc/api-contract/data/download';
import { ok } from '../../envelope.js';
import { pageWindow } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import { pageOfDownloads } from '../../storage/index.js';

const tags = ['我的下载'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/download/list',
    {
      schema: {
        tags,
        summary: '我的下载记录（并说明文件是否仍在）',
        body: DownloadListBody,
        response: { 200: Envelope(Page(DownloadRecordView)) },
      },
    },
    async (request) => {
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const { list, total } = await pageOfDownloads(app, currentUser(request).id, { limit: pageSize, offset });
      return ok({ list, total, pageNum, pageSize });
    },
  );
};

export default routes;
